#include "tools/tabula/lab_configs.h"

#include <chrono>
#include <filesystem>
#include <sstream>

#include "core/pack/text.h"

namespace tabula::cli {

// --config "name=rich with=LAYER set=start_gold=7 seats=mcts,greedy"
ConfigSpec parse_config(const std::string& text) {
  ConfigSpec c;
  std::istringstream words(text);
  std::string w;
  while (words >> w) {
    const size_t eq = w.find('=');
    const std::string key = eq == std::string::npos ? "" : w.substr(0, eq), value = eq == std::string::npos ? "" : w.substr(eq + 1);
    if (value.empty() || (key != "name" && key != "with" && key != "set" && key != "seats"))
      throw UsageError("--config '" + printable(text) + "': '" + printable(w) +
                       "' is not name=LABEL, with=LAYER, set=NAME=VALUE or seats=KIND,KIND");
    if (key == "name") c.name = value;
    else if (key == "with") c.with.push_back(value);
    else if (key == "set") c.sets.push_back(value);
    else {
      std::string item;
      std::istringstream kinds(value);
      while (std::getline(kinds, item, ',')) c.seats.push_back(item);
    }
  }
  if (c.with.empty() && c.sets.empty() && c.seats.empty())
    throw UsageError("--config '" + printable(text) + "' changes nothing: give with=, set= or seats=");
  return c;
}

std::string default_name(const ConfigSpec& c) {
  std::string n;
  for (const auto& w : c.with) n += (n.empty() ? "" : "+") + std::filesystem::path(w).filename().string();
  for (const auto& s : c.sets) n += (n.empty() ? "" : " ") + s;
  if (!c.seats.empty()) {
    std::string k;
    for (const auto& s : c.seats) k += (k.empty() ? "" : ",") + s;
    n += (n.empty() ? "" : " ") + std::string("seats=") + k;
  }
  return n;
}

void open_config(Config& c, const StudyArgs& a) {
  std::vector<std::string> layers = a.base_with;
  layers.insert(layers.end(), c.spec.with.begin(), c.spec.with.end());
  c.opened = open_engine(a.pack, layers, c.spec.sets);
  Engine& e = *c.opened.engine;
  const std::vector<std::string>& items = c.spec.seats.empty() ? a.seats : c.spec.seats;
  std::vector<SeatKind> kinds;
  if (!items.empty()) kinds = parse_seat_kinds(items, false, "--seats", &e.packs().bots);
  const GameSetup g = game_setup(e.packs(), a.setup, static_cast<int>(kinds.size()));
  if (kinds.empty()) kinds.resize(static_cast<size_t>(g.seats));
  c.header = run_header(c.opened, kinds, g, a.seed, a.max_choices, a.setup);  // games: as played
  c.plan = RunPlan{&e, kinds, g, a.seed, a.max_choices, "", {}};
  c.tally = std::make_unique<RunTally>(g.seats);
}

void play_batch(Config& c, uint64_t first, uint64_t last, int jobs, Progress& progress) {
  const auto t0 = std::chrono::steady_clock::now();
  if (c.games.size() < last) c.games.resize(last);
  const size_t seats = static_cast<size_t>(c.header.seats);
  play_games(c.plan, first, last, jobs_wanted(jobs), *c.tally, [&](const GameEnd& end) {
    progress.game(end.how == GameEnd::How::Failed);
    GameFigures& f = c.games[end.index];
    f.finished = end.how == GameEnd::How::Finished;
    f.choices = end.choices;
    f.won = f.finished && end.outcome.has_winners;
    f.scored = f.finished && end.outcome.has_scores;
    f.credit.assign(seats, 0.0);
    for (int w : end.outcome.winners) f.credit[static_cast<size_t>(w)] = 1.0 / static_cast<double>(end.outcome.winners.size());
    f.scores = end.outcome.scores;
  });
  c.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  c.header.games = last;
}

}  // namespace tabula::cli
