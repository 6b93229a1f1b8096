#include "core/pack/script_ids.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "core/pack/pack_layers.h"
#include "core/state/suggest.h"

namespace tabula {

namespace {

// A script's whole text (the loader has read it before: it exists).
std::string file_text(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The names a script gives the `tabula` table: "tabula" itself and every
// `local X = tabula`.
std::vector<std::string> aliases(const std::string& src) {
  std::vector<std::string> out{"tabula"};
  std::istringstream in(src);
  std::string line;
  while (std::getline(in, line)) {
    std::istringstream words(line);
    std::string local, name, eq, value;
    if (words >> local >> name >> eq >> value && local == "local" && eq == "=" && value == "tabula" &&
        std::all_of(name.begin(), name.end(), ident_char))
      out.push_back(name);
  }
  return out;
}

// What each API call names with its first argument.
enum class Names { Entity, Param, Zone };
struct Call {
  const char* fn;
  Names names;
};
constexpr Call kCalls[] = {{"create", Names::Entity}, {"def_get", Names::Entity}, {"param", Names::Param},
                           {"zone", Names::Zone},     {"count", Names::Zone},      {"shuffle", Names::Zone}};

}  // namespace

void check_script_ids(const PackSet& packs, const std::set<std::string>& removed, std::vector<Diagnostic>& diags) {
  std::vector<std::string> entities, params, zones;
  for (const auto& [id, e] : packs.entities) entities.push_back(id);
  for (const auto& [id, p] : packs.params) params.push_back(id);
  for (const auto& z : packs.zones) zones.push_back(z.id);
  const std::set<std::string> known_entities(entities.begin(), entities.end()),
      known_params(params.begin(), params.end()), known_zones(zones.begin(), zones.end());

  for (const auto& file : layer_lua_files(packs)) {
    const std::string src = file_text(file);
    const std::vector<std::string> names = aliases(src);
    std::vector<Diagnostic> found;  // in the order of the file
    std::istringstream lines(src);
    std::string line;
    int lineno = 0;
    while (std::getline(lines, line)) {
      ++lineno;
      const size_t comment = line.find("--");
      for (const auto& alias : names)
        for (const Call& call : kCalls) {
          const std::string head = alias + "." + call.fn;
          for (size_t at = line.find(head); at != std::string::npos && at < comment; at = line.find(head, at + 1)) {
            if (at > 0 && (ident_char(line[at - 1]) || line[at - 1] == '.')) continue;
            size_t i = at + head.size();
            while (i < line.size() && line[i] == ' ') ++i;
            if (i >= line.size() || line[i] != '(') continue;
            ++i;
            while (i < line.size() && line[i] == ' ') ++i;
            if (i >= line.size() || (line[i] != '"' && line[i] != '\'')) continue;
            const char quote = line[i];
            const size_t start = i + 1;
            const size_t stop = line.find(quote, start);
            if (stop == std::string::npos) continue;
            size_t after = stop + 1;
            while (after < line.size() && line[after] == ' ') ++after;
            // Only a whole literal argument: not "rank" .. r, not an escape.
            if (after >= line.size() || (line[after] != ',' && line[after] != ')')) continue;
            const std::string id = line.substr(start, stop - start);
            if (id.find('\\') != std::string::npos) continue;
            const std::set<std::string>& known = call.names == Names::Entity ? known_entities
                                                 : call.names == Names::Param ? known_params
                                                                              : known_zones;
            if (known.count(id) || removed.count(id)) continue;
            const std::vector<std::string>& all = call.names == Names::Entity ? entities
                                                  : call.names == Names::Param ? params
                                                                               : zones;
            const char* what = call.names == Names::Entity ? "entity definition"
                               : call.names == Names::Param ? "parameter"
                                                            : "zone";
            found.push_back({Diagnostic::Severity::Warning,
                             SourcePos{file, lineno, static_cast<int>(start) + 1}, "",
                             "tabula." + std::string(call.fn) + " names '" + id + "', but the packs declare no " +
                                 what + " '" + id + "'" + suggestion(id, all)});
          }
        }
    }
    std::stable_sort(found.begin(), found.end(), [](const Diagnostic& a, const Diagnostic& b) {
      return a.pos.line != b.pos.line ? a.pos.line < b.pos.line : a.pos.column < b.pos.column;
    });
    diags.insert(diags.end(), found.begin(), found.end());
  }
}

namespace {

// A whole string literal starting at line[i] (a quote): its text and where
// it starts, when it ends on the line, holds no escape and is followed by
// `,` `}` `)` or the end of the line (not "rank" .. r).
// A call's only argument written without parentheses (T.log "key") is
// whole whatever follows.
bool whole_literal(const std::string& line, size_t i, size_t end, std::string& text, size_t& start, bool bare) {
  if (i >= end || (line[i] != '"' && line[i] != '\'')) return false;
  const size_t stop = line.find(line[i], i + 1);
  if (stop == std::string::npos || stop >= end) return false;
  size_t after = stop + 1;
  while (after < line.size() && line[after] == ' ') ++after;
  if (!bare && after < line.size() && after < end && line[after] != ',' && line[after] != '}' && line[after] != ')')
    return false;
  text = line.substr(i + 1, stop - i - 1);
  start = i + 1;
  return text.find('\\') == std::string::npos && !text.empty();
}

// Words joined by dots ("combat.where"): what a key of a texts file looks
// like. Other strings in a `label` field (a screen's "Gold:") are not judged.
bool key_like(const std::string& s) {
  if (s.find('.') == std::string::npos || s.front() == '.' || s.back() == '.') return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return ident_char(c) || c == '.' || c == '-'; });
}

size_t skip_spaces(const std::string& line, size_t i) {
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}

// Where the first argument of a call whose `(` is at line[open] ends (the
// `,` at depth 1), or npos; strings are skipped.
size_t second_argument(const std::string& line, size_t open) {
  int depth = 0;
  for (size_t i = open; i < line.size(); ++i) {
    const char c = line[i];
    if (c == '"' || c == '\'') {
      const size_t stop = line.find(c, i + 1);
      if (stop == std::string::npos) return std::string::npos;
      i = stop;
    } else if (c == '(' || c == '{' || c == '[') {
      ++depth;
    } else if (c == ')' || c == '}' || c == ']') {
      if (--depth == 0) return std::string::npos;
    } else if (c == ',' && depth == 1) {
      return i + 1;
    }
  }
  return std::string::npos;
}

}  // namespace

