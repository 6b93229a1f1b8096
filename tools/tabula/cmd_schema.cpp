// tabula schema: load a pack chain and write the JSON Schemas of its TOML
// files (manifest_schema.h), for an editor or a validator.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/pack/pack.h"
#include "tools/tabula/common.h"
#include "tools/tabula/manifest_schema.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// The packs only: a schema needs the kinds and entities, not the scripts.
std::unique_ptr<PackSet> load_packs(const std::string& pack, const std::vector<std::string>& with) {
  return loaded_or_throw(pack, load_named(pack, with), /*quiet=*/true);
}

void write(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw CliError("cannot write " + file.string());
}

}  // namespace

int cmd_schema(const SchemaArgs& a) {
  const std::unique_ptr<PackSet> packs = load_packs(a.pack, a.with);
  if (!a.out_dir.empty()) {
    std::error_code ec;
    fs::create_directories(a.out_dir, ec);
    if (ec) throw CliError("cannot create folder " + a.out_dir + ": " + ec.message());
    const fs::path dir(a.out_dir);
    write(dir / "pack.schema.json", pack_schema());
    write(dir / "manifest.schema.json", manifest_schema(*packs));
    write(dir / "texts.schema.json", texts_schema());
    return 0;
  }
  const std::string text = a.role == "pack" ? pack_schema() : a.role == "texts" ? texts_schema() : manifest_schema(*packs);
  if (a.out.empty()) std::cout << text;
  else write(a.out, text);
  return 0;
}

}  // namespace tabula::cli
