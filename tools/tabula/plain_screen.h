// The generic screen of `tabula play`, for packs without a [screen] script
// (or whose script fails): what a seat's view holds, as names and values.
// Variables and secrets the pack marks internal ([screen] internal) are the
// scripts' bookkeeping and are left out.
#pragma once
#include <string>
#include <vector>

#include "core/rules/engine.h"

namespace tabula::cli {

// The lines `seat` sees now: variables, counters per seat, its own secrets,
// every zone that holds something.
std::vector<std::string> plain_screen(const Engine& e, const State& s, int seat, const std::string& lang);

// A result value as lines a person reads: "winners: 1", "scores: 7, 3, 1";
// a list of tables one line per item ("  seat 1: rooms 2, total 7").
std::vector<std::string> plain_result(const Value& result);

// The name a pack gives an id on screen: its text `<what>.<id>` (e.g.
// "zone.party", "counter.gold", "prop.hp") in the language, else the id.
std::string shown_name(const Engine& e, const State& s, const char* what, const std::string& id, const std::string& lang);

}  // namespace tabula::cli
