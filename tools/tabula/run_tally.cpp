#include "tools/tabula/run_tally.h"

#include <algorithm>
#include <stdexcept>

#include "core/io/state_json.h"

namespace tabula::cli {

using nlohmann::json;

RunTally::RunTally(int seats) : seats_(static_cast<size_t>(seats)) {}

uint64_t RunTally::Seat::shared_wins() const {
  uint64_t n = 0;
  for (const auto& [k, wins] : shared) n += wins;
  return n;
}

double RunTally::Seat::credit() const {
  double c = static_cast<double>(wins);
  for (const auto& [k, n] : shared) c += static_cast<double>(n) / static_cast<double>(k);
  return c;
}

void RunTally::finished(uint64_t choices, const Outcome& outcome, const Value& result) {
  ++finished_;
  choices_ += choices;
  ++lengths_[static_cast<int64_t>(choices)];
  if (outcome.has_winners) {
    ++with_winners_;
    if (outcome.winners.empty()) ++no_winner_;
    const uint64_t k = outcome.winners.size();
    for (int w : outcome.winners) {
      Seat& s = seats_[static_cast<size_t>(w)];
      if (k == 1) ++s.wins;
      else ++s.shared[k];
    }
  }
  if (outcome.has_scores) {
    ++with_scores_;
    for (size_t i = 0; i < seats_.size(); ++i) ++seats_[i].scores[outcome.scores[i]];
  }
  Hasher h;
  h.value(result);
  auto& bucket = live_[h.h];
  auto it = std::find_if(bucket.begin(), bucket.end(), [&](const auto& r) { return r.first == result; });
  if (it == bucket.end()) bucket.emplace_back(result, 1);
  else ++it->second;
}

double RunTally::Definition::credit() const {
  double c = static_cast<double>(wins);
  for (const auto& [k, n] : shared) c += static_cast<double>(n) / static_cast<double>(k);
  return c;
}

void RunTally::index_definitions(std::vector<std::pair<std::string, std::string>> ids_and_names) {
  def_ids_ = std::move(ids_and_names);
  live_defs_.assign(def_ids_.size(), Definition{});
}

std::map<std::string, RunTally::Definition> RunTally::definitions() const {
  std::map<std::string, Definition> all = defs_;
  for (size_t i = 0; i < live_defs_.size(); ++i) {
    const Definition& x = live_defs_[i];
    if (!x.appeared && !x.games) continue;
    Definition& d = all[def_ids_[i].first];
    if (d.name.empty()) d.name = def_ids_[i].second;
    d.appeared += x.appeared;
    d.games += x.games;
    d.had += x.had;
    d.wins += x.wins;
    for (const auto& [k, n] : x.shared) d.shared[k] += n;
  }
  return all;
}

void RunTally::definitions(const Outcome& outcome, const Seen& seen) {
  const size_t n = live_defs_.size();
  for (int32_t i : seen.appeared)
    if (i >= 0 && static_cast<size_t>(i) < n) ++live_defs_[static_cast<size_t>(i)].appeared;
  int32_t last = -1;
  for (const auto& [i, seat] : seen.had) {
    if (i < 0 || static_cast<size_t>(i) >= n) continue;
    Definition& d = live_defs_[static_cast<size_t>(i)];
    if (i != last) ++d.games;
    last = i;
    if (!outcome.has_winners) continue;
    ++d.had;
    const auto& w = outcome.winners;
    if (std::find(w.begin(), w.end(), seat) == w.end()) continue;
    if (w.size() == 1) ++d.wins;
    else ++d.shared[w.size()];
  }
}

void RunTally::capped(uint64_t choices) {
  ++capped_;
  choices_ += choices;
}

void RunTally::failed(uint64_t index, uint64_t choices, std::string error) {
  ++errors_;
  choices_ += choices;
  first_errors_.emplace_back(index, std::move(error));
  std::sort(first_errors_.begin(), first_errors_.end());
  if (first_errors_.size() > kFirstErrors) first_errors_.resize(kFirstErrors);
}

void RunTally::thought(size_t seat, double seconds) {
  Seat& s = seats_[seat];
  ++s.decisions;
  s.think += seconds;
  s.think_max = std::max(s.think_max, seconds);
}

void RunTally::merge(const RunTally& o) {
  if (o.seats_.size() != seats_.size()) throw std::runtime_error("tallies of different seat counts");
  finished_ += o.finished_;
  capped_ += o.capped_;
  errors_ += o.errors_;
  choices_ += o.choices_;
  lua_calls_ += o.lua_calls_;
  with_winners_ += o.with_winners_;
  no_winner_ += o.no_winner_;
  with_scores_ += o.with_scores_;
  add_counts(lengths_, o.lengths_);
  add_counts(rounds_, o.rounds_);
  for (size_t i = 0; i < seats_.size(); ++i) {
    Seat& s = seats_[i];
    const Seat& t = o.seats_[i];
    s.wins += t.wins;
    for (const auto& [k, n] : t.shared) s.shared[k] += n;
    add_counts(s.scores, t.scores);
    s.decisions += t.decisions;
    s.think += t.think;
    s.think_max = std::max(s.think_max, t.think_max);
  }
  first_errors_.insert(first_errors_.end(), o.first_errors_.begin(), o.first_errors_.end());
  std::sort(first_errors_.begin(), first_errors_.end());
  if (first_errors_.size() > kFirstErrors) first_errors_.resize(kFirstErrors);
  for (const auto& [text, n] : o.results()) texts_[text] += n;
  for (const auto& [id, x] : o.definitions()) {
    Definition& d = defs_[id];
    if (d.name.empty()) d.name = x.name;
    d.appeared += x.appeared;
    d.games += x.games;
    d.had += x.had;
    d.wins += x.wins;
    for (const auto& [k, n] : x.shared) d.shared[k] += n;
  }
  if (owned_zones_.empty()) owned_zones_ = o.owned_zones_;
}

std::vector<std::pair<std::string, uint64_t>> RunTally::results() const {
  std::map<std::string, uint64_t> all = texts_;
  for (const auto& [hash, bucket] : live_)
    for (const auto& [value, n] : bucket) all[value_to_json(value).dump()] += n;
  std::vector<std::pair<std::string, uint64_t>> out(all.begin(), all.end());
  std::stable_sort(out.begin(), out.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  return out;
}

json RunTally::save() const {
  json per = json::array();
  for (const Seat& s : seats_) {
    json shared = json::array();
    for (const auto& [k, n] : s.shared) shared.push_back({k, n});
    per.push_back({{"wins", s.wins}, {"shared", shared}, {"scores", counts_json(s.scores)}, {"decisions", s.decisions},
                   {"think", s.think}, {"think_max", s.think_max}});
  }
  json errors = json::array();
  for (const auto& [i, text] : first_errors_) errors.push_back({i, text});
  json results = json::array();
  for (const auto& [text, n] : this->results()) results.push_back({text, n});
  json defs = json::array();
  for (const auto& [id, d] : definitions()) {
    json shared = json::array();
    for (const auto& [k, n] : d.shared) shared.push_back({k, n});
    defs.push_back({{"id", id}, {"name", d.name}, {"appeared", d.appeared}, {"games", d.games}, {"had", d.had},
                    {"wins", d.wins}, {"shared", shared}});
  }
  return {{"finished", finished_}, {"capped", capped_}, {"errors", errors_}, {"choices", choices_},
          {"definitions", defs}, {"owned_zones", owned_zones_},
          {"lua_calls", lua_calls_}, {"with_winners", with_winners_}, {"no_winner", no_winner_},
          {"with_scores", with_scores_}, {"lengths", counts_json(lengths_)}, {"rounds", counts_json(rounds_)}, {"seats", per},
          {"first_errors", errors}, {"results", results}};
}

RunTally RunTally::load(const json& j, int seats) {
  RunTally t(seats);
  try {
    t.finished_ = j.at("finished").get<uint64_t>();
    t.capped_ = j.at("capped").get<uint64_t>();
    t.errors_ = j.at("errors").get<uint64_t>();
    t.choices_ = j.at("choices").get<uint64_t>();
    t.lua_calls_ = j.at("lua_calls").get<uint64_t>();
    t.with_winners_ = j.at("with_winners").get<uint64_t>();
    t.no_winner_ = j.at("no_winner").get<uint64_t>();
    t.with_scores_ = j.at("with_scores").get<uint64_t>();
    t.lengths_ = counts_from_json(j.at("lengths"));
    t.rounds_ = counts_from_json(j.at("rounds"));
    const json& per = j.at("seats");
    if (!per.is_array() || per.size() != static_cast<size_t>(seats))
      throw std::runtime_error("'seats' lists " + std::to_string(per.size()) + " seats, not " + std::to_string(seats));
    for (size_t i = 0; i < per.size(); ++i) {
      Seat& s = t.seats_[i];
      s.wins = per[i].at("wins").get<uint64_t>();
      for (const auto& p : per[i].at("shared")) s.shared[p.at(0).get<uint64_t>()] += p.at(1).get<uint64_t>();
      s.scores = counts_from_json(per[i].at("scores"));
      s.decisions = per[i].at("decisions").get<uint64_t>();
      s.think = per[i].at("think").get<double>();
      s.think_max = per[i].at("think_max").get<double>();
    }
    for (const auto& e : j.at("first_errors")) t.first_errors_.emplace_back(e.at(0).get<uint64_t>(), e.at(1).get<std::string>());
    for (const auto& r : j.at("results")) t.texts_[r.at(0).get<std::string>()] += r.at(1).get<uint64_t>();
    for (const auto& x : j.at("definitions")) {
      Definition& d = t.defs_[x.at("id").get<std::string>()];
      d.name = x.at("name").get<std::string>();
      d.appeared = x.at("appeared").get<uint64_t>();
      d.games = x.at("games").get<uint64_t>();
      d.had = x.at("had").get<uint64_t>();
      d.wins = x.at("wins").get<uint64_t>();
      for (const auto& p : x.at("shared")) d.shared[p.at(0).get<uint64_t>()] += p.at(1).get<uint64_t>();
    }
    t.owned_zones_ = j.at("owned_zones").get<std::vector<std::string>>();
  } catch (const json::exception& e) {
    throw std::runtime_error(e.what());
  }
  return t;
}

}  // namespace tabula::cli