void check_script_texts(const PackSet& packs, std::vector<Diagnostic>& diags) {
  std::vector<std::string> keys;
  for (const auto& t : packs.texts) keys.push_back(t.key);
  const std::set<std::string> known(keys.begin(), keys.end());
  for (const auto& file : layer_lua_files(packs)) {
    const std::string src = file_text(file);
    const std::vector<std::string> names = aliases(src);
    std::istringstream lines(src);
    std::string line;
    int lineno = 0;
    bool long_string = false;  // inside --[[ ]] or [[ ]] (skipped whole)
    while (std::getline(lines, line)) {
      ++lineno;
      if (long_string) {
        if (line.find("]]") != std::string::npos) long_string = false;
        continue;
      }
      size_t end = line.find("--");
      if (end != std::string::npos && line.compare(end, 4, "--[[") == 0 && line.find("]]", end) == std::string::npos)
        long_string = true;
      if (end == std::string::npos) end = line.size();
      std::vector<size_t> texts;  // where a text starts: a quote, or a `{` before one
      std::set<size_t> bare;      // ... a call's argument without parentheses
      auto text_at = [&](size_t i) {
        i = skip_spaces(line, i);
        if (i < end) texts.push_back(i);
      };
      for (const auto& alias : names)
        for (const char* fn : {"log", "text", "game_over"}) {
          const std::string head = alias + "." + fn;
          for (size_t at = line.find(head); at != std::string::npos && at < end; at = line.find(head, at + 1)) {
            if (at > 0 && (ident_char(line[at - 1]) || line[at - 1] == '.')) continue;
            size_t i = skip_spaces(line, at + head.size());
            if (i >= end || ident_char(line[i])) continue;
            if (std::string_view(fn) == "game_over") {
              if (line[i] == '(' && (i = second_argument(line, i)) != std::string::npos) text_at(i);
              continue;
            }
            if (line[i] == '(') ++i;
            else if (line[i] == '"' || line[i] == '\'') bare.insert(i);
            text_at(i);
          }
        }
      for (const char* field : {"prompt", "label"}) {
        const std::string_view f(field);
        for (size_t at = line.find(f); at != std::string::npos && at < end; at = line.find(f, at + 1)) {
          if ((at > 0 && (ident_char(line[at - 1]) || line[at - 1] == '.')) || ident_char(line[at + f.size()])) continue;
          const size_t eq = skip_spaces(line, at + f.size());
          if (eq >= end || line[eq] != '=' || (eq + 1 < line.size() && line[eq + 1] == '=')) continue;
          text_at(eq + 1);
        }
      }
      if (texts.empty()) continue;
      // Nested texts: a named argument `name = { "key"` inside a text table.
      for (size_t k = 0; k < texts.size(); ++k) {
        if (line[texts[k]] != '{') continue;
        int depth = 0;
        for (size_t i = texts[k]; i < end; ++i) {
          const char c = line[i];
          if (c == '"' || c == '\'') {
            const size_t stop = line.find(c, i + 1);
            if (stop == std::string::npos) break;
            i = stop;
          } else if (c == '{') {
            size_t before = i;
            while (before > texts[k] && line[before - 1] == ' ') --before;
            if (depth > 0 && line[before - 1] == '=') texts.push_back(i);
            ++depth;
          } else if (c == '}' && --depth == 0) {
            break;
          }
        }
      }
      std::set<size_t> done;
      std::vector<Diagnostic> found;
      for (size_t i : texts) {
        if (line[i] == '{') i = skip_spaces(line, i + 1);
        std::string key;
        size_t start = 0;
        if (!whole_literal(line, i, end, key, start, bare.count(i) > 0) || done.count(start)) continue;
        done.insert(start);
        if (known.count(key) || !key_like(key)) continue;
        found.push_back({Diagnostic::Severity::Error, SourcePos{file, lineno, static_cast<int>(start) + 1}, "",
                         "the text '" + key + "' is declared in no texts file of the packs" + suggestion(key, keys)});
      }
      std::sort(found.begin(), found.end(), [](const Diagnostic& a, const Diagnostic& b) { return a.pos.column < b.pos.column; });
      diags.insert(diags.end(), found.begin(), found.end());
    }
  }
}

}  // namespace tabula
