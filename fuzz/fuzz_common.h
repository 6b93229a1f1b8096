// Helpers shared by the libFuzzer targets (fuzz/README.md).
#pragma once
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>

#include "core/rules/engine.h"

namespace tabula::fuzz {

inline std::string source_dir() { return TABULA_SOURCE_DIR; }
inline std::string content_dir() { return source_dir() + "/content"; }

// A fresh folder under $TMPDIR for this process, removed at exit.
inline const std::filesystem::path& scratch_dir() {
  static const std::filesystem::path dir = [] {
    const char* t = std::getenv("TMPDIR");
    std::string tmpl = std::string(t && *t ? t : "/tmp") + "/tabula-fuzz-XXXXXX";
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    static struct Cleanup {
      std::filesystem::path p;
      ~Cleanup() { std::error_code ec; std::filesystem::remove_all(p, ec); }
    } cleanup{tmpl};
    return std::filesystem::path(tmpl);
  }();
  return dir;
}

inline void write_file(const std::filesystem::path& p, const uint8_t* data, size_t size) {
  std::ofstream f(p, std::ios::binary | std::ios::trunc);
  f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
}

// An engine of a shipped pack, loaded once per process.
inline std::unique_ptr<Engine> load_engine(const std::string& pack) {
  LoadResult lr = load_pack(content_dir() + "/" + pack);
  if (!lr.ok()) throw std::runtime_error("fuzz: pack " + pack + " does not load:\n" + lr.report());
  return std::make_unique<Engine>(std::move(lr.packs));
}

}  // namespace tabula::fuzz
