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
#include "tools/tabula/safe_write.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

// The shared Lua library, as the engine finds it (core/pack/pack_toml.cpp).
std::string shared_scripts_dir() {
  const char* env = std::getenv("TABULA_SCRIPTS");
  return env && *env ? env : TABULA_SCRIPTS_DIR;
}

// A file the user named (luacheckrc -o FILE): written where the name leads.
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

// A file inside `root` (a pack, the annotations folder), which may have
// come with the pack: never written through a link (safe_write.h).
void write_in(const fs::path& root, const fs::path& rel, const std::string& text) {
  write_inside(root.string(), rel.string(), text, WriteMode::Replace);
  std::cout << "wrote " << shown_path((root / rel).string()) << "\n";
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
struct Luarc {
  fs::path dir;  // the pack's folder
  std::string text;
};
Luarc pack_luarc(const std::string& pack, const fs::path& out_dir) {
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
  return {ref.dir, luarc_json(library)};
}

}  // namespace

int cmd_annotations(const AnnotationsArgs& a) {
  std::error_code ec;
  // The default folder is made in the current one, which may be a pack's:
  // one that comes as a link to elsewhere is refused, as a link inside it.
  std::string given = a.out_dir;
  while (given.size() > 1 && given.back() == '/') given.pop_back();
  if (!given.empty() && fs::is_symlink(fs::symlink_status(given, ec)))
    throw CliError("refusing to write into --out-dir '" + given +
                   "': it is a symbolic link (tabula writes no file through a link); give the folder it leads to");
  const fs::path out_dir = fs::weakly_canonical(fs::absolute(a.out_dir, ec), ec);
  if (a.out_dir.empty() || ec) throw CliError("bad --out-dir '" + a.out_dir + "'");
  if (fs::exists(out_dir, ec) && !fs::is_directory(out_dir, ec))
    throw CliError("--out-dir " + shown_path(out_dir.string()) + " is a file, not a folder");
  // Everything is read and every file checked before any is written: a
  // refusal writes nothing.
  const fs::path scripts = shared_scripts_dir();
  std::vector<std::pair<fs::path, std::string>> files = {{"tabula.lua", tabula_meta()}};
  for (const auto& rel : shared_modules(scripts)) {
    const fs::path file = scripts / rel;
    files.emplace_back(rel, module_meta(read_lua_module(module_name(rel), file.string(), read_text(file))));
  }
  Luarc luarc;
  if (!a.pack.empty()) {
    luarc = pack_luarc(a.pack, out_dir);
    check_write_inside(luarc.dir.string(), ".luarc.json", WriteMode::Replace);
  }
  for (const auto& [rel, text] : files) check_write_inside(out_dir.string(), rel.string(), WriteMode::Replace);
  for (const auto& [rel, text] : files) write_in(out_dir, rel, text);
  if (!a.pack.empty()) write_in(luarc.dir, ".luarc.json", luarc.text);
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
