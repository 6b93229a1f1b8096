// tabula play: a game in the terminal. Human seats read numbered choices
// from stdin; the other seats' agents (tools/tabula/seat_kinds.h) choose by themselves. A human sees only what
// Engine::view_json shows their seat.
#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <memory>
#include <map>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <unistd.h>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/rules/subset.h"
#include "core/search/playout.h"
#include "core/view/screen.h"
#include "tools/tabula/common.h"
#include "tools/tabula/plain_screen.h"
#include "tools/tabula/seat_kinds.h"
#include "tools/tabula/play_commands.h"
#include "tools/tabula/play_reload.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

// Card texts after long option labels are wrapped at this width.
constexpr size_t kOptionWidth = 110;

// `line` broken between words into lines of at most `width` characters
// (UTF-8 characters, not bytes), each after the first starting with
// `indent`; every line ends with a newline.
std::string wrapped(const std::string& line, size_t width, const std::string& indent) {
  auto chars = [](const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
  };
  std::string out, current;
  size_t at = 0;
  while (at < line.size()) {
    size_t end = line.find(' ', at + 1);
    if (end == std::string::npos) end = line.size();
    const std::string word = line.substr(at, end - at);  // with its leading space, but the first
    if (!current.empty() && chars(current) + chars(word) > width && word.front() == ' ') {
      out += current + "\n";
      current = indent + word.substr(1);
    } else {
      current += word;
    }
    at = end;
  }
  return out + current + "\n";
}

class Table {
 public:
  Table(Engine& e, std::vector<SeatKind> kinds, std::string lang) : e_(&e), kinds_(std::move(kinds)), lang_(std::move(lang)) {
    for (const auto& k : kinds_) human_.push_back(k.base == SeatKind::Base::Human);
    humans_ = static_cast<int>(std::count(human_.begin(), human_.end(), true));
  }

  std::string seat_name(int seat) const {
    const SeatKind& k = kinds_[static_cast<size_t>(seat)];
    const std::string who = k.base == SeatKind::Base::Bot ? k.bot.name.get(lang_) : ui(lang_, kind(seat));
    return ui(lang_, Ui::Seat, std::to_string(seat + 1)) + " (" + who + ")";
  }
  // The seat as the start lists it: a greedy seat that plays at random says why.
  std::string seat_line(int seat) const {
    const SeatKind& k = kinds_[static_cast<size_t>(seat)];
    if (k.base == SeatKind::Base::Greedy && k.plays_at_random(*e_)) return seat_name(seat) + " — " + ui(lang_, Ui::GreedyAtRandom);
    if (k.base == SeatKind::Base::Mcts && k.text != "mcts") return seat_name(seat) + " — " + k.text;
    if (k.base == SeatKind::Base::Bot) {  // its kind and overrides, and how it plays
      const std::string about = k.bot.about.get(lang_);
      return seat_name(seat) + " — " + k.text + " (" + k.bot.kind_name() + ")" + (about.empty() ? "" : ": " + about);
    }
    return seat_name(seat);
  }
  // Who reads what is said to the whole table: with no person at it, a
  // watcher who sees everything; with one, that seat; with several sharing
  // the screen, only what an onlooker may see.
  int reader() const {
    if (humans_ == 0) return Engine::kAllSeeing;
    if (humans_ == 1) return static_cast<int>(std::find(human_.begin(), human_.end(), true) - human_.begin());
    return -1;
  }
  // The seat's real kind: greedy without a rating plays at random; a bot
  // by what it is underneath.
  Ui kind(int seat) const {
    const SeatKind& k = kinds_[static_cast<size_t>(seat)];
    switch (k.base) {
      case SeatKind::Base::Human: return Ui::Human;
      case SeatKind::Base::Random: return Ui::Random;
      case SeatKind::Base::Greedy: return k.plays_at_random(*e_) ? Ui::Random : Ui::Greedy;
      case SeatKind::Base::Mcts: return Ui::Mcts;
      case SeatKind::Base::Bot:
        return k.bot.kind == BotDef::Kind::Greedy ? Ui::Greedy : k.bot.kind == BotDef::Kind::Mcts ? Ui::Mcts : Ui::Random;
    }
    return Ui::Random;
  }

