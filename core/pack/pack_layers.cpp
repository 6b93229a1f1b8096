#include "core/pack/pack_layers.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "core/state/suggest.h"

namespace tabula {

namespace fs = std::filesystem;

namespace {
void report(std::vector<Diagnostic>& diags, Diagnostic::Severity sev, const SourcePos& pos, std::string key,
            std::string msg) {
  diags.push_back({sev, pos, std::move(key), std::move(msg)});
}
}  // namespace

void splice_inserts(PackSet& out, std::vector<StepInsert> inserts,
                    std::map<std::string, std::vector<SourcePos>>& step_pos, std::vector<Diagnostic>& diags) {
  std::sort(inserts.begin(), inserts.end(), [](const StepInsert& a, const StepInsert& b) {
    return a.layer != b.layer ? a.layer < b.layer : a.node < b.node;
  });
  // How many nodes already went right after each (parent, anchor), so that
  // later ones follow them instead of jumping ahead.
  std::map<std::pair<std::string, std::string>, size_t> after_count;
  for (const auto& in : inserts) {
    const std::string key = "flow." + in.node + ".insert";
    auto parent = out.flow.find(in.into);
    if (parent == out.flow.end()) {
      std::vector<std::string> names;
      for (const auto& [id, _] : out.flow) names.push_back(id);
      report(diags, Diagnostic::Severity::Error, in.pos, key + ".into",
             "no flow node '" + in.into + "' to insert into" + suggestion(in.into, names));
      continue;
    }
    std::vector<std::string>& steps = parent->second.steps;
    if (steps.empty()) {
      report(diags, Diagnostic::Severity::Error, in.pos, key + ".into",
             "flow node '" + in.into + "' has no steps to insert into (its body is a hook or combat)");
      continue;
    }
    if (std::find(steps.begin(), steps.end(), in.node) != steps.end()) continue;  // a later layer listed it itself
    auto anchor = std::find(steps.begin(), steps.end(), in.anchor);
    if (anchor == steps.end()) {
      report(diags, Diagnostic::Severity::Error, in.pos, key + (in.before ? ".before" : ".after"),
             "'" + in.anchor + "' is not a step of flow node '" + in.into + "'" + suggestion(in.anchor, steps));
      continue;
    }
    size_t at = static_cast<size_t>(anchor - steps.begin());
    if (!in.before) at += 1 + after_count[{in.into, in.anchor}]++;
    steps.insert(steps.begin() + static_cast<std::ptrdiff_t>(at), in.node);
    auto& where = step_pos[in.into];
    if (where.size() + 1 == steps.size()) where.insert(where.begin() + static_cast<std::ptrdiff_t>(at), in.pos);
  }
}

// --- remove follows references ------------------------------------------------

namespace {

struct Follow {
  const std::map<std::string, const Removal*>& gone;
  std::vector<Diagnostic>& diags;

  const Removal* removed(const Value& v) const {
    if (!v.is_str()) return nullptr;
    auto it = gone.find(std::string(v.as_str()));
    return it == gone.end() ? nullptr : it->second;
  }
  static std::string by(const Removal& r) { return "layer '" + r.layer + "' removed it (" + r.pos.to_string() + ")"; }

  // Lists lose the removed ids (a note each); a scalar naming one is an
  // error. Tables are walked, so a pool kept in a table of lists is followed.
  void drop(Value& v, const std::string& key, const SourcePos& pos) {
    if (const Removal* r = removed(v)) {
      report(diags, Diagnostic::Severity::Error, pos, key, "names '" + std::string(v.as_str()) + "', but " + by(*r));
      return;
    }
    if (v.is_list()) {
      List& items = v.items();
      std::vector<std::pair<const Removal*, int>> dropped;  // in order of first mention
      for (size_t i = 0; i < items.size();) {
        if (const Removal* r = removed(items[i])) {
          auto d = std::find_if(dropped.begin(), dropped.end(), [&](const auto& x) { return x.first == r; });
          if (d == dropped.end()) dropped.push_back({r, 1});
          else ++d->second;
          items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
          drop(items[i], key + "[" + std::to_string(i) + "]", pos);
          ++i;
        }
      }
      for (const auto& [r, n] : dropped)
        report(diags, Diagnostic::Severity::Note, pos, key,
               "dropped '" + r->id + "' from this list" + (n > 1 ? " (" + std::to_string(n) + " times)" : "") + ": " +
                   by(*r));
    } else if (v.is_dict()) {
      for (auto& [k, x] : v.entries()) drop(x, key + "." + k, pos);
    }
  }

