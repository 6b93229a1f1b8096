// tabula schema: load a pack chain and write the JSON Schemas of its TOML
// files (manifest_schema.h), for an editor or a validator.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "core/pack.h"
#include "tools/tabula/common.h"
#include "tools/tabula/manifest_schema.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// The packs only: a schema needs the kinds and entities, not the scripts.
std::unique_ptr<PackSet> load_packs(const std::string& pack, const std::vector<std::string>& with) {
  const PackRef base = resolve_pack(pack);
  std::vector<std::string> extras;
  for (const auto& w : with) extras.push_back(resolve_pack(w).dir);
  LoadResult lr = load_pack(base.dir, extras, pack_search_path());
  std::string errors;
  int n_errors = 0;
  for (const auto& d : lr.diagnostics) {
    if (d.severity != Diagnostic::Severity::Error) continue;
    errors += "\n" + d.to_string();
    ++n_errors;
  }
  if (!lr.ok())
    throw CliError("pack '" + pack + "' does not load (" + std::to_string(n_errors) + " error" +
                   (n_errors == 1 ? "" : "s") + "; see `tabula check`):" + errors);
  return std::move(lr.packs);
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
