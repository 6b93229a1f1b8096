// tabula play: a game in the terminal. Human seats read numbered choices
// from stdin; the other seats' agents (tools/tabula/seat_kinds.h) choose by
// themselves. A human sees only what Engine::view_json shows their seat;
// what the table shows is tools/tabula/play_table.h, what a person types
// tools/tabula/play_input.h.
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <unistd.h>

#include "core/io/game_log.h"
#include "core/rules/subset.h"
#include "core/rules/undo.h"
#include "core/search/playout.h"
#include "tools/tabula/common.h"
#include "tools/tabula/ending.h"
#include "tools/tabula/play_input.h"
#include "tools/tabula/play_reload.h"
#include "tools/tabula/play_table.h"
#include "tools/tabula/quiet_engine.h"
#include "tools/tabula/seat_kinds.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

namespace {

void write_log(const std::string& path, const GameLog& log) {
  std::ofstream f(path);
  if (!f) throw CliError("cannot write the log file '" + path + "'");
  f << log.to_json() << "\n";
  std::cout << "log written to " << path << "\n";
}

GameLog read_saved(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw CliError("--resume: '" + path + "' is a folder, not a saved game");
  std::ifstream f(path);
  if (!f) throw CliError("--resume: cannot read '" + path + "'");
  std::stringstream text;
  text << f.rdbuf();
  try {
    GameLog log = GameLog::from_json(text.str());
    if (log.packs.empty()) throw std::runtime_error("the log names no pack");
    if (std::string why = unreplayable(log); !why.empty()) throw std::runtime_error(why);
    return log;
  } catch (const std::exception& err) {
    throw CliError(path + ": " + err.what());
  }
}

// One game at the table: the engine and state, its log, the seats'
// agents, what may be taken back, and each seat's standing answers.
struct Game {
  const PlayArgs& a;
  std::string lang;
  std::unique_ptr<Engine> engine;
  Engine* e = nullptr;  // another after a :reload
  PackFiles files;  // of the packs in play, for :reload
  std::vector<SeatKind> kinds;
  std::unique_ptr<Table> table;
  State s;
  GameLog log;
  std::vector<ChanceEvent> met;  // the chance events of the start, then of each choice, for the log
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<InfoSetAgent*> searching;  // told about a :reload
  UndoHistory undo;
  std::map<int, std::map<int32_t, std::string>> always;  // seat -> prompt text -> option id (:always)
  int status = 0;

  explicit Game(const PlayArgs& args) : a(args) {}

  // A line to the person at the screen, fitted to it.
  void tell(const std::string& line) const { std::cout << fit(table->term(), line); }

  // :reload: the packs as they are on disk now, with this state in them;
  // when that fails the old packs and state stay. Either way what happened
  // shows under the screen, and the same question is asked again.
  void reload() {
    Reload r = reload_packs(*e, s, log.packs.front(), {log.packs.begin() + 1, log.packs.end()}, files, lang);
    for (const auto& line : r.report) table->say(line);
    table->refresh();
    if (!r.engine) return;
    // The log replays on one set of packs: it records that this game had two.
    if (r.files.digest != files.digest) log.reloads.push_back(log.choices.size());
    table->use(*r.engine);
    engine = std::move(r.engine);
    e = engine.get();
    e->record_chance(&met);
    for (InfoSetAgent* ai : searching) ai->use(*e);
    s = std::move(r.state);
    files = std::move(r.files);
    undo.seal();
  }

  // :save FILE: the log so far, which --resume replays; written whole or not at all.
  void save(const std::string& path) {
    if (path.empty()) {
      tell(ui(lang, Ui::SaveNeedsFile));
      return;
    }
    const std::string temporary = path + ".saving";
    try {
      {
        std::ofstream f(temporary);
        if (!f) throw std::runtime_error("cannot write '" + path + "'");
        f << log.to_json() << "\n";
        if (!f.flush()) throw std::runtime_error("cannot write '" + path + "'");
      }
      std::filesystem::rename(temporary, path);
      tell(ui(lang, Ui::Saved, path, path));
    } catch (const std::exception& err) {
      std::error_code ec;
      std::filesystem::remove(temporary, ec);
      tell(ui(lang, Ui::SaveFailed, err.what()));
    }
  }

  // :undo: the state before `seat`'s last choice, and that choice off the log.
  bool take_back(int seat) {
    if (!undo.undo(seat, s)) {
      tell(ui(lang, Ui::CannotUndo, undo_reason(lang, undo.why_not(seat))));
      return false;
    }
    const std::string option = log.choices.back().option;
    log.choices.pop_back();
    const Decision* d = s.pending_for(seat);
    table->say(ui(lang, Ui::Undone, table->seat_name(seat),
                  d ? choice_label(*e, s, *d, option, lang, table->reader() == -1 ? -1 : seat) : option));
    return true;
  }

