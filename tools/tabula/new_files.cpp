#include "tools/tabula/new_files.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "tools/tabula/common.h"

namespace tabula::cli {

namespace fs = std::filesystem;

void NewFiles::create(const std::string& rel, std::string text, std::string note) {
  files_.push_back({rel, std::move(text), std::move(note), WriteMode::Create});
}

void NewFiles::append(const std::string& rel, std::string text, std::string note) {
  files_.push_back({rel, std::move(text), std::move(note), WriteMode::Append});
}

void NewFiles::rewrite(const std::string& rel, std::string text, std::string note) {
  files_.push_back({rel, std::move(text), std::move(note), WriteMode::Replace});
}

std::string NewFiles::path(const File& f) const { return (fs::path(root_) / f.rel).string(); }

void NewFiles::check() const {
  std::error_code ec;
  for (const auto& f : files_) {
    // Links first: past a linked folder, a file "exists" somewhere else.
    const bool create = f.mode == WriteMode::Create;
    check_write_inside(root_, f.rel, create ? WriteMode::Replace : f.mode);
    if (create && fs::exists(fs::symlink_status(path(f), ec)))
      throw CliError("'" + shown_path(path(f)) + "' exists: tabula new writes only new files and overwrites nothing");
  }
}

void NewFiles::write() const {
  check();
  for (const auto& f : files_) {
    write_inside(root_, f.rel, f.text, f.mode);
    std::cout << "wrote " << shown_path(path(f));
    if (!f.note.empty()) std::cout << "  (" << f.note << ")";
    std::cout << "\n";
  }
}

namespace {
bool plain_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}
bool plain(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!plain_char(c)) return false;
  return true;
}
}  // namespace

void check_plain_id(const std::string& id, const std::string& what) {
  if (!plain(id) || id.size() > 64)
    throw CliError("the " + what + " '" + id +
                   "' is not a plain id: use letters, digits, '-' and '_' only (at most 64)");
}

std::string title_of(std::string_view id) {
  std::string t(id);
  for (auto& c : t)
    if (c == '-' || c == '_') c = ' ';
  if (!t.empty() && t[0] >= 'a' && t[0] <= 'z') t[0] = static_cast<char>(t[0] - 'a' + 'A');
  return t;
}

std::string toml_string(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    const auto u = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (u < 0x20 || u == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04X", u);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string toml_key(std::string_view key) { return plain(key) ? std::string(key) : toml_string(key); }

std::string toml_value(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::Bool:
      return v.as_bool() ? "true" : "false";
    case Value::Kind::Int:
      return std::to_string(v.as_int());
    case Value::Kind::Str:
      return toml_string(v.as_str());
    case Value::Kind::List: {
      std::string out = "[";
      for (const auto& item : v.items()) out += (out.size() > 1 ? ", " : "") + toml_value(item);
      return out + "]";
    }
    case Value::Kind::Dict: {
      if (v.entries().empty()) return "{}";
      std::string out = "{ ";
      bool first = true;
      for (const auto& [k, item] : v.entries()) {
        out += (first ? "" : ", ") + toml_key(k) + " = " + toml_value(item);
        first = false;
      }
      return out + " }";
    }
    case Value::Kind::Nil:
      break;
  }
  return "\"\"";  // TOML has no nil: callers leave nil values out
}

std::string read_text(const std::string& path) {
  std::error_code ec;
  if (!fs::exists(path, ec)) return "";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError("cannot read '" + shown_path(path) + "'");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace tabula::cli
