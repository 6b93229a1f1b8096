// A text as the state keeps it: a key into the packs' text tables and its
// named arguments. Logic never reads it; core/pack/text.h renders it for one
// reader in one language only when a person looks.
#pragma once
#include <cstdint>

#include "core/state/value.h"

namespace tabula {

struct TextRef {
  int32_t key = -1;  // index into PackSet::texts; -1: no text
  Value args;        // a dict of named arguments, or nil
  bool empty() const { return key < 0; }
};

}  // namespace tabula
