#include "tools/tabula/common.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "core/state/suggest.h"

namespace tabula::cli {

namespace fs = std::filesystem;

std::string content_dir() {
  if (const char* env = std::getenv("TABULA_CONTENT"); env && *env) return env;
  std::error_code ec;
  for (fs::path p = fs::current_path(ec); !ec && !p.empty(); p = p.parent_path()) {
    if (fs::is_directory(p / "content", ec)) return (p / "content").string();
    if (p == p.parent_path()) break;
  }
  return TABULA_CONTENT_DIR;
}

std::vector<std::string>& extra_pack_dirs() {
  static std::vector<std::string> dirs;
  return dirs;
}

std::vector<std::string> pack_search_path() {
  std::vector<std::string> out = extra_pack_dirs();
  if (const char* env = std::getenv("TABULA_PATH"); env && *env) {
    std::string path = env;
    for (size_t at = 0; at <= path.size();) {
      const size_t end = std::min(path.find(':', at), path.size());
      if (end > at) out.push_back(path.substr(at, end - at));
      at = end + 1;
    }
  }
  out.push_back(content_dir());
  return out;
}

PackRef resolve_pack(const std::string& arg) {
  std::error_code ec;
  if (arg.empty()) throw CliError("an empty pack name");
  if (fs::is_directory(arg, ec)) return {arg, fs::absolute(arg, ec).lexically_normal().string()};
  const std::vector<std::string> search = pack_search_path();
  for (const auto& dir : search)
    if (fs::path in = fs::path(dir) / arg; fs::is_directory(in, ec)) return {in.string(), arg};
  // A log written elsewhere names a folder that is not here: try its last
  // component on the search path.
  fs::path name = fs::path(arg).lexically_normal().filename();
  if (name.empty()) name = fs::path(arg).lexically_normal().parent_path().filename();
  if (!name.empty() && name != fs::path(arg))
    for (const auto& dir : search)
      if (fs::path in = fs::path(dir) / name; fs::is_directory(in, ec)) return {in.string(), name.string()};
  std::string where;
  std::vector<std::string> packs;  // the names a misspelt one may mean
  for (const auto& dir : search) {
    where += (where.empty() ? "" : ", ") + shown_path(dir) + "/";
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_directory(ec) && fs::exists(it->path() / "pack.toml", ec)) packs.push_back(it->path().filename().string());
  }
  std::sort(packs.begin(), packs.end());
  throw CliError("no pack '" + printable(arg) + "'" + suggestion(arg, packs) + ": no such folder here or in " + where +
                 " (more folders: --packs DIR or TABULA_PATH)");
}

LoadResult load_named(const std::string& pack, const std::vector<std::string>& with, bool check_scripts,
                      std::vector<std::string>* log_names) {
  const PackRef base = resolve_pack(pack);
  std::vector<std::string> extras;
  if (log_names) log_names->push_back(base.log_name);
  for (const auto& w : with) {
    const PackRef r = resolve_pack(w);
    extras.push_back(r.dir);
    if (log_names) log_names->push_back(r.log_name);
  }
  return load_pack(base.dir, extras, pack_search_path(), check_scripts);
}

std::unique_ptr<PackSet> loaded_or_throw(const std::string& pack, LoadResult lr, bool quiet) {
  std::string errors;
  int n_errors = 0;
  for (const auto& d : lr.diagnostics) {
    if (d.severity == Diagnostic::Severity::Error) {
      errors += "\n" + d.to_string();
      ++n_errors;
    } else if (!quiet) {
      std::cerr << d.to_string() << "\n";
    }
  }
  if (!lr.ok())
    throw CliError("pack '" + pack + "' does not load (" + std::to_string(n_errors) + " error" +
                   (n_errors == 1 ? "" : "s") + "; see `tabula check`):" + errors);
  return std::move(lr.packs);
}

namespace {

Value set_value(const std::string& text, const std::string& item) {
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {
    if (text.empty() || text.find_first_of("[]{}\",") != std::string::npos)
      throw UsageError("--set " + printable(item) + ": the value is neither JSON (7, [2, 2], true, \"text\") nor a plain word");
    return Value(text);
  }
  try {
    return value_from_json(j, "--set " + item);
  } catch (const std::exception& e) {
    throw UsageError(printable(e.what()) + " (values are integers, strings, booleans, lists and tables)");
  }
}

}  // namespace