  // A line about what happened. With a person at the table it waits for
  // the next screen and is printed under it, next to the question, where
  // the person reads: a screen is taller than a terminal.
  void say(const std::string& line) {
    if (humans_ == 0) std::cout << line << "\n";
    else recent_.push_back(line);
  }
  void flush() {
    for (const auto& line : recent_) std::cout << line << "\n";
    recent_.clear();
  }

  // Journal lines a watcher at this table may read now; with several human
  // seats, private lines wait for their seat's next turn.
  void journal(const State& s) {
    for (const auto& l : s.journal) {
      const std::string text = e_->render_line(s, l, lang_, l.seat < 0 ? reader() : humans_ == 0 ? Engine::kAllSeeing : l.seat);
      if (l.seat < 0) say("  | " + text);
      else if (humans_ == 0) say("  | [" + ui(lang_, Ui::Seat, std::to_string(l.seat + 1)) + "] " + text);
      else if (l.seat < static_cast<int>(human_.size()) && human_[l.seat]) {
        if (humans_ == 1) say("  | " + text);
        else held_[l.seat].push_back(text);
      }
    }
  }

  // What `seat` sees before it chooses: the pack's screen when it has one,
  // else the generic one; then who else is still deciding.
  void situation(const State& s, int seat) {
    std::cout << "\n" << ui(lang_, Ui::ToChoose, seat_name(seat)) << "\n";
    for (const auto& line : screen(s, seat)) std::cout << line << "\n";
    if (!recent_.empty() || !held_[seat].empty()) std::cout << "\n";
    flush();
    for (const auto& t : held_[seat]) std::cout << "  | " << ui(lang_, Ui::Private) << " " << t << "\n";
    held_[seat].clear();
    json v = json::parse(e_->view_json(s, seat, lang_));
    for (const auto& d : v["decisions"])
      if (d.value("waiting", false)) {
        const std::string who = std::to_string(d["seat"].get<int>());
        std::cout << "  " << (d.contains("prompt") ? ui(lang_, Ui::WaitingFor, who, d["prompt"].get<std::string>())
                                                   : ui(lang_, Ui::WaitingSecret, who))
                  << "\n";
      }
  }

  // The options of `seat`'s decision, numbered, each with its card's text
  // when it offers a card the seat knows.
  void options(const State& s, int seat) {
    json v = json::parse(e_->view_json(s, seat, lang_));
    for (const auto& d : v["decisions"]) {
      if (d.value("waiting", false)) continue;
      size_t i = 0;
      for (const auto& o : d["options"]) {
        std::string line = "  " + std::to_string(++i) + ") " + o["label"].get<std::string>();
        if (o.contains("text")) line += " — " + o["text"].get<std::string>();
        std::cout << wrapped(line, kOptionWidth, "       ");
      }
    }
  }

  // The end of the game as the pack's screen draws it for a person at the
  // table (the first human seat, else an onlooker); without a screen, the
  // result's data in words.
  void ending(const State& s) {
    const auto first = std::find(human_.begin(), human_.end(), true);
    const int seat = first == human_.end() ? -1 : static_cast<int>(first - human_.begin());
    if (Screen::declared(e_->packs()) && !screen_failed_.count(seat)) {
      const std::vector<std::string> lines = screen(s, seat);
      if (!screen_failed_.count(seat)) {
        for (const auto& line : lines) std::cout << line << "\n";
        return;
      }
    }
    std::cout << ui(lang_, Ui::Result) << ":\n";
    for (const auto& line : plain_result(s.result)) std::cout << line << "\n";
  }

  const std::string& lang() const { return lang_; }

  // Plays on with `e`, reloaded packs: their screen is loaded afresh when
  // next drawn, and one that failed before is tried again.
  void use(Engine& e) {
    screens_.clear();
    screen_failed_.clear();
    e_ = &e;
  }

