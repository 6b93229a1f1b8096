#include "tools/tabula/ending.h"

#include "core/rules/undo.h"
#include "tools/tabula/quiet_engine.h"

namespace tabula::cli {

bool loses_at_once(Engine& e, const State& s, int seat, const std::string& option) {
  State t = s;
  ApplyResult r;
  {
    QuietEngine quiet(e);
    r = e.apply(t, seat, option);
  }
  if (!r.ok || !t.over || informs(e, s, t).why != UndoLimit::Why::None) return false;
  const Value& winners = t.result.get("winners");
  if (!winners.is_list()) return false;  // a game without winners (a practice) ends as it should
  for (const Value& w : winners.items())
    if (w.as_int() == seat + 1) return false;  // a winning move needs no second thought
  return true;
}

}  // namespace tabula::cli