  // An entity's property keeps its value: a definition is data its author
  // wrote, so each mention is an error to fix.
  void name_check(const Value& v, const std::string& key, const SourcePos& pos) {
    if (const Removal* r = removed(v))
      report(diags, Diagnostic::Severity::Error, pos, key, "names '" + std::string(v.as_str()) + "', but " + by(*r));
    else if (v.is_list())
      for (size_t i = 0; i < v.items().size(); ++i) name_check(v.items()[i], key + "[" + std::to_string(i) + "]", pos);
    else if (v.is_dict())
      for (const auto& [k, x] : v.entries()) name_check(x, key + "." + k, pos);
  }
};

bool read_text(const fs::path& p, std::string& out) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

// The level of a long bracket "[==[" starting at i, or -1.
int long_bracket(const std::string& s, size_t i) {
  if (i >= s.size() || s[i] != '[') return -1;
  size_t j = i + 1;
  while (j < s.size() && s[j] == '=') ++j;
  return j < s.size() && s[j] == '[' ? static_cast<int>(j - i - 1) : -1;
}

}  // namespace

std::vector<LuaLiteral> lua_string_literals(const std::string& s, const std::vector<std::string>& names) {
  std::vector<LuaLiteral> out;
  auto keep = [&](const std::string& text, int line) {
    if (std::find(names.begin(), names.end(), text) != names.end()) out.push_back({text, line});
  };
  int line = 1;
  size_t i = 0;
  // Skips a long bracket at i of the given level; returns its contents.
  auto long_string = [&](int level) {
    const size_t open = i + static_cast<size_t>(level) + 2;
    const std::string close = "]" + std::string(static_cast<size_t>(level), '=') + "]";
    size_t end = s.find(close, open);
    if (end == std::string::npos) end = s.size();
    std::string text = s.substr(open, end - open);
    line += static_cast<int>(std::count(text.begin(), text.end(), '\n'));
    i = std::min(s.size(), end + close.size());
    return text;
  };
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {
      i += 2;
      if (int level = long_bracket(s, i); level >= 0) long_string(level);
      else while (i < s.size() && s[i] != '\n') ++i;
    } else if (int level = long_bracket(s, i); level >= 0) {
      const int at = line;
      std::string text = long_string(level);
      if (!text.empty() && text[0] == '\n') text.erase(0, 1);  // Lua skips a first newline
      keep(text, at);
    } else if (c == '"' || c == '\'') {
      const int at = line;
      std::string text;
      bool escaped = false;
      for (++i; i < s.size() && s[i] != c && s[i] != '\n'; ++i) {
        if (s[i] == '\\') {
          escaped = true;
          if (++i < s.size() && s[i] == '\n') ++line;
          continue;
        }
        text += s[i];
      }
      ++i;
      if (!escaped) keep(text, at);  // ids have no escapes
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::string> layer_lua_files(const PackSet& packs) {
  std::vector<std::string> files;
  for (const auto& l : packs.layers) {
    std::error_code ec;
    for (fs::recursive_directory_iterator it(l.dir, ec), end; !ec && it != end; it.increment(ec))
      if (it->is_regular_file() && it->path().extension() == ".lua") files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

void follow_removals(PackSet& out, const std::vector<Removal>& removed, const PositionOf& at,
                     std::vector<Diagnostic>& diags) {
  std::map<std::string, const Removal*> gone;
  for (const auto& r : removed)
    if (!out.entities.count(r.id)) gone[r.id] = &r;  // defined again by a later layer: nothing to follow
  if (gone.empty()) return;
  Follow f{gone, diags};
  for (auto& [name, p] : out.params) f.drop(p.value, "params." + name, p.pos);
  for (auto& [id, setup] : out.setups)
    for (auto& [k, v] : setup.options) f.drop(v, "setups." + id + ".options." + k, at("setups." + id, SourcePos{}));
  for (const auto& [id, e] : out.entities)
    for (const auto& [prop, v] : e.props) {
      const std::string key = "entity." + id + ".props." + prop;
      f.name_check(v, key, at(key, e.pos));
    }
  // Scripts name entries by string too: every Lua file of every layer.
  std::vector<std::string> names;
  for (const auto& [id, _] : gone) names.push_back(id);
  for (const auto& file : layer_lua_files(out)) {
    std::string src;
    if (!read_text(file, src)) continue;
    for (const auto& lit : lua_string_literals(src, names))
      report(diags, Diagnostic::Severity::Warning, SourcePos{file, lit.line, 0}, "",
             "the script still names '" + lit.text + "', but " + Follow::by(*gone.at(lit.text)));
  }
}

}  // namespace tabula
