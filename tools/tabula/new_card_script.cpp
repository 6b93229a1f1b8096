#include "tools/tabula/new_card_script.h"

#include <cctype>
#include <filesystem>

#include "tools/tabula/new_files.h"

namespace tabula::cli {

namespace fs = std::filesystem;

namespace {

std::string trimmed(const std::string& s) {
  const size_t a = s.find_first_not_of(" \t\r");
  if (a == std::string::npos) return "";
  return s.substr(a, s.find_last_not_of(" \t\r") - a + 1);
}

// What the pack that declares the kind says of it in comments: the lines
// just above its first [kinds.X] table, and the comment on its `requires`
// line. Empty when it says nothing.
std::vector<std::string> kind_notes(const PackSet& p, const std::string& kind) {
  const std::string head = "[kinds." + kind + "]", props = "[kinds." + kind + ".props]";
  for (const auto& layer : p.layers) {
    std::vector<std::string> lines;
    {
      std::string text = read_text((fs::path(layer.dir) / "pack.toml").string()), line;
      for (char c : text) {
        if (c == '\n') {
          lines.push_back(trimmed(line));
          line.clear();
        } else {
          line += c;
        }
      }
      lines.push_back(trimmed(line));
    }
    for (size_t i = 0; i < lines.size(); ++i) {
      if (lines[i].rfind(head, 0) != 0 && lines[i].rfind(props, 0) != 0) continue;
      std::vector<std::string> out;
      for (size_t j = i; j > 0 && !lines[j - 1].empty() && lines[j - 1][0] == '#'; --j)
        out.insert(out.begin(), trimmed(lines[j - 1].substr(1)));
      for (size_t j = i + 1; j < lines.size() && (lines[j].empty() || lines[j][0] != '['); ++j)
        if (lines[j].rfind("requires", 0) == 0 && lines[j].find('#') != std::string::npos)
          out.push_back(trimmed(lines[j].substr(lines[j].find('#') + 1)));
      return out;
    }
  }
  return {};
}

// The name `require` takes to reach `key` from the new entry's pack, or ""
// when another file of that name comes first on require's path (the packs,
// top layer first, then scripts/) or the name is not one require accepts.
std::string require_name(const PackSet& p, const std::string& key, const std::string& own_path) {
  const auto it = p.scripts.find(key);
  if (it == p.scripts.end() || key.size() <= it->second.pack.size() + 5) return "";
  const std::string rel = key.substr(it->second.pack.size() + 1);
  if (rel == own_path || rel.size() < 5 || rel.compare(rel.size() - 4, 4, ".lua") != 0) return "";
  std::string name = rel.substr(0, rel.size() - 4);
  for (auto& c : name) {
    if (c == '/') c = '.';
    else if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-')) return "";
  }
  std::error_code ec;
  for (const auto& d : p.script_dirs)
    if (fs::is_regular_file(fs::path(d.dir) / rel, ec)) return d.prefix == it->second.pack ? name : "";
  return "";
}

}  // namespace

std::string card_script(const Engine& engine, const CardScript& c) {
  const PackSet& p = engine.packs();
  const KindDef& kind = *p.kind(c.kind);
  const std::string like_module = c.like && !c.like->script.empty() ? require_name(p, c.like->script, c.own_path) : "";
  std::string t = "-- " + title_of(c.id) + " (" + c.id + "): a new " + c.kind + ", written by `tabula new card`";
  t += c.like ? " like " + c.like->id + ".\n" : ".\n";
  if (!like_module.empty()) {
    t += "-- For now it does what " + c.like->id + " does: its module is required and\n"
         "-- everything it exports (functions and handlers) is copied below. Replace\n"
         "-- a function to make " + c.id + " differ.\n";
  } else if (c.like && !c.like->script.empty()) {
    t += "-- " + c.like->id + "'s script (" + c.like->script + ") cannot be required from this pack\n"
         "-- (another file of its name comes first): read it for an example.\n";
  }
  const std::vector<std::string> notes = kind_notes(p, c.kind);
  if (!notes.empty()) {
    t += "-- What the pack says of its kind " + c.kind + ":\n";
    for (const auto& n : notes) t += "--   " + n + "\n";
  }
  t += "-- Every function the kernel calls gets one table, ctx: ctx.self is this\n"
       "-- entity's id and ctx.args what the caller passes (docs/lua-api.md, \"The\n"
       "-- hook context\"). ";
  if (kind.required_functions.empty() && !like_module.empty()) {
    t += "The kind requires no function.\n";
  } else if (kind.required_functions.empty()) {
    t += "The kind requires no function: add what its other entries\n"
         "-- have (M.on = { event = function(ctx) ... end }, M.modify = { ... }).\n";
  } else {
    std::string names;
    for (const auto& f : kind.required_functions) names += (names.empty() ? "" : ", ") + f;
    t += "The kind requires: " + names + ".\n";
  }
  if (!like_module.empty()) t += "local like = require " + toml_string(like_module) + "\n";
  t += "local M = {}\n";
  if (!like_module.empty()) t += "for name, value in pairs(like) do M[name] = value end\n";
  for (const auto& f : kind.required_functions) {
    t += "\n";
    // A dotted name reaches into nested tables: make them first, as copies,
    // so that defining a function here never changes --like's own table.
    for (size_t dot = f.find('.'); dot != std::string::npos; dot = f.find('.', dot + 1)) {
      const std::string table = "M." + f.substr(0, dot);
      t += "do local t = {} for k, v in pairs(" + table + " or {}) do t[k] = v end " + table + " = t end\n";
    }
    t += "function M." + f + "(ctx)\n";
    if (!like_module.empty() && engine.function_id(c.like->script, f) >= 0)
      t += "  return like." + f + "(ctx)  -- as " + c.like->id + " does: write " + c.id + "'s own here\n";
    else
      t += "  -- What " + c.id + " does when the rules call " + f + " (docs/contracts.md): write it here.\n";
    t += "end\n";
  }
  return t + "\nreturn M\n";
}

}  // namespace tabula::cli
