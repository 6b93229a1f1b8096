// A pack's screen (docs/packs.md, "[screen]"): the pack's Lua function that
// draws what one seat sees as lines of text, for a person at a terminal.
// It runs in a Lua host of its own whose `tabula` reads only the packs
// (HostApi::Screen), and it is handed nothing but that seat's view
// (Engine::view_json): whatever it draws, it cannot show what the seat may
// not know. Only tools draw screens, when a person looks; a playout never
// does.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/rules/engine.h"

namespace tabula {

class LuaHost;

class Screen {
 public:
  // Whether the packs declare a screen script.
  static bool declared(const PackSet& packs) { return !packs.screen.key.empty(); }
  // Loads the packs' screen script (declared() must hold); throws ScriptError.
  explicit Screen(Engine& engine, const Limits& limits = {});
  ~Screen();
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;

  // The lines `seat` (-1: an onlooker) sees now, texts in `lang`: the
  // script's draw(view). Throws ScriptError when the script fails, returns
  // something other than a list of strings, or keeps state between calls
  // (a screen is a function of the view alone).
  std::vector<std::string> draw(const State& s, int seat, std::string_view lang);

 private:
  Engine& engine_;
  std::unique_ptr<LuaHost> host_;
};

}  // namespace tabula
