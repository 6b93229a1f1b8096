#include "core/script_ids.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>

#include "core/pack_layers.h"
#include "core/suggest.h"

namespace tabula {

namespace {

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
    std::ifstream in(file, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    const std::string src = ss.str();
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

}  // namespace tabula
