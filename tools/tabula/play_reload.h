// `:reload` in tabula play: loads the packs again from disk, checks them as
// `tabula check` does, and moves the game's state into them through its
// saved form (core/io/state_json.h), or says why it cannot.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/rules/engine.h"

namespace tabula::cli {

// A digest of the .toml and .lua files in the folders the packs were loaded
// from (each layer's and the script folders): the same digest, the same rules.
uint64_t pack_files_digest(const PackSet& packs);

struct Reload {
  std::unique_ptr<Engine> engine;  // the packs as they are now on disk; null when the reload failed
  State state;                     // the game's state in them
  uint64_t digest = 0;             // pack_files_digest of them
  // For the person at the table: the packs' diagnostics, then what
  // happened (or why nothing did).
  std::vector<std::string> report;
};

// Loads `pack` and its `with` layers again, found as `tabula play` found
// them, and `s` (a state of `old`) into them. `digest`: the old packs' one.
Reload reload_packs(const Engine& old, const State& s, const std::string& pack, const std::vector<std::string>& with,
                    uint64_t digest, const std::string& lang);

}  // namespace tabula::cli
