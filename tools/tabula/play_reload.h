// `:reload` in tabula play: loads the packs again from disk, checks them as
// `tabula check` does, and moves the game's state into them through its
// saved form (core/io/state_json.h), or says why it cannot.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/rules/engine.h"

namespace tabula::cli {

// The .toml and .lua files in the folders the packs were loaded from (each
// layer's and the script folders): a digest of them all (the same digest,
// the same rules) and of each, to say which changed.
struct PackFiles {
  uint64_t digest = 0;
  std::map<std::string, uint64_t> each;  // path -> digest of its bytes
};
PackFiles pack_files(const PackSet& packs);

struct Reload {
  std::unique_ptr<Engine> engine;  // the packs as they are now on disk; null when the reload failed
  State state;                     // the game's state in them
  PackFiles files;                 // pack_files of them
  // For the person at the table: the packs' diagnostics, then what
  // happened (or why nothing did).
  std::vector<std::string> report;
};

// Loads `pack` and its `with` layers again, found as `tabula play` found
// them, and `s` (a state of `old`) into them. `files`: the old packs' ones.
Reload reload_packs(const Engine& old, const State& s, const std::string& pack, const std::vector<std::string>& with,
                    const PackFiles& files, const std::string& lang);

}  // namespace tabula::cli