 private:
  // The pack's screen for `seat` (one Lua host per seat, made when it
  // first looks), or the generic screen when the pack has none or its
  // screen failed: a failing screen is named once and not asked again.
  std::vector<std::string> screen(const State& s, int seat) {
    if (Screen::declared(e_->packs()) && !screen_failed_.count(seat)) {
      try {
        auto& sc = screens_[seat];
        if (!sc) sc = std::make_unique<Screen>(*e_);
        return sc->draw(s, seat, lang_);
      } catch (const std::exception& err) {  // a script error, or a view too deep to hand over
        screen_failed_.insert(seat);
        std::cout << ui(lang_, Ui::ScreenFailed, err.what()) << "\n";
      }
    }
    return plain_screen(*e_, s, seat, lang_);
  }

  Engine* e_;
  std::vector<SeatKind> kinds_;
  std::vector<bool> human_;
  std::string lang_;
  int humans_ = 0;
  std::map<int, std::vector<std::string>> held_;
  std::vector<std::string> recent_;  // said since the last screen
  std::map<int, std::unique_ptr<Screen>> screens_;
  std::set<int> screen_failed_;
};

// Only this much of a line is kept: no answer is longer, and a stream
// without newlines (< /dev/zero) must not fill the memory. A line longer
// than kLineEnds ends the input, or such a stream would be read forever.
constexpr size_t kLineKept = 4096;
constexpr size_t kLineEnds = size_t{16} << 20;

// Reads a line into `line` (without its newline); false at the end of input.
// A line longer than kLineKept comes back empty, which no question takes.
bool read_line(std::string& line, const std::string& lang) {
  line.clear();
  std::streambuf* in = std::cin.rdbuf();
  size_t n = 0;
  for (;;) {
    const int c = in->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      if (n == 0) return false;
      break;  // a last line without its newline
    }
    if (c == '\n') break;
    if (++n <= kLineKept) {
      line.push_back(static_cast<char>(c));
    } else if (n > kLineEnds) {
      std::cout << "\n" << ui(lang, Ui::EndlessLine, std::to_string(kLineEnds >> 20));
      return false;
    }
  }
  if (n > kLineKept) line.clear();
  return true;
}

// `line` without the blanks around it.
std::string trimmed(const std::string& line) {
  auto b = line.find_first_not_of(" \t\r");
  auto e = line.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : line.substr(b, e - b + 1);
}

// How a question ended: a choice, `:reload` (the game loop reloads the
// packs and asks again), or quit (q or the end of input).
enum class Answer : uint8_t { Chosen, Reload, Quit };

// Reads a choice 1..n into `k` (from 0).
Answer ask(size_t n, const std::string& lang, size_t& k) {
  std::string line;
  for (;;) {
    std::cout << "> " << std::flush;
    if (!read_line(line, lang)) {
      std::cout << "\n";
      return Answer::Quit;
    }
    line = trimmed(line);
    if (line == "q" || line == "quit" || line == "exit") return Answer::Quit;
    const Typed typed = typed_command(line, lang);
    if (typed == Typed::Reload) return Answer::Reload;
    if (typed == Typed::Command) continue;
    auto [p, ec] = std::from_chars(line.data(), line.data() + line.size(), k);
    if (ec == std::errc() && p == line.data() + line.size() && k >= 1 && k <= n) {
      --k;
      return Answer::Chosen;
    }
    std::cout << ui(lang, Ui::EnterNumber, std::to_string(n)) << "\n";
  }
}

// "2", or "0-3": how many options a subset decision wants.
std::string pick_range(const Decision& d) {
  return d.pick_min == d.most() ? std::to_string(d.pick_min) : std::to_string(d.pick_min) + "-" + std::to_string(d.most());
}

