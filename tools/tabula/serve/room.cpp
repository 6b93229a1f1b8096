#include "tools/tabula/serve/room.h"

#include <algorithm>
#include <iostream>
#include <random>

#include "core/rules/subset.h"
#include "core/search/playout.h"
#include "tools/tabula/common.h"
#include "tools/tabula/ending.h"
#include "tools/tabula/quiet_engine.h"
#include "tools/tabula/play_table.h"
#include "tools/tabula/serve/web_layout.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

std::string title_of(const PackSet& packs, const std::string& setup, const std::string& lang) {
  std::string title = packs.layers.back().name.get(lang);
  if (auto it = packs.setups.find(setup); !setup.empty() && it != packs.setups.end())
    title += " — " + it->second.name.get(lang);
  return title;
}

}  // namespace

Room::Room(std::string room_id, const NewGame& g, RoomFile file) : id(std::move(room_id)), file_(std::move(file)) {
  if (g.lang != "en" && g.lang != "cs") throw Refused(400, "lang: '" + g.lang + "' is not en or cs");
  try {
    Opened o = open_engine(g.pack, g.with);
    engine_ = std::move(o.engine);
    log_.packs = o.log_packs;
    kinds_ = parse_seat_kinds(g.seats, true, "seats", &engine_->packs().bots);
    const GameSetup setup = game_setup(engine_->packs(), g.setup, static_cast<int>(kinds_.size()));
    log_.seats = setup.seats;
    log_.options = setup.options;
  } catch (const CliError& err) {
    throw Refused(400, err.what());
  }
  if (kinds_.empty()) throw Refused(400, "seats: name a kind for each seat (human, random, greedy, mcts or a bot)");
  log_.seed = g.has_seed ? g.seed : (static_cast<uint64_t>(std::random_device{}()) << 32 | std::random_device{}());
  log_.lang = g.lang;
  setup_ = g.setup;
  seat_everyone();
  engine_->record_chance(&met_);
  try {
    s_ = engine_->new_game(log_.seed, log_.seats, log_.options);
  } catch (const ScriptError& err) {
    throw Refused(400, std::string("the game does not start: ") + err.what());
  }
  log_.start_hash = s_.hash();
  log_.start_draws = static_cast<int64_t>(s_.rng.draws());
  log_.chance_logged = true;
  log_.start_chance = logged_chance(met_);
  tell_journal(s_);
  start();
  file_.create(id, setup_, tokens_, log_);
}

Room::Room(RoomFile file) : file_(std::move(file)) {
  RoomFile::Saved saved = file_.read();
  id = saved.id;
  if (!saved.repaired.empty()) std::cerr << "tabula serve: " << file_.path() << ": " << saved.repaired << "\n";
  if (saved.log.packs.empty()) throw std::runtime_error(file_.path() + ": the game names no pack");
  if (std::string why = unreplayable(saved.log); !why.empty()) throw std::runtime_error(file_.path() + ": " + why);
  Opened o = open_engine(saved.log.packs.front(), {saved.log.packs.begin() + 1, saved.log.packs.end()});
  engine_ = std::move(o.engine);
  kinds_ = parse_seat_kinds(saved.log.seat_kinds, true, file_.path() + ": play.seats", &engine_->packs().bots);
  if (kinds_.size() != static_cast<size_t>(saved.log.seats) || saved.tokens.seats.size() != kinds_.size())
    throw std::runtime_error(file_.path() + ": the seats, their kinds and their tokens do not agree");
  try {
    retell(saved.log);
  } catch (const std::exception& err) {
    throw std::runtime_error(file_.path() + ": " + err.what());
  }
  engine_->record_chance(&met_);
  tokens_ = std::move(saved.tokens);
  setup_ = saved.setup;
  version_ = saved.changes;
  undo_.seal();  // what was played before the restart stays
  start();
}

