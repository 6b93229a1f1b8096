#include "core/view/screen.h"

#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/rules/kernel.h"

namespace tabula {

Screen::Screen(Engine& engine, const Limits& limits) : engine_(engine) {
  const PackSet& packs = engine.packs();
  if (!declared(packs)) throw ScriptError("", "", "", "screen", "the packs declare no screen script");
  host_ = std::make_unique<LuaHost>(engine.kernel(), packs, limits, HostApi::Screen);
  host_->load_screen(packs.screen);
}

Screen::~Screen() = default;

std::vector<std::string> Screen::draw(const State& s, int seat, std::string_view lang) {
  // The view as the seat's JSON, read back as a kernel value: the screen
  // gets exactly what any other client of the seat would.
  const Value view = value_from_json(nlohmann::json::parse(engine_.view_json(s, seat, lang)), "view");
  host_->set_lang(lang);
  const ScriptFile& file = engine_.packs().screen;
  std::vector<std::string> lines = host_->call_lines(file.key, "draw", view);
  if (const std::string kept = host_->script_state_change(); !kept.empty()) {
    // Drawn from what it kept, the next screen would depend on earlier views
    // (with several people at one terminal, on another seat's).
    throw ScriptError(file.pack, file.key, "", "screen (draw)",
                      "a screen keeps state between calls: " + kept + "; draw from the view alone");
  }
  return lines;
}

}  // namespace tabula