  enum class Turn : uint8_t { Chosen, Again, Quit };

  // A human seat's answer to `d`: asked, or answered for them when the
  // question has one answer or they said :always.
  Turn human(int seat, const Decision& d, std::string& option) {
    const int reader = table->reader() == -1 ? -1 : seat;
    const std::string prompt = e->prompt(s, d, lang, reader);
    if (!d.subset() && d.options.size() == 1 && !a.ask_all) {
      option = d.options[0].id;
      table->say(d.secret && table->humans() > 1 ? ui(lang, Ui::SecretChoice, table->seat_name(seat))
                                                   : ui(lang, Ui::OnlyOne, table->seat_name(seat), prompt,
                                                        e->label(s, d, d.options[0], lang, reader)));
      return Turn::Chosen;
    }
    if (auto it = always[seat].find(d.prompt.key); it != always[seat].end() && !d.subset() && d.find(it->second)) {
      option = it->second;
      table->say(d.secret && table->humans() > 1 ? ui(lang, Ui::SecretChoice, table->seat_name(seat))
                                                   : ui(lang, Ui::AutoAnswered, table->seat_name(seat), prompt,
                                                        choice_label(*e, s, d, option, lang, reader)));
      return Turn::Chosen;
    }
    if (!table->hand_to(seat)) return Turn::Quit;
    table->situation(s, seat);
    std::vector<std::string> shown = table->question(s, d, seat);
    for (;;) {
      size_t k = 0;
      std::vector<size_t> set;
      const Typed typed = ask(d, shown, lang, k, set);
      switch (typed.kind) {
        case Typed::Kind::Answer:
        case Typed::Kind::Always: {
          if (typed.kind == Typed::Kind::Always) {
            auto [p, ec] = std::from_chars(typed.arg.data(), typed.arg.data() + typed.arg.size(), k);
            if (d.subset() || ec != std::errc() || p != typed.arg.data() + typed.arg.size() || k < 1 || k > d.options.size()) {
              tell(ui(lang, Ui::AutoBad, std::to_string(d.options.size())));
              continue;
            }
            --k;
          }
          option = d.subset() ? subset_id(d, set) : d.options[k].id;
          const std::string label = choice_label(*e, s, d, option, lang, seat);
          if (loses_at_once(*e, s, seat, option)) {
            tell(ui(lang, Ui::ConfirmEnd, label));
            if (!confirmed(lang)) {
              tell(ui(lang, Ui::NothingChanged));
              shown = table->question(s, d, seat);
              continue;
            }
          }
          if (typed.kind == Typed::Kind::Always) {
            always[seat][d.prompt.key] = option;
            tell(ui(lang, Ui::AutoSet, prompt, label));
          }
          // Echoed for transcripts, except a secret choice: the other seats have not decided yet.
          if (!isatty(STDIN_FILENO))
            std::cout << (d.secret ? ui(lang, Ui::SecretChoice, table->seat_name(seat))
                                   : ui(lang, Ui::Chose, table->seat_name(seat), label))
                      << "\n";
          // The other people at the table read it under their next screen, as an onlooker may.
          if (table->humans() > 1)
            table->say(d.secret ? ui(lang, Ui::SecretChoice, table->seat_name(seat))
                                : ui(lang, Ui::ChoseAt, table->seat_name(seat), choice_label(*e, s, d, option, lang, -1),
                                     e->prompt(s, d, lang, -1)),
                       seat);
          return Turn::Chosen;
        }
        case Typed::Kind::Undo:
          if (take_back(seat)) return Turn::Again;
          continue;
        case Typed::Kind::Save: save(typed.arg); continue;
        case Typed::Kind::Board:
          table->board(s, seat);
          shown = table->question(s, d, seat);
          continue;
        case Typed::Kind::Log: table->log(seat); continue;
        case Typed::Kind::Card: table->card(typed.arg); continue;
        case Typed::Kind::Ask:
          always[seat].clear();
          tell(ui(lang, Ui::AutoCleared));
          continue;
        case Typed::Kind::Reload: reload(); return Turn::Again;
        case Typed::Kind::Quit: return Turn::Quit;
        case Typed::Kind::Done: continue;
      }
    }
  }