// Reads a set of options for a subset decision: numbers 1..n separated by
// spaces (or commas), "none" or "-" for the empty set, until q or the end of
// input; bad input is explained and asked again.
Answer ask_set(const Decision& d, const std::string& lang, std::vector<size_t>& out) {
  const size_t n = d.options.size();
  std::string line;
  for (;;) {
    std::cout << "> " << std::flush;
    if (!read_line(line, lang)) {
      std::cout << "\n";
      return Answer::Quit;
    }
    const Typed typed = typed_command(trimmed(line), lang);
    if (typed == Typed::Reload) return Answer::Reload;
    if (typed == Typed::Command) continue;
    for (char& c : line)
      if (c == ',' || c == '\t' || c == '\r') c = ' ';
    std::vector<std::string> words;
    for (size_t at = 0; (at = line.find_first_not_of(' ', at)) != std::string::npos;) {
      const size_t end = std::min(line.find(' ', at), line.size());
      words.push_back(line.substr(at, end - at));
      at = end;
    }
    if (words.size() == 1 && (words[0] == "q" || words[0] == "quit" || words[0] == "exit")) return Answer::Quit;
    out.clear();
    bool ok = !words.empty();
    if (words.size() == 1 && (words[0] == "none" || words[0] == "-")) words.clear();
    for (const auto& w : words) {
      size_t k = 0;
      auto [p, ec] = std::from_chars(w.data(), w.data() + w.size(), k);
      if (ec != std::errc() || p != w.data() + w.size() || k < 1 || k > n) ok = false;
      else out.push_back(k - 1);
    }
    std::string why = ok ? check_subset(d, out) : "";
    if (ok && why.empty()) return Answer::Chosen;
    if (!why.empty()) std::cout << why << "\n";
    std::cout << ui(lang, Ui::EnterSet, pick_range(d), std::to_string(n), d.pick_min == 0 ? ui(lang, Ui::NoneHint) : "")
              << "\n";
  }
}

// The labels of a set's options, for "seat 2 chose: ...".
std::string set_labels(const Engine& e, const State& s, const Decision& d, const std::vector<size_t>& set,
                       const std::string& lang, int reader) {
  std::string out;
  for (size_t i : set) out += (out.empty() ? "" : ", ") + e.label(s, d, d.options[i], lang, reader);
  return out.empty() ? ui(lang, Ui::NoneChosen) : out;
}

void write_log(const std::string& path, const GameLog& log) {
  std::ofstream f(path);
  if (!f) throw CliError("cannot write the log file '" + path + "'");
  f << log.to_json() << "\n";
  std::cout << "log written to " << path << "\n";
}

}  // namespace

