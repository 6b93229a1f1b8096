#include "tools/tabula/play_table.h"

#include <algorithm>
#include <iostream>
#include <nlohmann/json.hpp>

#include "core/rules/subset.h"
#include "core/state/suggest.h"
#include "tools/tabula/plain_screen.h"
#include "tools/tabula/play_input.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

using nlohmann::json;

namespace {
// How many lines :log shows.
constexpr size_t kLogLines = 30;

}  // namespace

Table::Table(Engine& e, std::vector<SeatKind> kinds, std::string lang, Terminal term)
    : e_(&e), kinds_(std::move(kinds)), lang_(std::move(lang)), term_(term) {
  for (const auto& k : kinds_) human_.push_back(k.base == SeatKind::Base::Human);
  humans_ = static_cast<int>(std::count(human_.begin(), human_.end(), true));
}

std::string seat_title(const Engine& e, const SeatKind& k, int seat, std::string_view lang) {
  Ui kind = Ui::Random;
  switch (k.base) {
    case SeatKind::Base::Human: kind = Ui::Human; break;
    case SeatKind::Base::Random: kind = Ui::Random; break;
    case SeatKind::Base::Greedy: kind = k.plays_at_random(e) ? Ui::Random : Ui::Greedy; break;
    case SeatKind::Base::Mcts: kind = Ui::Mcts; break;
    case SeatKind::Base::Bot: break;
  }
  const std::string who = k.base == SeatKind::Base::Bot ? k.bot.name.get(lang) : ui(lang, kind);
  return ui(lang, Ui::Seat, std::to_string(seat + 1)) + " (" + who + ")";
}

std::string choice_label(const Engine& e, const State& s, const Decision& d, const std::string& option,
                         std::string_view lang, int reader) {
  if (!d.subset()) {
    const Option* o = d.find(option);
    return o ? e.label(s, d, *o, lang, reader) : option;
  }
  std::vector<size_t> set;
  if (!parse_subset(d, option, set).empty()) return option;
  std::string out;
  for (size_t i : set) out += (out.empty() ? "" : ", ") + e.label(s, d, d.options[i], lang, reader);
  return out.empty() ? ui(lang, Ui::NoneChosen) : out;
}

std::string Table::seat_name(int seat) const {
  if (seat < 0 || seat >= static_cast<int>(kinds_.size())) return ui(lang_, Ui::Seat, std::to_string(seat + 1));
  return seat_title(*e_, kinds_[static_cast<size_t>(seat)], seat, lang_);
}

std::string Table::seat_line(int seat) const {
  const SeatKind& k = kinds_[static_cast<size_t>(seat)];
  if (k.base == SeatKind::Base::Greedy && k.plays_at_random(*e_)) return seat_name(seat) + " — " + ui(lang_, Ui::GreedyAtRandom);
  if (k.base == SeatKind::Base::Mcts && k.text != "mcts") return seat_name(seat) + " — " + k.text;
  if (k.base == SeatKind::Base::Bot) {  // its kind and overrides, and how it plays
    const std::string about = k.bot.about.get(lang_);
    return seat_name(seat) + " — " + k.text + " (" + k.bot.kind_name() + ")" + (about.empty() ? "" : ": " + about);
  }
  return seat_name(seat);
}

int Table::reader() const {
  if (humans_ == 0) return Engine::kAllSeeing;
  if (humans_ == 1) return static_cast<int>(std::find(human_.begin(), human_.end(), true) - human_.begin());
  return -1;
}

void Table::print(const std::string& line) const { std::cout << fit(term_, line); }

void Table::refresh() { shown_.clear(); }

void Table::say(const std::string& line, int except) {
  if (humans_ == 0) {
    print(line);
    return;
  }
  for (int seat = 0; seat < static_cast<int>(human_.size()); ++seat)
    if (human_[seat] && seat != except) unread_[seat].push_back(line);
  if (except < 0) read_.emplace_back(-1, line);
  else
    for (int seat = 0; seat < static_cast<int>(human_.size()); ++seat)
      if (human_[seat] && seat != except) read_.emplace_back(seat, line);
}

void Table::flush() {
  const int seat = humans_ == 1 ? reader() : facing_;
  auto it = unread_.find(seat);
  if (it == unread_.end()) return;
  for (const auto& line : it->second) print(line);
  it->second.clear();
}

void Table::journal(const State& s) {
  for (const auto& l : s.journal) {
    const std::string text = e_->render_line(s, l, lang_, l.seat < 0 ? reader() : humans_ == 0 ? Engine::kAllSeeing : l.seat);
    if (l.seat < 0) say("  | " + text);
    else if (humans_ == 0) say("  | [" + ui(lang_, Ui::Seat, std::to_string(l.seat + 1)) + "] " + text);
    else if (human(l.seat)) {
      const std::string line = humans_ == 1 ? "  | " + text : "  | " + ui(lang_, Ui::Private) + " " + text;
      unread_[l.seat].push_back(line);
      read_.emplace_back(l.seat, line);
    }
  }
}