Room::Room(std::string room_id, const GameLog& log, const std::vector<std::string>& seats, RoomFile file)
    : id(std::move(room_id)), file_(std::move(file)) {
  const std::string lang = log.lang.empty() ? "en" : log.lang;
  if (lang != "en" && lang != "cs") throw Refused(400, "log: play.lang: '" + lang + "' is not en or cs");
  if (std::string why = unreplayable(log); !why.empty()) throw Refused(400, "log: " + why);
  try {
    Opened o = open_engine(log.packs.front(), {log.packs.begin() + 1, log.packs.end()});
    engine_ = std::move(o.engine);
    // Who sits where: as asked, else as the log says, else people in every seat.
    std::vector<std::string> kinds = !seats.empty() ? seats : !log.seat_kinds.empty() ? log.seat_kinds
                                     : std::vector<std::string>(static_cast<size_t>(std::max(log.seats, 0)), "human");
    kinds_ = parse_seat_kinds(kinds, true, "seats", &engine_->packs().bots);
  } catch (const CliError& err) {
    throw Refused(400, err.what());
  }
  if (kinds_.size() != static_cast<size_t>(log.seats))
    throw Refused(400, "seats: the game has " + std::to_string(log.seats) + " seats, not " + std::to_string(kinds_.size()));
  try {
    retell(log);
  } catch (const std::exception& err) {
    throw Refused(400, std::string("log: ") + err.what());
  }
  engine_->record_chance(&met_);
  log_.lang = lang;
  seat_everyone();
  undo_.seal();  // the log's choices were made elsewhere
  version_ = log_.choices.size();  // as the file will say: a line per choice
  start();
  file_.create(id, setup_, tokens_, log_);
}

void Room::seat_everyone() {
  log_.seat_kinds.clear();
  for (const auto& k : kinds_) log_.seat_kinds.push_back(k.text);
  int humans = 0;
  for (const auto& k : kinds_) {
    const bool human = k.base == SeatKind::Base::Human;
    humans += human;
    tokens_.seats.push_back(human ? new_token() : "");
  }
  tokens_.watch = new_token();
  if (humans > 1) tokens_.table = new_token();
}

void Room::retell(const GameLog& log) {
  // The story is told again as the game is replayed: log_ grows with it.
  log_ = log;
  log_.choices.clear();
  ReplayReport r = tabula::replay(*engine_, log, [&](const State& at, size_t made) {
    if (made > 0) {
      const LoggedChoice& c = log.choices[made - 1];
      log_.choices.push_back(c);
      tell_choice(s_, c.seat, c.option);
    }
    tell_journal(at);
    s_ = at;
  });
  if (!r.ok) throw std::runtime_error("the game does not replay on these packs: " + r.error);
}

std::string Room::title(const std::string& lang) const { return title_of(engine_->packs(), setup_, lang); }

void Room::start() {
  lang_ = log_.lang.empty() ? "en" : log_.lang;
  note_questions(kEverySeat);
  layout_ = web_layout(engine_->packs());
  for (size_t i = 0; i < kinds_.size(); ++i)
    agents_.push_back(make_agent(kinds_[i], *engine_, derive_seed(log_.seed, static_cast<uint64_t>(i))));
}

