#include "core/state/outcome.h"

#include <algorithm>

namespace tabula {

namespace {

const char* kind_name(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Nil: return "nil";
    case Value::Kind::Bool: return "a boolean";
    case Value::Kind::Int: return "an integer";
    case Value::Kind::Str: return "a string";
    case Value::Kind::List: return "a list";
    case Value::Kind::Dict: return "a table with keys";
  }
  return "?";
}

}  // namespace

std::string read_outcome(const Value& result, int seats, Outcome& out) {
  out = Outcome{};
  if (!result.is_dict()) return "";
  const Value& w = result.get("winners");
  if (!w.is_nil()) {
    // An empty Lua table arrives as an empty list; a list of seats is a list.
    if (!w.is_list()) return std::string("winners must be a list of seats, not ") + kind_name(w);
    out.has_winners = true;
    const List& items = w.items();
    for (size_t i = 0; i < items.size(); ++i) {
      const std::string at = "winners[" + std::to_string(i + 1) + "]";
      if (!items[i].is_int()) return at + " must be a seat number, not " + kind_name(items[i]);
      const int64_t seat = items[i].as_int();
      if (seat < 1 || seat > seats)
        return at + " is seat " + std::to_string(seat) + " but the game has " + std::to_string(seats) + " seat" +
               (seats == 1 ? "" : "s");
      if (std::find(out.winners.begin(), out.winners.end(), static_cast<int>(seat - 1)) != out.winners.end())
        return at + " names seat " + std::to_string(seat) + " twice";
      out.winners.push_back(static_cast<int>(seat - 1));
    }
  }
  const Value& sc = result.get("scores");
  if (!sc.is_nil()) {
    if (!sc.is_list()) return std::string("scores must be a list of integers, one per seat, not ") + kind_name(sc);
    const List& items = sc.items();
    if (items.size() != static_cast<size_t>(seats))
      return "scores has " + std::to_string(items.size()) + " entr" + (items.size() == 1 ? "y" : "ies") +
             " but the game has " + std::to_string(seats) + " seat" + (seats == 1 ? "" : "s");
    out.has_scores = true;
    for (size_t i = 0; i < items.size(); ++i) {
      if (!items[i].is_int()) return "scores[" + std::to_string(i + 1) + "] must be an integer, not " + kind_name(items[i]);
      out.scores.push_back(items[i].as_int());
    }
  }
  return "";
}

}  // namespace tabula
