// `tabula annotations` and `tabula luacheckrc`: editor and linter support
// for pack scripts, generated from the engine's own registry.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tools/tabula/common.h"
#include "tools/tabula/editor_files.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// The shared Lua library, as the engine finds it (core/pack_toml.cpp).
std::string shared_scripts_dir() {
  const char* env = std::getenv("TABULA_SCRIPTS");
  return env && *env ? env : TABULA_SCRIPTS_DIR;
}

void write_text(const fs::path& path, const std::string& text) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) throw CliError("cannot create folder " + shown_path(path.parent_path().string()) + ": " + ec.message());
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw CliError("cannot write " + shown_path(path.string()));
  std::cout << "wrote " << shown_path(path.string()) << "\n";
}

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  if (!in) throw CliError("cannot read " + shown_path(path.string()));
  return s.str();
}

// Every module of the shared library: scripts/std/list.lua is "std.list".
std::vector<fs::path> shared_modules(const fs::path& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) throw CliError("no shared Lua library at " + shown_path(root.string()) + " (set TABULA_SCRIPTS)");
  std::vector<fs::path> files;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec))
    if (it->is_regular_file() && it->path().extension() == ".lua") files.push_back(fs::relative(it->path(), root));
  if (ec) throw CliError("cannot list " + shown_path(root.string()) + ": " + ec.message());
  std::sort(files.begin(), files.end());
  return files;
}

std::string module_name(fs::path rel) {
  std::string name = rel.replace_extension().generic_string();
  std::replace(name.begin(), name.end(), '/', '.');
  return name;
}

// The pack's .luarc.json: the annotations, then the folders of the layers
// it builds on, where the engine's require() looks after the pack's own.
void write_luarc(const std::string& pack, const fs::path& out_dir) {
  const PackRef ref = resolve_pack(pack);
  LoadResult lr = load_pack(ref.dir, {}, pack_search_path());
  if (!lr.ok())
    throw CliError("pack '" + pack + "' does not load; see `tabula check`:\n" + lr.report());
  std::error_code ec;
  const fs::path own = fs::weakly_canonical(ref.dir, ec);
  std::vector<std::string> library = {out_dir.string()};
  for (const auto& d : lr.packs->script_dirs) {
    if (d.prefix == "scripts") continue;  // its modules are in the annotations, with their comments
    const fs::path dir = fs::weakly_canonical(d.dir, ec);
    if (dir != own) library.push_back(dir.string());
  }
  write_text(fs::path(ref.dir) / ".luarc.json", luarc_json(library));
}

}  // namespace

int cmd_annotations(const AnnotationsArgs& a) {
  std::error_code ec;
  const fs::path out_dir = fs::weakly_canonical(fs::absolute(a.out_dir, ec), ec);
  if (a.out_dir.empty() || ec) throw CliError("bad --out-dir '" + a.out_dir + "'");
  if (fs::exists(out_dir, ec) && !fs::is_directory(out_dir, ec))
    throw CliError("--out-dir " + shown_path(out_dir.string()) + " is a file, not a folder");
  write_text(out_dir / "tabula.lua", tabula_meta());
  const fs::path scripts = shared_scripts_dir();
  for (const auto& rel : shared_modules(scripts)) {
    const fs::path file = scripts / rel;
    write_text(out_dir / rel, module_meta(read_lua_module(module_name(rel), file.string(), read_text(file))));
  }
  if (!a.pack.empty()) write_luarc(a.pack, out_dir);
  return 0;
}

int cmd_luacheckrc(const LuacheckrcArgs& a) {
  if (a.out.empty()) {
    std::cout << luacheck_config();
    return 0;
  }
  write_text(a.out, luacheck_config());
  return 0;
}

}  // namespace tabula::cli