namespace {
// The same time whatever the token: nothing is learnt from how long a refusal takes.
bool same(const std::string& a, const std::string& b) {
  if (a.size() != b.size() || b.empty()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}
}  // namespace

bool Room::opens_table(const std::string& token) const { return same(token, tokens_.table); }

int Room::open(const std::string& token, int seat) const {
  const int seats = static_cast<int>(kinds_.size());
  if (seat < 0 || seat > seats) throw Refused(404, "the game has no seat " + std::to_string(seat));
  if (seat == 0) {
    bool any = same(token, tokens_.watch) || same(token, tokens_.table);
    for (const auto& t : tokens_.seats) any = any || same(token, t);
    if (any) return -1;
  } else if (same(token, tokens_.seats[static_cast<size_t>(seat - 1)]) ||
             (same(token, tokens_.table) && kinds_[static_cast<size_t>(seat - 1)].base == SeatKind::Base::Human)) {
    return seat - 1;
  }
  throw Refused(403, "this link does not open that seat: ask whoever made the game for yours");
}

bool Room::bots_to_move() const {
  if (!failure_.empty()) return false;
  for (const auto& d : s_.pending)
    if (kinds_[static_cast<size_t>(d.seat)].base != SeatKind::Base::Human) return true;
  return false;
}

namespace {
size_t story_index(int reader, const std::string& lang) { return static_cast<size_t>(reader + 1) * 2 + (lang == "cs" ? 1 : 0); }
const char* const kLangs[] = {"en", "cs"};
}  // namespace

void Room::tell_journal(const State& s) {
  const int seats = static_cast<int>(kinds_.size());
  for (const auto& l : s.journal) {
    StoryLine line{l.seat, log_.choices.size(), {}, {}};
    line.text.resize(static_cast<size_t>(seats + 1) * 2);
    line.cause.resize(line.text.size());
    for (int reader = -1; reader < seats; ++reader) {
      if (l.seat >= 0 && reader != l.seat) continue;
      for (const char* lang : kLangs) {
        const size_t at = story_index(reader, lang);
        line.text[at] = engine_->render_line(s, l, lang, reader);
        const LineCause c = engine_->cause(s, l, lang, reader);
        if (!c.told) continue;  // null: nothing may be said
        json cj = {{"rule", c.rule}, {"layer", c.layer}};
        if (!c.card.empty()) cj["card"] = {{"name", c.card}, {"def", c.card_def}, {"layer", c.card_layer}};
        line.cause[at] = cj;
      }
    }
    story_.push_back(std::move(line));
  }
}

void Room::tell_choice(const State& before, int seat, const std::string& option) {
  const Decision* d = before.pending_for(seat);
  if (!d) return;
  const int seats = static_cast<int>(kinds_.size());
  StoryLine line{-1, log_.choices.size(), {}, {}};
  line.text.resize(static_cast<size_t>(seats + 1) * 2);
  line.cause.assign(line.text.size(), json{{"choice", seat + 1}});
  for (int reader = -1; reader < seats; ++reader)
    for (const char* lang : kLangs) {
      const std::string who = seat_title(*engine_, kinds_[static_cast<size_t>(seat)], seat, lang);
      line.text[story_index(reader, lang)] =
          d->secret && reader != seat
              ? ui(lang, Ui::SecretChoice, who)
              : ui(lang, Ui::ChoseAt, who, choice_label(*engine_, before, *d, option, lang, reader),
                   engine_->prompt(before, *d, lang, reader));
    }
  story_.push_back(std::move(line));
}

json Room::reader_view(const State& s, int reader, const std::string& lang, size_t choice, size_t last) const {
  json out;
  out["view"] = json::parse(engine_->view_json(s, reader, lang));
  // The reader's lines up to `choice`, of which the last `last` are sent
  // (0: all): a long game's answers do not grow without end.
  std::vector<const StoryLine*> mine;
  for (const auto& line : story_) {
    if (line.choice > choice) break;
    if (line.seat < 0 || line.seat == reader) mine.push_back(&line);
  }
  const size_t from = last > 0 && mine.size() > last ? mine.size() - last : 0;
  json journal = json::array(), causes = json::array();
  const size_t at = story_index(reader, lang);
  for (size_t i = from; i < mine.size(); ++i) {
    journal.push_back(mine[i]->text[at]);
    causes.push_back(mine[i]->cause[at]);
  }
  out["view"]["journal"] = journal;
  out["journal_from"] = from;
  out["causes"] = causes;
  return out;
}

json Room::state(int reader, const std::string& lang, size_t last) const {
  json j = reader_view(s_, reader, lang, log_.choices.size(), last);
  j["id"] = id;
  j["version"] = version_;
  j["pack"] = engine_->packs().id();
  j["title"] = title(lang);
  j["lang"] = lang;
  j["seat"] = reader + 1;
  json seats = json::array();
  for (size_t i = 0; i < kinds_.size(); ++i)
    seats.push_back({{"seat", i + 1},
                     {"kind", kinds_[i].name()},
                     {"title", seat_title(*engine_, kinds_[i], static_cast<int>(i), lang)},  // "Seat 2 (random)": a greedy seat without a rating plays at random
                     {"human", kinds_[i].base == SeatKind::Base::Human}});
  j["seats"] = seats;
  json turn = json::array();
  for (const auto& d : s_.pending) turn.push_back(d.seat + 1);
  std::sort(turn.begin(), turn.end());
  j["turn"] = turn;
  j["hotseat"] = !tokens_.table.empty();
  j["choices"] = log_.choices.size();
  if (reader >= 0 && s_.over) {
    j["undo"] = {{"can", false}, {"why", ui(lang, Ui::UndoOver)}};
  } else if (reader >= 0) {
    const bool can = undo_.undoable(reader) > 0;
    j["undo"] = {{"can", can}, {"why", can ? "" : undo_reason(lang, undo_.why_not(reader))}};
  } else {
    j["undo"] = {{"can", false}, {"why", ""}};
  }
  if (!failure_.empty()) j["error"] = failure_;
  j["layout"] = layout_;
  return j;
}

json Room::summary() const {
  json seats = json::array();
  for (const auto& k : kinds_) seats.push_back(k.name());
  return {{"id", id},     {"pack", engine_->packs().id()}, {"title", title(lang_)},
          {"seats", seats}, {"over", s_.over},             {"choices", log_.choices.size()}};
}

void Room::applied(int seat, const std::string& option, State before, bool person) {
  if (person) undo_.chose(*engine_, before, s_, seat);
  else undo_.kept(seat);
  log_.choices.push_back({seat, option, s_.hash(), s_.rng.draws(), logged_chance(met_)});
  try {
    file_.add_choice(log_);
  } catch (const std::exception& err) {
    // Not saved, so not made: the game stays as the file has it.
    log_.choices.pop_back();
    s_ = std::move(before);
    undo_.seal();
    throw Refused(500, err.what());
  }
  tell_choice(before, seat, option);
  tell_journal(s_);
  bump(seat);
}

namespace {
// What a question is, to tell whether a seat is still asked the same: its
// prompt and its options' ids.
std::string question_digest(const Decision& d) {
  std::string out = std::to_string(d.prompt.key) + "/" + std::to_string(d.pick_min) + "/" + std::to_string(d.pick_max);
  for (const auto& o : d.options) out += "|" + o.id;
  return out;
}
}  // namespace

void Room::note_questions(int chooser) {
  asked_at_.resize(kinds_.size(), UINT64_MAX);
  asked_.resize(kinds_.size());
  for (size_t seat = 0; seat < kinds_.size(); ++seat) {
    const Decision* d = s_.pending_for(static_cast<int>(seat));
    if (!d) {
      asked_at_[seat] = UINT64_MAX;
      asked_[seat].clear();
      continue;
    }
    std::string digest = question_digest(*d);
    // The seat that chose, or everyone after an undo, is asked anew even
    // when the question reads the same: a second click meant for the last
    // one must not answer it.
    if (chooser == kEverySeat || chooser == static_cast<int>(seat) || digest != asked_[seat]) {
      asked_at_[seat] = version_;
      asked_[seat] = std::move(digest);
    }
  }
}

void Room::bump(int chooser) {
  ++version_;
  note_questions(chooser);
  changed.notify_all();
}

void Room::choose(int seat, const std::string& option, uint64_t version, bool confirmed) {
  // A page that drew the seat's question as it still stands may answer it,
  // though other seats chose meanwhile (a simultaneous secret choice).
  const uint64_t asked = static_cast<size_t>(seat) < asked_at_.size() ? asked_at_[static_cast<size_t>(seat)] : version_;
  if (version > version_ || version < asked)
    throw Refused(409, "the game has moved on since the page was drawn (version " + std::to_string(version) + ", now " +
                           std::to_string(version_) + ")");
  const Decision* d = s_.pending_for(seat);
  if (!d) throw Refused(409, "seat " + std::to_string(seat + 1) + " has no choice to make now");
  if (!confirmed && loses_at_once(*engine_, s_, seat, option))
    throw Refused(409, ui(log_.lang, Ui::EndsGame, choice_label(*engine_, s_, *d, option, log_.lang, seat)), true);
  State before = s_;
  const ApplyResult r = engine_->apply(s_, seat, option);
  if (!r.ok) {
    met_.clear();
    throw Refused(409, r.error);
  }
  applied(seat, option, std::move(before), true);
}

void Room::undo(int seat) {
  if (s_.over) throw Refused(409, ui(log_.lang, Ui::UndoOver));  // a finished game is final
  State earlier = s_;
  if (!undo_.undo(seat, earlier)) throw Refused(409, undo_reason(log_.lang, undo_.why_not(seat)));
  try {
    file_.add_undo();
  } catch (const std::exception& err) {
    undo_.seal();
    throw Refused(500, err.what());
  }
  s_ = std::move(earlier);
  while (!story_.empty() && story_.back().choice == log_.choices.size()) story_.pop_back();
  log_.choices.pop_back();
  // The replay viewer's state may stand after the choice taken back, which
  // the next choice replaces in the log: replayed on from there, it would
  // show the old choice under the new one's step. It starts again when asked.
  if (replay_step_ > log_.choices.size()) replay_at_.reset();
  bump(kEverySeat);
}

bool Room::bot_step() {
  if (!bots_to_move()) return false;
  const Decision* d = nullptr;
  for (const auto& p : s_.pending)
    if (kinds_[static_cast<size_t>(p.seat)].base != SeatKind::Base::Human && (!d || p.seat < d->seat)) d = &p;
  const int seat = d->seat;
  std::string option;
  try {
    QuietEngine quiet(*engine_);  // what it tries while it thinks is not the game's
    Agent& agent = *agents_[static_cast<size_t>(seat)];
    if (d->subset()) {
      std::vector<size_t> set;
      agent.choose_subset(s_, *d, set);
      check_subset(*d, set);
      option = subset_id(*d, set);
    } else {
      option = d->options[agent.choose(s_, *d)].id;
    }
  } catch (const std::exception& err) {
    failure_ = "seat " + std::to_string(seat + 1) + " (" + kinds_[static_cast<size_t>(seat)].name() +
               ") cannot choose: " + err.what();
    std::cerr << "tabula serve: game " << id << ": " << failure_ << "\n";
    ++version_;
    changed.notify_all();
    return false;
  }
  State before = s_;
  const ApplyResult r = engine_->apply(s_, seat, option);
  if (!r.ok) {
    failure_ = "seat " + std::to_string(seat + 1) + "'s choice failed: " + r.error;
    std::cerr << "tabula serve: game " << id << ": " << failure_ << "\n";
    ++version_;
    changed.notify_all();
    return false;
  }
  try {
    applied(seat, option, std::move(before), false);
  } catch (const Refused& err) {  // not saved: the bots wait until the server can save again
    failure_ = std::string("the game cannot be saved: ") + err.what();
    std::cerr << "tabula serve: game " << id << ": " << failure_ << "\n";
    ++version_;
    changed.notify_all();
    return false;
  }
  return true;
}

json Room::replay(int reader, size_t step, const std::string& lang, size_t last) {
  if (step > log_.choices.size())
    throw Refused(400, "step " + std::to_string(step) + ": the game has " + std::to_string(log_.choices.size()) + " choices");
  QuietEngine quiet(*engine_);
  // The state before the step's choice, which says what was chosen.
  if (!replay_at_ || replay_step_ > (step > 0 ? step - 1 : 0)) {
    replay_at_ = std::make_unique<State>(engine_->new_game(log_.seed, log_.seats, log_.options));
    replay_step_ = 0;
  }
  json chose = nullptr;
  while (replay_step_ < step) {
    const LoggedChoice& c = log_.choices[replay_step_];
    if (replay_step_ + 1 == step) {
      const Decision* d = replay_at_->pending_for(c.seat);
      chose = {{"seat", c.seat + 1}};
      if (d && (!d->secret || reader == c.seat)) {
        chose["prompt"] = engine_->prompt(*replay_at_, *d, lang, reader);
        std::vector<size_t> set;
        if (!d->subset()) {
          if (const Option* o = d->find(c.option)) chose["label"] = engine_->label(*replay_at_, *d, *o, lang, reader);
        } else if (parse_subset(*d, c.option, set).empty()) {
          std::string labels;
          for (size_t i : set) labels += (labels.empty() ? "" : ", ") + engine_->label(*replay_at_, *d, d->options[i], lang, reader);
          chose["label"] = labels;
        }
      } else {
        chose["secret"] = true;
      }
    }
    const ApplyResult r = engine_->apply(*replay_at_, c.seat, c.option);
    if (!r.ok) {
      replay_at_.reset();
      throw Refused(500, "the game's log does not replay: " + r.error);
    }
    ++replay_step_;
  }
  json j = reader_view(*replay_at_, reader, lang, step, last);
  j["step"] = step;
  j["steps"] = log_.choices.size();
  j["chose"] = chose;
  j["title"] = title(lang);
  j["layout"] = layout_;
  return j;
}

}  // namespace tabula::cli
