#include "tools/tabula/manifest_list.h"

#include <algorithm>
#include <filesystem>

#include "core/pack/toml.h"
#include "tools/tabula/common.h"
#include "tools/tabula/new_files.h"

namespace tabula::cli {

namespace {

// The byte offset of a toml++ position: lines from 1, columns from 1 in
// code points.
size_t offset_of(const std::string& text, const toml::source_position& p) {
  size_t at = 0;
  for (uint32_t line = 1; line < p.line && at < text.size(); ++line) {
    at = text.find('\n', at);
    if (at == std::string::npos) return text.size();
    ++at;
  }
  for (uint32_t col = 1; col < p.column && at < text.size(); ++col) {
    ++at;  // past one code point: its lead byte and any continuation bytes
    while (at < text.size() && (static_cast<unsigned char>(text[at]) & 0xC0) == 0x80) ++at;
  }
  return at;
}

// From the '[' at `open`: the offset just after the last thing written in
// the array before its closing ']' (an element, a ',' or the '[' itself),
// skipping strings and comments. npos if the array does not close.
size_t end_of_items(const std::string& t, size_t open) {
  size_t last = open + 1;
  int depth = 0;
  for (size_t i = open; i < t.size(); ++i) {
    const char c = t[i];
    if (c == '#') {
      i = t.find('\n', i);
      if (i == std::string::npos) return i;
      continue;
    }
    if (c == '"' || c == '\'') {
      const bool triple = t.compare(i, 3, std::string(3, c)) == 0;
      const std::string close = triple ? std::string(3, c) : std::string(1, c);
      size_t j = i + close.size();
      while (j < t.size() && t.compare(j, close.size(), close) != 0) j += (c == '"' && t[j] == '\\') ? 2 : 1;
      if (j >= t.size()) return std::string::npos;
      i = j + close.size() - 1;
      last = i + 1;
      continue;
    }
    if (c == '[') ++depth;
    if (c == ']' && --depth == 0) return last;
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') last = i + 1;
  }
  return std::string::npos;
}

}  // namespace

bool ManifestList::listed(const std::string& file) const {
  const std::string want = std::filesystem::path(file).lexically_normal().generic_string();
  return std::any_of(files.begin(), files.end(), [&](const std::string& f) {
    return std::filesystem::path(f).lexically_normal().generic_string() == want;
  });
}

ManifestList read_manifest_list(const std::string& pack_toml) {
  ManifestList m;
  m.path = pack_toml;
  m.text = read_text(pack_toml);
  toml::table doc;
  try {
    doc = toml::parse(m.text, pack_toml);
  } catch (const toml::parse_error& e) {
    throw CliError(shown_path(pack_toml) + ": " + std::string(e.description()) + " (see `tabula check`)");
  }
  const toml::table* pack = doc["pack"].as_table();
  if (!pack) throw CliError(shown_path(pack_toml) + " has no [pack] table");
  const size_t header = offset_of(m.text, pack->source().begin);
  if (m.text.compare(header, 6, "[pack]") == 0) {
    m.after_header = m.text.find('\n', header);
    m.after_header = m.after_header == std::string::npos ? m.text.size() : m.after_header + 1;
  }
  if (const toml::node* list = pack->get("manifests")) {
    const toml::array* a = list->as_array();
    if (!a) throw CliError(shown_path(pack_toml) + ": [pack] manifests is not a list (see `tabula check`)");
    for (const auto& item : *a)
      if (const auto* s = item.as_string()) m.files.push_back(s->get());
    m.array_at = offset_of(m.text, list->source().begin);
    if (m.array_at >= m.text.size() || m.text[m.array_at] != '[') m.array_at = std::string::npos;
  }
  return m;
}

std::string ManifestList::with(const std::string& file) const {
  const std::string quoted = toml_string(file);
  std::string t = text;
  const bool has_key = array_at != std::string::npos || !files.empty();
  if (has_key) {
    const size_t at = array_at == std::string::npos ? std::string::npos : end_of_items(t, array_at);
    if (at == std::string::npos)
      throw CliError("cannot find the end of [pack] manifests in " + shown_path(path) + ": add " + quoted +
                     " to it yourself");
    const char before = t[at - 1];
    t.insert(at, before == '[' ? quoted : before == ',' ? " " + quoted : ", " + quoted);
    return t;
  }
  if (after_header == std::string::npos)
    throw CliError("cannot find the [pack] header in " + shown_path(path) + ": add manifests = [" + quoted +
                   "] to [pack] yourself");
  const bool crlf = t.find("\r\n") != std::string::npos;
  std::string line = "manifests = [" + quoted + "]" + (crlf ? "\r\n" : "\n");
  if (after_header == t.size() && !t.empty() && t.back() != '\n') line = (crlf ? "\r\n" : "\n") + line;
  t.insert(after_header, line);
  return t;
}

}  // namespace tabula::cli