  // A seat's agent chooses `d`; false when it cannot.
  bool agent(int seat, const Decision& d, std::string& option) {
    const bool hide = d.secret && table->humans() > 0;
    const int reader = table->reader();
    try {
      QuietEngine quiet(*e);  // what it tries while it thinks is not the game's
      if (d.subset()) {
        std::vector<size_t> set;
        agents[seat]->choose_subset(s, d, set);
        check_subset(d, set);  // sorts: the option string lists the set in option order
        option = subset_id(d, set);
        table->say(hide ? ui(lang, Ui::SecretChoice, table->seat_name(seat))
                        : ui(lang, Ui::ChoseAt, table->seat_name(seat), choice_label(*e, s, d, subset_id(d, set), lang, reader),
                             e->prompt(s, d, lang, reader)));
      } else {
        const Option& pick = d.options[agents[seat]->choose(s, d)];
        option = pick.id;
        table->say(hide ? ui(lang, Ui::SecretChoice, table->seat_name(seat))
                        : ui(lang, Ui::ChoseAt, table->seat_name(seat), e->label(s, d, pick, lang, reader),
                             e->prompt(s, d, lang, reader)));
      }
    } catch (const std::exception& err) {
      table->flush();
      std::cout << "error: " << table->seat_name(seat) << " cannot choose: " << err.what() << "\n";
      return false;
    }
    return true;
  }

  // Plays until the game ends, a person quits, or something fails.
  void play() {
    bool quit = false;
    while (!s.over && !quit) {
      if (s.pending.empty()) {
        std::cout << "error: the game stopped without a decision\n";
        status = 1;
        return;
      }
      std::vector<int> seats;
      for (const auto& d : s.pending) seats.push_back(d.seat);
      std::sort(seats.begin(), seats.end());
      for (int seat : seats) {
        const Decision* d = s.pending_for(seat);
        if (!d) continue;
        if (d->options.empty()) {
          table->flush();
          std::cout << "error: " << table->seat_name(seat) << " must decide \"" << e->prompt(s, *d, lang, table->reader())
                    << "\" but has no options\n";
          status = 1;
          return;
        }
        std::string option;
        const bool person = table->human(seat);
        if (person) {
          const Turn t = human(seat, *d, option);
          if (t == Turn::Quit) quit = true;
          if (t != Turn::Chosen) break;  // from the top: the state changed, or the game ends here
        } else if (!agent(seat, *d, option)) {
          status = 1;
          return;
        }
        State before;
        if (person) before = s;
        ApplyResult r = e->apply(s, seat, option);
        if (!r.ok) {
          table->flush();
          std::cout << "error: " << r.error << "\n";
          if (person) {
            tell(ui(lang, Ui::NothingChanged));
            break;  // the decision is still open: ask again
          }
          status = 1;
          return;
        }
        if (person) undo.chose(*e, before, s, seat);
        else undo.kept(seat);
        log.choices.push_back({seat, option, s.hash(), s.rng.draws(), logged_chance(met)});
        table->journal(s);
        if (s.over) break;
      }
    }
  }
};

}  // namespace

