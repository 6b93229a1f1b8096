// Misuse of a kernel operation (a bad zone name, a second pending decision
// for one seat, ...). The Lua API turns it into a Lua error so the report
// names the script's line; elsewhere it fails the choice being applied.
#pragma once
#include <stdexcept>

namespace tabula {

struct KernelError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace tabula
