// Saving a state to JSON and loading it back; the round trip keeps the hash.
// A saved state names definitions, properties, zones, flow nodes, script
// functions and texts by name, so it loads into any engine of the same packs.
#pragma once
#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>

#include "core/state/state.h"

namespace tabula {

class Engine;

// A document nested deeper than this is refused before it is parsed: every
// reader of kernel JSON walks it recursively.
inline constexpr int kMaxJsonDepth = 64;

nlohmann::json value_to_json(const Value& v);
// `where` names the value in errors ("options", "props[3].value").
Value value_from_json(const nlohmann::json& j, const std::string& where = "value");
// Parses `text` after checking that it nests at most kMaxJsonDepth levels;
// errors (std::runtime_error) start with `what` and give the line.
nlohmann::json parse_json(std::string_view text, const std::string& what);
nlohmann::json state_to_json(const Engine& e, const State& s);

// `j` as JSON text for a report (what a command prints or writes about a
// run: errors, paths, summaries), with `indent` as nlohmann::json::dump
// takes it. A report may quote bytes that are not UTF-8 (a path from the
// command line, a message), which a plain dump refuses (type_error 316);
// here they become U+FFFD. States, views and logs hold UTF-8 text only (the
// kernel refuses anything else where it enters) and are dumped plainly.
std::string dump_report(const nlohmann::json& j, int indent = -1);
State state_from_json(const Engine& e, const nlohmann::json& j);  // throws std::runtime_error on malformed input

// Throws std::runtime_error if `j` holds a floating-point number anywhere:
// states and logs hold integers only, and converting an out-of-range double
// to an integer is undefined behaviour. Iterative, so any depth is safe.
// The message starts with `what`, then the number's place ("seed: ").
void reject_floats(const nlohmann::json& j, const std::string& what = "");

}  // namespace tabula