int cmd_play(const PlayArgs& a) {
  Game g(a);
  GameLog saved;
  const bool resuming = !a.resume.empty();
  if (resuming) {
    if (!a.pack.empty() || !a.with.empty() || a.has_seed || !a.setup.empty() || a.practice || a.players)
      throw CliError("--resume continues the saved game with its packs, seed and setup: give only --seats, --lang, --log "
                     "or --ask-all with it");
    saved = read_saved(a.resume);
  } else if (a.pack.empty()) {
    throw CliError("play needs a pack (e.g. tabula play dungeon-lords), or --resume FILE to go on with a saved game");
  }
  g.lang = !a.lang.empty() ? a.lang : !saved.lang.empty() ? saved.lang : "en";
  if (g.lang != "en" && g.lang != "cs") throw CliError(a.resume + ": play.lang: '" + g.lang + "' is not en or cs");
  const std::string pack = resuming ? saved.packs.front() : a.pack;
  const std::vector<std::string> with = resuming ? std::vector<std::string>(saved.packs.begin() + 1, saved.packs.end()) : a.with;
  Opened o = open_engine(pack, with);
  const std::map<std::string, BotDef>* bots = &o.engine->packs().bots;
  // `ai` is the old name of greedy; the packs' bots are kinds too.
  std::vector<SeatKind> kinds = parse_seat_kinds(a.seats, true, "--seats", bots);
  if (resuming && kinds.empty()) {
    if (saved.seat_kinds.empty())
      throw CliError(a.resume + ": the file does not say who sat where (a log of another tool): give --seats");
    kinds = parse_seat_kinds(saved.seat_kinds, true, a.resume + ": play.seats", bots);
  }
  if (std::string why = unloggable(o.log_packs); !a.log.empty() && !why.empty()) throw CliError("--log: " + why);
  g.engine = std::move(o.engine);
  g.e = g.engine.get();
  g.files = pack_files(g.e->packs());
  if (a.players > 0 && !kinds.empty() && a.players != static_cast<int>(kinds.size()))
    throw CliError("--players " + std::to_string(a.players) + " but --seats names " + std::to_string(kinds.size()) +
                   " seat" + (kinds.size() == 1 ? "" : "s") + ": give one of them, or as many kinds as players");
  std::string setup = a.setup;
  if (a.practice) {
    if (!setup.empty()) throw CliError("give --practice or --setup, not both");
    setup = "practice-" + std::to_string(a.practice);
  }
  GameSetup game;
  if (resuming) {
    game.seats = saved.seats;
    game.options = saved.options;
    if (kinds.size() != static_cast<size_t>(game.seats))
      throw CliError("--seats names " + std::to_string(kinds.size()) + " seats, but the saved game has " +
                     std::to_string(game.seats));
  } else {
    game = game_setup(g.e->packs(), setup, a.players > 0 ? a.players : static_cast<int>(kinds.size()));
    if (kinds.empty()) kinds = parse_seat_kinds(std::vector<std::string>(static_cast<size_t>(game.seats), "greedy"), true);
    if (a.seats.empty()) kinds[0] = parse_seat_kinds({"human"}, true)[0];
  }
  const uint64_t seed = resuming ? saved.seed
                        : a.has_seed ? a.seed
                                     : (static_cast<uint64_t>(std::random_device{}()) << 32 | std::random_device{}());

  g.kinds = kinds;
  g.table = std::make_unique<Table>(*g.e, kinds, g.lang, terminal());
  Table& table = *g.table;
  std::cout << g.e->packs().layers.back().name.get(g.lang) << " (" << g.e->packs().id() << ")";
  if (!setup.empty()) {
    auto named = g.e->packs().setups.find(setup);
    std::cout << ", " << ui(g.lang, Ui::Setup) << " " << setup;
    if (named != g.e->packs().setups.end() && named->second.name.en != setup) std::cout << " (" << named->second.name.get(g.lang) << ")";
  }
  // No seed here: the hidden cards and the random seats' choices follow from
  // it. It is printed when the game ends, for the replay.
  std::cout << "\n";
  for (int i = 0; i < game.seats; ++i) std::cout << "  " << table.seat_line(i) << "\n";

  if (resuming) {
    g.log = saved;
    ReplayReport r;
    try {
      r = replay(*g.e, saved, [&](const State& at, size_t made) {
        if (made == saved.choices.size()) g.s = at;
      });
    } catch (const ScriptError& err) {
      r.ok = false;
      r.error = std::string("the game does not start: ") + err.what();
    }
    if (!r.ok) throw CliError(a.resume + ": the saved game does not replay on these packs: " + r.error);
    g.e->record_chance(&g.met);
    g.undo.seal();
    std::cout << ui(g.lang, Ui::Resumed, ui_choices(g.lang, saved.choices.size())) << "\n";
  } else {
    g.e->record_chance(&g.met);
    try {
      g.s = g.e->new_game(seed, game.seats, game.options);
    } catch (const ScriptError& err) {
      throw CliError(std::string("the game does not start: ") + err.what());
    }
    g.log.packs = o.log_packs;
    g.log.seed = seed;
    g.log.seats = game.seats;
    g.log.options = game.options;
    g.log.start_hash = g.s.hash();
    g.log.start_draws = static_cast<int64_t>(g.s.rng.draws());
    g.log.chance_logged = true;
    g.log.start_chance = logged_chance(g.met);
    table.journal(g.s);
  }
  g.log.seat_kinds.clear();
  for (const auto& k : kinds) g.log.seat_kinds.push_back(k.text);
  g.log.lang = g.lang;

  for (int i = 0; i < game.seats; ++i) {
    const uint64_t agent_seed = derive_seed(seed, static_cast<uint64_t>(i));
    g.agents.push_back(make_agent(kinds[static_cast<size_t>(i)], *g.e, agent_seed));
    if (auto* searcher = dynamic_cast<InfoSetAgent*>(g.agents.back().get())) g.searching.push_back(searcher);
  }
  g.play();

  table.flush();
  const std::string made = ui_choices(g.lang, g.log.choices.size());
  if (g.s.over) {
    std::cout << "\n" << ui(g.lang, Ui::GameOver, made) << "\n";
    table.ending(g.s);
    if (!g.s.result_text.empty()) std::cout << g.e->render(g.s, g.s.result_text, g.lang, table.reader()) << "\n";
  } else if (g.status == 0) {
    std::cout << ui(g.lang, Ui::QuitAfter, made) << "\n";
    if (isatty(STDIN_FILENO) && table.humans() > 0 && a.log.empty() && !g.log.choices.empty()) std::cout << fit(table.term(), ui(g.lang, Ui::KeepHint));
  }
  std::cout << ui(g.lang, Ui::SeedLine) << " " << seed << "\n";  // only now: see the start
  if (!g.log.reloads.empty()) std::cout << ui(g.lang, Ui::RulesChanged, ui_choices(g.lang, g.log.reloads.front())) << "\n";
  if (!a.log.empty()) write_log(a.log, g.log);
  return g.status;
}

}  // namespace tabula::cli