int cmd_play(const PlayArgs& a) {
  std::string setup = a.setup;
  if (a.practice) {
    if (!setup.empty()) throw CliError("give --practice or --setup, not both");
    setup = "practice-" + std::to_string(a.practice);
  }
  Opened o = open_engine(a.pack, a.with);
  // `ai` is the old name of greedy; the packs' bots are kinds too.
  std::vector<SeatKind> kinds = parse_seat_kinds(a.seats, true, "--seats", &o.engine->packs().bots);
  if (std::string why = unloggable(o.log_packs); !a.log.empty() && !why.empty()) throw CliError("--log: " + why);
  std::unique_ptr<Engine> engine = std::move(o.engine);
  Engine* e = engine.get();  // another after a :reload
  uint64_t digest = pack_files_digest(e->packs());
  if (a.players > 0 && !kinds.empty() && a.players != static_cast<int>(kinds.size()))
    throw CliError("--players " + std::to_string(a.players) + " but --seats names " + std::to_string(kinds.size()) +
                   " seat" + (kinds.size() == 1 ? "" : "s") + ": give one of them, or as many kinds as players");
  GameSetup g = game_setup(e->packs(), setup, a.players > 0 ? a.players : static_cast<int>(kinds.size()));
  if (kinds.empty()) kinds = parse_seat_kinds(std::vector<std::string>(static_cast<size_t>(g.seats), "greedy"), true);
  if (a.seats.empty()) kinds[0] = parse_seat_kinds({"human"}, true)[0];
  std::vector<bool> human;
  for (const auto& k : kinds) human.push_back(k.base == SeatKind::Base::Human);
  uint64_t seed = a.has_seed ? a.seed : (static_cast<uint64_t>(std::random_device{}()) << 32 | std::random_device{}());

  Table table(*e, kinds, a.lang);
  std::cout << e->packs().layers.back().name.get(a.lang) << " (" << e->packs().id() << ")";
  if (!setup.empty()) {
    auto named = e->packs().setups.find(setup);
    std::cout << ", " << ui(a.lang, Ui::Setup) << " " << setup;
    if (named != e->packs().setups.end() && named->second.name.en != setup) std::cout << " (" << named->second.name.get(a.lang) << ")";
  }
  // No seed here: the hidden cards and the random seats' choices follow from
  // it. It is printed when the game ends, for the replay.
  std::cout << "\n";
  for (int i = 0; i < g.seats; ++i) std::cout << "  " << table.seat_line(i) << "\n";

  State s;
  std::vector<ChanceEvent> met;  // the chance events of the start, then of each choice, for the log
  e->record_chance(&met);
  try {
    s = e->new_game(seed, g.seats, g.options);
  } catch (const ScriptError& err) {
    throw CliError(std::string("the game does not start: ") + err.what());
  }
  GameLog log;
  log.packs = o.log_packs;
  log.seed = seed;
  log.seats = g.seats;
  log.options = g.options;
  log.start_hash = s.hash();
  log.start_draws = static_cast<int64_t>(s.rng.draws());
  log.chance_logged = true;
  log.start_chance = logged_chance(met);
  table.journal(s);

  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<InfoSetAgent*> searching;  // told about a :reload
  for (int i = 0; i < g.seats; ++i) {
    const uint64_t agent_seed = derive_seed(seed, static_cast<uint64_t>(i));
    agents.push_back(make_agent(kinds[static_cast<size_t>(i)], *e, agent_seed));
    if (auto* searcher = dynamic_cast<InfoSetAgent*>(agents.back().get())) searching.push_back(searcher);
  }
  const bool any_human = std::count(human.begin(), human.end(), true) > 0;
  int status = 0;
  bool quit = false;

  // :reload: the packs as they are on disk now, with this state in them;
  // when that fails the old packs and state stay. Either way what happened
  // shows under the screen, and the same question is asked again.
  auto reload = [&] {
    Reload r = reload_packs(*e, s, a.pack, a.with, digest, a.lang);
    for (const auto& line : r.report) table.say(line);
    if (!r.engine) return;
    // The log replays on one set of packs: it records that this game had two.
    if (r.digest != digest) log.reloads.push_back(log.choices.size());
    table.use(*r.engine);
    engine = std::move(r.engine);
    e = engine.get();
    e->record_chance(&met);
    for (InfoSetAgent* ai : searching) ai->use(*e);
    s = std::move(r.state);
    digest = r.digest;
  };

  while (!s.over && !quit) {
    if (s.pending.empty()) {
      std::cout << "error: the game stopped without a decision\n";
      status = 1;
      break;
    }
    std::vector<int> seats;
    for (const auto& d : s.pending) seats.push_back(d.seat);
    std::sort(seats.begin(), seats.end());
    for (int seat : seats) {
      const Decision* d = s.pending_for(seat);
      if (!d) continue;
      if (d->options.empty()) {
        table.flush();
        std::cout << "error: " << table.seat_name(seat) << " must decide \"" << e->prompt(s, *d, a.lang, table.reader()) << "\" but has no options\n";
        status = 1;
        quit = true;
        break;
      }
      std::string option;
      std::vector<size_t> set;
      if (d->subset() && seat < static_cast<int>(human.size()) && human[seat]) {
        table.situation(s, seat);
        std::cout << e->prompt(s, *d, a.lang, seat) << "\n" << ui(a.lang, Ui::PickSet, pick_range(*d), d->pick_min == 0 ? ui(a.lang, Ui::NoneHint) : "") << "\n";
        table.options(s, seat);
        const Answer answer = ask_set(*d, a.lang, set);
        if (answer == Answer::Reload) {
          reload();
          break;  // from the top: `d` was the old state's
        }
        if (answer == Answer::Quit) {
          quit = true;
          break;
        }
        option = subset_id(*d, set);
        // Echoed for transcripts, except a secret choice: the other seats have not decided yet.
        if (!isatty(STDIN_FILENO))
          std::cout << (d->secret ? ui(a.lang, Ui::SecretChoice, table.seat_name(seat))
                                  : ui(a.lang, Ui::Chose, table.seat_name(seat), set_labels(*e, s, *d, set, a.lang, seat)))
                    << "\n";
      } else if (d->subset()) {
        agents[seat]->choose_subset(s, *d, set);
        check_subset(*d, set);  // sorts: the option string lists the set in option order
        option = subset_id(*d, set);
        table.say(d->secret && any_human ? ui(a.lang, Ui::SecretChoice, table.seat_name(seat))
                                         : ui(a.lang, Ui::Chose, table.seat_name(seat), set_labels(*e, s, *d, set, a.lang, table.reader())));
      } else if (seat < static_cast<int>(human.size()) && human[seat]) {
        table.situation(s, seat);
        std::cout << e->prompt(s, *d, a.lang, seat) << "\n";
        table.options(s, seat);
        size_t k = 0;
        const Answer answer = ask(d->options.size(), a.lang, k);
        if (answer == Answer::Reload) {
          reload();
          break;  // from the top: `d` was the old state's
        }
        if (answer == Answer::Quit) {
          quit = true;
          break;
        }
        option = d->options[k].id;
        if (!isatty(STDIN_FILENO))
          std::cout << (d->secret ? ui(a.lang, Ui::SecretChoice, table.seat_name(seat))
                                  : ui(a.lang, Ui::Chose, table.seat_name(seat), e->label(s, *d, d->options[k], a.lang)))
                    << "\n";
      } else {
        size_t k = 0;
        try {
          k = agents[seat]->choose(s, *d);
        } catch (const std::exception& err) {
          table.flush();
          std::cout << "error: " << table.seat_name(seat) << " cannot choose: " << err.what() << "\n";
          status = 1;
          quit = true;
          break;
        }
        const Option& pick = d->options[k];
        option = pick.id;
        table.say(d->secret && any_human ? ui(a.lang, Ui::SecretChoice, table.seat_name(seat))
                                         : ui(a.lang, Ui::Chose, table.seat_name(seat), e->label(s, *d, pick, a.lang, table.reader())));
      }
      ApplyResult r = e->apply(s, seat, option);
      if (!r.ok) {
        table.flush();
        std::cout << "error: " << r.error << "\n";
        if (human[seat]) {
          std::cout << ui(a.lang, Ui::NothingChanged) << "\n";
          break;  // the decision is still open: ask again
        }
        status = 1;
        quit = true;
        break;
      }
      log.choices.push_back({seat, option, s.hash(), s.rng.draws(), logged_chance(met)});
      table.journal(s);
      if (s.over) break;
    }
  }

  table.flush();
  const std::string made = ui_choices(a.lang, log.choices.size());
  if (s.over) {
    std::cout << "\n" << ui(a.lang, Ui::GameOver, made) << "\n";
    table.ending(s);
    if (!s.result_text.empty()) std::cout << e->render(s, s.result_text, a.lang, table.reader()) << "\n";
  } else if (status == 0) {
    std::cout << ui(a.lang, Ui::QuitAfter, made) << "\n";
  }
  std::cout << ui(a.lang, Ui::SeedLine) << " " << seed << "\n";  // only now: see the start
  if (!log.reloads.empty()) std::cout << ui(a.lang, Ui::RulesChanged, ui_choices(a.lang, log.reloads.front())) << "\n";
  if (!a.log.empty()) write_log(a.log, log);
  return status;
}

}  // namespace tabula::cli
