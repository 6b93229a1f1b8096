// The manifest reader: the input is a pack.toml, written into a copy of
// content/connect-four (so the manifests, texts and scripts it names exist),
// and loaded with load_pack. Diagnostics are fine; crashes are not.
#include <cstddef>
#include <cstdint>
#include <filesystem>

#include "fuzz/fuzz_common.h"

namespace fs = std::filesystem;
using namespace tabula;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const fs::path pack = [] {
    fs::path p = fuzz::scratch_dir() / "pack";
    fs::copy(fuzz::content_dir() + "/connect-four", p, fs::copy_options::recursive);
    return p;
  }();
  fuzz::write_file(pack / "pack.toml", data, size);
  LoadResult lr = load_pack(pack.string());
  (void)lr.report();
  return 0;
}