bool Table::hand_to(int seat) {
  if (humans_ < 2 || facing_ == seat) return true;
  if (facing_ != -2) clear_screen(term_);  // before the first screen, nothing on it is anyone's
  const std::string who = seat_name(seat);
  std::cout << "\n" << fit(term_, ui(lang_, Ui::HandOff, who, who)) << std::flush;
  std::string line;
  if (!read_line(line, lang_) || trimmed(line) == "q") return false;
  clear_screen(term_);
  facing_ = seat;
  shown_.erase(seat);  // the screen was cleared: show it whole
  return true;
}

void Table::situation(const State& s, int seat) {
  std::cout << "\n" << ui(lang_, Ui::ToChoose, seat_name(seat)) << "\n";
  std::vector<std::string> lines = screen(s, seat);
  auto& last = shown_[seat];
  if (lines == last) {
    std::cout << ui(lang_, Ui::BoardSame) << "\n";
  } else {
    for (const auto& line : lines) print(line);
    last = std::move(lines);
  }
  auto& unread = unread_[seat];
  if (!unread.empty()) std::cout << "\n";
  for (const auto& line : unread) print(line);
  unread.clear();
  json v = json::parse(e_->view_json(s, seat, lang_));
  for (const auto& d : v["decisions"])
    if (d.value("waiting", false)) {
      const std::string who = std::to_string(d["seat"].get<int>());
      print("  " + (d.contains("prompt") ? ui(lang_, Ui::WaitingFor, who, d["prompt"].get<std::string>()) : ui(lang_, Ui::WaitingSecret, who)));
    }
}

void Table::board(const State& s, int seat) {
  std::vector<std::string> lines = screen(s, seat);
  for (const auto& line : lines) print(line);
  shown_[seat] = std::move(lines);
}

std::vector<std::string> Table::question(const State& s, const Decision& d, int seat) {
  std::vector<std::string> shown;
  print(e_->prompt(s, d, lang_, seat));
  if (d.subset()) print(ui(lang_, Ui::PickSet, pick_range(d), d.pick_min == 0 ? ui(lang_, Ui::NoneHint) : ""));
  json v = json::parse(e_->view_json(s, seat, lang_));
  for (const auto& dj : v["decisions"]) {
    if (dj.value("waiting", false)) continue;
    const json& opts = dj["options"];
    std::map<std::string, std::pair<size_t, size_t>> same;  // label -> (how many, seen so far)
    for (const auto& o : opts) ++same[o["label"].get<std::string>()].first;
    size_t i = 0;
    for (const auto& o : opts) {
      const std::string label = o["label"].get<std::string>();
      std::string line = "  " + std::to_string(++i) + ") " + label;
      auto& [count, seen] = same[label];
      if (count > 1) line += " (" + ui(lang_, Ui::NOfM, std::to_string(++seen), std::to_string(count)) + ")";
      if (o.contains("text")) line += " — " + o["text"].get<std::string>();
      shown.push_back(line.substr(line.find(") ") + 2));
      std::cout << wrapped(line, term_.cols, "       ");
    }
  }
  return shown;
}

void Table::log(int seat) const {
  std::vector<const std::string*> lines;
  for (const auto& [who, line] : read_)
    if (who < 0 || who == seat) lines.push_back(&line);
  if (lines.empty()) std::cout << ui(lang_, Ui::LogEmpty) << "\n";
  const size_t from = lines.size() > kLogLines ? lines.size() - kLogLines : 0;
  for (size_t i = from; i < lines.size(); ++i) print(*lines[i]);
}

void Table::card(const std::string& name) const {
  const std::string want = folded(trimmed(name));
  if (want.empty()) {
    std::cout << ui(lang_, Ui::CardHow) << "\n";
    return;
  }
  // Exact names and ids first; else every definition whose name contains it.
  std::vector<const EntityDef*> exact, partial;
  std::vector<std::string> names;
  for (const EntityDef* d : e_->packs().defs) {
    const std::string shown = folded(d->name.get(lang_)), en = folded(d->name.en);
    names.push_back(d->name.get(lang_));
    if (shown == want || en == want || folded(d->id) == want) exact.push_back(d);
    else if (shown.find(want) != std::string::npos || en.find(want) != std::string::npos) partial.push_back(d);
  }
  const std::vector<const EntityDef*>& found = exact.empty() ? partial : exact;
  if (found.empty()) {
    std::cout << ui(lang_, Ui::NoCard, name, suggestion(name, names)) << "\n";
    return;
  }
  if (found.size() > 8) {
    std::cout << ui(lang_, Ui::ManyCards, std::to_string(found.size()), name) << "\n";
    return;
  }
  for (const EntityDef* d : found) {
    const std::string text = d->card_text.get(lang_);
    print(d->name.get(lang_) + " (" + d->kind + ")" + (text.empty() ? "" : ": " + text));
  }
}

void Table::ending(const State& s) {
  const int seat = humans_ == 1 ? reader() : -1;
  if (Screen::declared(e_->packs()) && !screen_failed_.count(seat)) {
    const std::vector<std::string> lines = screen(s, seat);
    if (!screen_failed_.count(seat)) {
      for (const auto& line : lines) print(line);
      return;
    }
  }
  std::cout << ui(lang_, Ui::Result) << ":\n";
  for (const auto& line : plain_result(s.result)) print(line);
}

void Table::use(Engine& e) {
  screens_.clear();
  screen_failed_.clear();
  shown_.clear();
  e_ = &e;
}

std::vector<std::string> Table::screen(const State& s, int seat) {
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

}  // namespace tabula::cli
