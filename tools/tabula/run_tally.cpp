#include "tools/tabula/run_tally.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tabula::cli {

using nlohmann::json;

RunTally::RunTally(int seats) : seats_(static_cast<size_t>(seats)) {}

void RunTally::add(uint64_t choices, const Outcome& outcome) {
  ++games_;
  min_ = games_ == 1 ? choices : std::min(min_, choices);
  max_ = std::max(max_, choices);
  const double delta = static_cast<double>(choices) - mean_;
  mean_ += delta / static_cast<double>(games_);
  m2_ += delta * (static_cast<double>(choices) - mean_);
  if (outcome.has_winners) {
    ++with_winners_;
    if (outcome.winners.empty()) ++no_winner_;
    const size_t k = outcome.winners.size();
    for (int w : outcome.winners) {
      Seat& s = seats_[static_cast<size_t>(w)];
      ++(k == 1 ? s.wins : s.shared);
      s.credit += 1.0 / static_cast<double>(k);
    }
  }
  if (outcome.has_scores) {
    ++with_scores_;
    for (size_t i = 0; i < seats_.size(); ++i) seats_[i].score_sum += outcome.scores[i];
  }
}

void RunTally::kind(size_t seat, std::string kind, std::string base, bool at_random) {
  seats_[seat].kind = std::move(kind);
  seats_[seat].base = std::move(base);
  seats_[seat].at_random = at_random;
}

void RunTally::thought(size_t seat, double seconds) {
  Seat& s = seats_[seat];
  ++s.decisions;
  s.think += seconds;
  s.think_max = std::max(s.think_max, seconds);
}

double RunTally::sd() const { return games_ ? std::sqrt(m2_ / static_cast<double>(games_)) : 0.0; }

json RunTally::to_json() const {
  json j;
  j["choices_per_finished_game"] = {{"games", games_}, {"mean", mean_}, {"sd", sd()}, {"min", min_}, {"max", max_}};
  j["games_with_winners"] = with_winners_;
  j["games_without_winner"] = no_winner_;
  j["games_with_scores"] = with_scores_;
  json per = json::array();
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    json row = {{"seat", i + 1}, {"wins", s.wins}, {"shared_wins", s.shared},
                {"win_share", with_winners_ ? json(s.credit / static_cast<double>(with_winners_)) : json()}};
    row["mean_score"] = with_scores_ ? json(static_cast<double>(s.score_sum) / static_cast<double>(with_scores_)) : json();
    if (!s.kind.empty()) row["kind"] = s.kind;
    if (!s.base.empty()) row["base"] = s.base;
    if (s.kind == "greedy" && s.at_random) row["plays_at_random"] = true;
    row["decisions"] = s.decisions;
    row["ms_per_decision"] = s.decisions ? 1000 * s.think / static_cast<double>(s.decisions) : 0.0;
    row["ms_longest_decision"] = 1000 * s.think_max;
    per.push_back(row);
  }
  j["per_seat"] = per;
  return j;
}

void RunTally::print() const {
  for (size_t i = 0; i < seats_.size(); ++i)
    if (seats_[i].kind == "greedy" && seats_[i].at_random)
      std::printf("note: seat %zu (greedy) plays at random: the pack has no [pack] score\n", i + 1);
  if (!games_) return print_thinking();
  std::printf("choices per finished game: mean %.1f, sd %.1f, min %llu, max %llu\n", mean_, sd(),
              static_cast<unsigned long long>(min_), static_cast<unsigned long long>(max_));
  if (!with_winners_ && !with_scores_) return print_thinking();
  if (with_winners_) {
    std::printf("winners stated by %llu of %llu finished games", static_cast<unsigned long long>(with_winners_),
                static_cast<unsigned long long>(games_));
    if (no_winner_) std::printf(", %llu without a winner", static_cast<unsigned long long>(no_winner_));
    std::printf("\n");
  }
  if (with_scores_)
    std::printf("scores stated by %llu of %llu finished games\n", static_cast<unsigned long long>(with_scores_),
                static_cast<unsigned long long>(games_));
  std::printf("  seat");
  if (with_winners_) std::printf("      wins    shared   share");
  if (with_scores_) std::printf("  mean score");
  std::printf("  kind\n");
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    std::printf("  %4zu", i + 1);
    if (with_winners_)
      std::printf("  %8llu  %8llu  %5.1f%%", static_cast<unsigned long long>(s.wins), static_cast<unsigned long long>(s.shared),
                  100.0 * s.credit / static_cast<double>(with_winners_));
    if (with_scores_) std::printf("  %10.2f", static_cast<double>(s.score_sum) / static_cast<double>(with_scores_));
    std::printf("  %s%s%s%s\n", s.kind.c_str(), s.base.empty() ? "" : " (", s.base.c_str(), s.base.empty() ? "" : ")");
  }
  print_thinking();
}

void RunTally::print_thinking() const {
  bool searched = false;
  for (const Seat& s : seats_) searched = searched || (s.kind != "random" && !s.kind.empty());
  if (!searched) return;
  std::printf("time per decision:");
  for (size_t i = 0; i < seats_.size(); ++i) {
    const Seat& s = seats_[i];
    std::printf("%s seat %zu %.2f ms (longest %.1f ms)", i ? "," : "", i + 1,
                s.decisions ? 1000 * s.think / static_cast<double>(s.decisions) : 0.0, 1000 * s.think_max);
  }
  std::printf("\n");
}

}  // namespace tabula::cli
