// The Lua module of a definition that `tabula new card` writes: it exports
// every function the kind requires. With --like, it starts as a copy of the
// other definition's module (required, not copied), when that module can
// be reached by `require` from the new entry's pack.
#pragma once
#include <string>

#include "core/rules/engine.h"

namespace tabula::cli {

struct CardScript {
  std::string id, kind;
  std::string own_path;              // the new script, relative to its pack's folder
  const EntityDef* like = nullptr;   // --like, or null
};

std::string card_script(const Engine& engine, const CardScript& c);

}  // namespace tabula::cli
