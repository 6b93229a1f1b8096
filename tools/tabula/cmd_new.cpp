// tabula new pack: a small complete game to start from (a race: each seat in
// turn moves 1 or 2 steps; the first to reach the goal wins), with its
// texts in English and Czech and a scenario that plays a whole game. The
// layer and card skeletons are in cmd_new_layer.cpp and cmd_new_card.cpp.
#include <algorithm>
#include <filesystem>
#include <iostream>

#include "tools/tabula/cmd_new.h"
#include "tools/tabula/new_files.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// The race's numbers, written into pack.toml and played by the scenario.
constexpr int kGoal = 10;

std::string pack_toml(const std::string& id, int seats) {
  const std::string name = toml_string(title_of(id));
  return "# " + id + R"(: a race, written by `tabula new pack` as a start for a game of
# your own. Each seat in turn moves 1 or 2 steps; the first to reach the
# goal wins. This file declares the seats, the numbers and the flow;
# rules.lua is the game; texts.toml is everything it says (docs/packs.md).
[pack]
id = ")" + id + R"("
name = { en = )" + name + ", cs = " + name + R"( }
version = "0.1.0"
rules = "rules.lua"
texts = ["texts.toml"]

[seats]
min = 1
max = )" + std::to_string(std::max(seats, 4)) + R"(
default = )" + std::to_string(seats) + R"(
counters = { steps = 0 }   # every seat's steps so far

[params]
goal = )" + std::to_string(kGoal) + R"(      # steps that win
moves = [1, 2]  # what a seat may move on its turn

[flow]
root = "game"
[flow.game]
steps = ["turns"]
[flow.turns]    # seat 1 starts; reaching the goal ends the game at once
repeat = 0
until = "finished"
each_seat = true
hook = "turn"
)";
}

const char* kRulesLua = R"LUA(-- The race. A seat's steps are its counter "steps"; the numbers are the
-- pack's parameters, so a layer changes them without touching this file.
local T = tabula
local M = {}

local GOAL, MOVES = T.param("goal"), T.param("moves")

-- The turn of the flow's seat: ask how far it moves.
function M.turn(ctx)
  local steps = T.counter(ctx.seat, "steps")
  T.decide {
    seat = ctx.seat,
    prompt = { "race.move", steps = steps, goal = GOAL },
    options = MOVES,
    label = "race.by",
    on_choice = "move",
    args = { seat = ctx.seat },
  }
end

function M.move(ctx)
  local seat = ctx.args.seat
  local steps = T.add_counter(seat, "steps", ctx.choice)
  T.log { "race.moved", seat = seat, n = ctx.choice, steps = steps }
  if steps >= GOAL then
    local scores = {}
    for s = 1, T.seats() do scores[s] = T.counter(s, "steps") end
    T.game_over({ winners = { seat }, scores = scores }, { "race.wins", seat = seat })
  end
end

-- Asked before every round of turns: a game that was won has ended already,
-- so this only stops a race that nobody can finish (a goal of 0 or less).
function M.finished()
  return GOAL <= 0
end

return M
)LUA";

const char* kTextsToml = R"TOML(# What the race says, in English and Czech; {name} takes the argument the
# script gives (docs/packs.md, "Texts").
[race]
move = { en = "How far do you move? (you are at {steps} of {goal})", cs = "O kolik postoupíš? (jsi na {steps} z {goal})" }
by = { en = "move {id}", cs = "o {id}" }
moved = { en = "Seat {seat} moves {n} to {steps}", cs = "Hráč {seat} postoupí o {n} na {steps}" }
wins = { en = "Seat {seat} reaches the goal and wins", cs = "Hráč {seat} dobíhá do cíle a vítězí" }
)TOML";

// A whole game: seat 1 always moves 2 and wins; every other seat moves 1.
std::string scenario_toml(const std::string& id, int seats) {
  std::string t = "# Written by `tabula new pack`: a whole game of " + id +
                  ", choice by choice\n# (docs/scenarios.md). Run it with `tabula scenario` after every change.\n"
                  "[scenario]\nname = " +
                  toml_string(title_of(id) + ": seat 1 moves 2 a turn and wins") + "\npack = \"..\"\nseats = " +
                  std::to_string(seats) + "\nseed = 1\nfinish = \"over\"\n";
  const int rounds = (kGoal + 1) / 2;
  for (int r = 1; r <= rounds; ++r)
    for (int s = 1; s <= (r < rounds ? seats : 1); ++s) {
      t += "\n[[step]]\nseat = " + std::to_string(s) + "\n";
      if (r == 1) t += "ask = \"How far do you move?\"\noptions = [\"1\", \"2\"]\n";
      t += std::string("choose = \"") + (s == 1 ? "2" : "1") + "\"\n";
    }
  std::string scores = std::to_string(kGoal);
  for (int s = 2; s <= seats; ++s) scores += ", " + std::to_string(rounds - 1);
  t += "\n[expect]\n\"game.over\" = true\n\"seat1.steps\" = " + std::to_string(kGoal) +
       "\n\"game.result\" = { winners = [1], scores = [" + scores + "] }\n\"log.keys\" = [\"race.moved\"]\n";
  return t;
}

}  // namespace

std::string packs_flags() {
  std::string out;
  for (const auto& d : extra_pack_dirs()) out += " --packs " + shown_path(d);
  return out;
}

std::string new_pack_id(const NewArgs& a) {
  if (!a.id.empty()) {
    check_plain_id(a.id, "pack id");
    return a.id;
  }
  const fs::path folder = fs::absolute(a.dir).lexically_normal();
  std::string id = folder.filename().string();
  if (id.empty()) id = folder.parent_path().filename().string();
  try {
    check_plain_id(id, "pack id");
  } catch (const CliError& e) {
    throw CliError(std::string(e.what()) + "; give one with --id");
  }
  return id;
}

int new_pack(const NewArgs& a) {
  const std::string id = new_pack_id(a);
  const fs::path dir = a.dir;
  NewFiles files(dir.string());
  files.create("pack.toml", pack_toml(id, a.seats), "seats, numbers and flow");
  files.create("rules.lua", kRulesLua, "the game");
  files.create("texts.toml", kTextsToml, "English and Czech");
  const std::string scenario_file = "scenarios/" + id + ".toml";
  files.create(scenario_file, scenario_toml(id, a.seats), "a whole game, choice by choice");
  const std::string scenario = (dir / scenario_file).string();
  files.write();
  const std::string shown = shown_path(dir.string());
  std::cout << "next:\n"
            << "  tabula check " << shown << "\n"
            << "  tabula scenario " << shown_path(scenario) << "\n"
            << "  tabula play " << shown << "\n"
            << "  tabula run " << shown << " --games 100\n";
  return 0;
}

int cmd_new(const NewArgs& a) {
  if (a.what == "pack") return new_pack(a);
  if (a.what == "layer") return new_layer(a);
  if (a.what == "card") return new_card(a);
  throw CliError("tabula new makes a pack, a layer or a card, not '" + a.what + "'");
}

}  // namespace tabula::cli
