// The scenario reader (core/scenario/scenario.h): the input is a scenario file, run
// against the packs in content/. Failed checks and errors are fine; crashes
// are not.
#include <cstddef>
#include <cstdint>

#include "core/scenario/scenario.h"
#include "fuzz/fuzz_common.h"

using namespace tabula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const std::string path = (fuzz::scratch_dir() / "scenario.toml").string();
  fuzz::write_file(path, data, size);
  try {
    (void)run_scenario(path, fuzz::content_dir());
  } catch (const std::exception&) {
  }
  return 0;
}