std::vector<std::string> apply_sets(PackSet& packs, const std::vector<std::string>& sets) {
  std::vector<std::string> done;
  for (const std::string& item : sets) {
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw UsageError("--set " + printable(item) + ": expected NAME=VALUE, e.g. --set start_gold=5");
    const std::string path = item.substr(0, eq);
    const size_t dot = path.find('.');
    const std::string name = path.substr(0, dot), key = dot == std::string::npos ? "" : path.substr(dot + 1);
    auto it = packs.params.find(name);
    if (it == packs.params.end()) {
      std::vector<std::string> names;
      for (const auto& [n, p] : packs.params) names.push_back(n);
      throw UsageError("--set " + printable(item) + ": pack '" + packs.id() + "' has no param '" + printable(name) + "'" +
                       suggestion(name, names) + " (the params are the [params] tables of its manifests)");
    }
    Value v = set_value(item.substr(eq + 1), item);
    Value& target = it->second.value;
    Value* slot = &target;
    if (!key.empty()) {
      if (target.kind() != Value::Kind::Dict)
        throw UsageError("--set " + printable(item) + ": param '" + name + "' is " + Value::kind_name(target.kind()) +
                         ", not a table with keys");
      const Value& old = target.get(key);
      if (old.is_nil()) {
        std::vector<std::string> keys;
        for (const auto& e : target.entries()) keys.push_back(e.first);
        throw UsageError("--set " + printable(item) + ": param '" + name + "' has no key '" + printable(key) + "'" + suggestion(key, keys));
      }
      if (old.kind() != v.kind())
        throw UsageError("--set " + printable(item) + ": " + path + " holds " + Value::kind_name(old.kind()) + ", not " +
                         Value::kind_name(v.kind()));
      target.set(key, v);
      slot = nullptr;
    }
    if (slot) {
      if (target.kind() != v.kind())
        throw UsageError("--set " + printable(item) + ": param '" + name + "' holds " + Value::kind_name(target.kind()) +
                         ", not " + Value::kind_name(v.kind()));
      target = v;
    }
    it->second.layer = "--set";
    it->second.provisional = false;
    done.push_back(path + "=" + value_to_json(v).dump());
  }
  return done;
}

Opened open_engine(const std::string& pack, const std::vector<std::string>& with, const std::vector<std::string>& sets) {
  Opened o;
  std::unique_ptr<PackSet> packs = loaded_or_throw(pack, load_named(pack, with, false, &o.log_packs));
  o.sets = apply_sets(*packs, sets);
  try {
    o.engine = std::make_unique<Engine>(std::move(packs));
  } catch (const ScriptError& e) {
    throw CliError(e.what());
  }
  return o;
}

GameSetup game_setup(const PackSet& packs, const std::string& setup, int seats) {
  GameSetup g;
  g.seats = packs.seats.fallback;
  if (!setup.empty()) {
    auto it = packs.setups.find(setup);
    if (it == packs.setups.end()) {
      std::string names;
      for (const auto& [id, s] : packs.setups) names += (names.empty() ? "" : ", ") + id;
      throw CliError("pack '" + packs.id() + "' has no setup '" + setup + "' (" +
                     (names.empty() ? std::string("it defines no [setups]") : "available: " + names) + ")");
    }
    g.options = it->second.options;
    if (it->second.seats > 0) g.seats = it->second.seats;
  }
  if (seats > 0) g.seats = seats;
  if (g.seats < packs.seats.min || g.seats > packs.seats.max)
    throw CliError("pack '" + packs.id() + "' is played by " + std::to_string(packs.seats.min) +
                   (packs.seats.max > packs.seats.min ? " to " + std::to_string(packs.seats.max) : std::string()) +
                   " seats, not " + std::to_string(g.seats));
  // [seats] game_min: fewer seats play only a setup made for them.
  if (setup.empty() && g.seats < packs.seats.game_min) {
    std::vector<std::string> fits;
    for (const auto& [id, s] : packs.setups)
      if (s.seats == 0 || s.seats == g.seats) fits.push_back(id);
    std::string list;
    for (size_t i = 0; i < fits.size(); ++i)
      list += (i == 0 ? "" : i + 1 == fits.size() ? " or " : ", ") + fits[i];
    const std::string n = std::to_string(g.seats);
    throw CliError("pack '" + packs.id() + "' is played by " + std::to_string(packs.seats.game_min) + " to " +
                   std::to_string(packs.seats.max) + " seats; " + n + (g.seats == 1 ? " seat" : " seats") +
                   (fits.empty() ? " plays none of its games" : " plays only a setup: --setup " + list));
  }
  return g;
}

int seat_count(int seats, int players) {
  if (seats > 0 && players > 0 && seats != players)
    throw CliError("--players " + std::to_string(players) + " and --seats " + std::to_string(seats) +
                   " disagree: give one of them");
  return players > 0 ? players : seats;
}

std::string shown_path(const std::string& path) {
  std::error_code ec;
  fs::path rel = fs::relative(path, fs::current_path(ec), ec);
  if (ec || rel.empty()) return path;
  std::string r = rel.string();
  return r.size() < path.size() ? r : path;
}

std::string hex(uint64_t v) {
  std::ostringstream o;
  o << std::hex << v;
  return o.str();
}

}  // namespace tabula::cli
