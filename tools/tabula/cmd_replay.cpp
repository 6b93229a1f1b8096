// tabula replay: load the packs a game log names, replay every choice and
// compare each state hash and RNG draw count with the log.
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <unistd.h>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "tools/tabula/common.h"
#include "tools/tabula/play_input.h"
#include "tools/tabula/play_table.h"
#include "tools/tabula/plain_screen.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

namespace {

// `tabula replay LOG --watch`: the game step by step as `seat` (-1: an
// onlooker) saw it — the screen before each choice, the choice, and what
// it made happen. On a terminal each step waits for a key.
int watch(const ReplayArgs& a, const GameLog& log, Engine& e) {
  const int seat = a.seat - 1;
  if (seat >= log.seats)
    throw CliError("--seat " + std::to_string(a.seat) + ": the game has " + std::to_string(log.seats) + " seats");
  std::vector<State> states;  // at the start, then after each choice
  ReplayReport r;
  try {
    r = replay(e, log, [&](const State& s, size_t) { states.push_back(s); });
  } catch (const ScriptError& err) {
    throw CliError(std::string("the game does not start: ") + err.what());
  }
  if (!r.ok) throw CliError("MISMATCH after " + std::to_string(r.steps) + " of " + std::to_string(log.choices.size()) +
                            " steps: " + r.error + " (nothing to watch past a mismatch)");
  std::vector<SeatKind> kinds;  // unknown in logs of other tools: seats are then named by number alone
  if (log.seat_kinds.size() == static_cast<size_t>(log.seats)) kinds = parse_seat_kinds(log.seat_kinds, true, "play.seats", &e.packs().bots);
  Table table(e, kinds, a.lang, terminal());
  const bool stepping = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
  const size_t total = log.choices.size();
  auto journal = [&](const State& s) {
    for (const auto& l : s.journal) {
      if (l.seat >= 0 && l.seat != seat) continue;
      std::cout << fit(table.term(), "  | " + e.render_line(s, l, a.lang, l.seat < 0 ? seat : l.seat));
    }
  };
  size_t i = 0;
  journal(states[0]);
  while (i <= total) {
    const State& s = states[i];
    if (stepping) clear_screen(table.term());
    std::cout << "\n";
    for (const auto& line : table.screen(s, seat)) std::cout << fit(table.term(), line);
    if (i == total) {
      std::cout << "\n" << (s.over ? ui(a.lang, Ui::GameOver, ui_choices(a.lang, total)) : ui(a.lang, Ui::WatchEnd, ui_choices(a.lang, total), a.log)) << "\n";
      if (!s.result_text.empty()) std::cout << e.render(s, s.result_text, a.lang, seat) << "\n";
      break;
    }
    const LoggedChoice& c = log.choices[i];
    const Decision* d = s.pending_for(c.seat);
    std::string what;
    if (!d) {
      what = c.option;
    } else if (d->secret && c.seat != seat) {
      what = ui(a.lang, Ui::SecretChoice, table.seat_name(c.seat));
    } else {
      std::string label = c.option;
      if (const Option* o = d->find(c.option)) label = e.label(s, *d, *o, a.lang, seat);
      what = ui(a.lang, Ui::ChoseAt, table.seat_name(c.seat), label, e.prompt(s, *d, a.lang, seat));
    }
    std::cout << "\n" << fit(table.term(), ui(a.lang, Ui::WatchHead, std::to_string(i + 1), std::to_string(total), what));
    journal(states[i + 1]);
    if (!stepping) {
      ++i;
      continue;
    }
    std::cout << ui(a.lang, Ui::WatchKeys) << "\n> " << std::flush;
    std::string line;
    if (!read_line(line, a.lang)) break;
    line = trimmed(line);
    size_t n = 0;
    auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), n);
    if (line == "q") break;
    if (line == "b") i = i > 0 ? i - 1 : 0;
    else if (!line.empty() && ec == std::errc() && p == line.data() + line.size()) i = std::min(n > 0 ? n - 1 : 0, total);
    else ++i;
  }
  return 0;
}

}  // namespace

int cmd_replay(const ReplayArgs& a) {
  std::error_code ec;
  // A folder opens as a stream that reads nothing, which would be reported as an empty log.
  if (std::filesystem::is_directory(a.log, ec)) throw CliError("'" + a.log + "' is a folder, not a log file");
  std::ifstream f(a.log);
  if (!f) throw CliError("cannot read the log file '" + a.log + "'");
  std::stringstream text;
  text << f.rdbuf();
  GameLog log;
  try {
    log = GameLog::from_json(text.str());
  } catch (const std::exception& e) {
    throw CliError(a.log + ": " + e.what());
  }
  if (log.packs.empty()) throw CliError(a.log + ": the log names no pack");
  if (std::string why = unreplayable(log); !why.empty()) throw CliError(a.log + ": " + why);
  std::vector<std::string> with(log.packs.begin() + 1, log.packs.end());
  Opened o = open_engine(log.packs.front(), with);
  if (a.watch) return watch(a, log, *o.engine);
  if (a.seat) throw CliError("--seat goes with --watch");
  ReplayReport r;
  try {
    r = replay(*o.engine, log);
  } catch (const ScriptError& e) {
    r.ok = false;
    r.error = std::string("the game does not start: ") + e.what();
  }
  if (a.json) {
    nlohmann::json j = {{"ok", r.ok}, {"steps", r.steps}, {"choices", log.choices.size()}, {"seed", log.seed}};
    if (!r.ok) j["error"] = r.error;
    std::cout << dump_report(j, 2) << "\n";
  } else if (r.ok) {
    std::cout << "OK: " << r.steps << " steps replayed, every state hash matches (pack " << o.engine->packs().id()
              << ", seed " << log.seed << ")\n";
  } else {
    std::cout << "MISMATCH after " << r.steps << " of " << log.choices.size() << " steps: " << r.error << "\n";
  }
  return r.ok ? 0 : 1;
}

}  // namespace tabula::cli
