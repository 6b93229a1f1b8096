// Pieces the `tabula new` commands share: the files a command plans and
// then writes all at once (never over an existing file), and values and ids
// written as TOML text.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/state/value.h"
#include "tools/tabula/safe_write.h"

namespace tabula::cli {

// What one `tabula new` writes into the folder `root` (the new pack or
// layer, or the pack that gains a card). Everything is planned first; write()
// checks every file before it writes any, so a refusal leaves the disk as it
// was. Paths are relative to `root`; no file is written through a symbolic
// link (safe_write.h).
class NewFiles {
 public:
  explicit NewFiles(std::string root) : root_(std::move(root)) {}
  // A file that must not exist yet.
  void create(const std::string& rel, std::string text, std::string note = "");
  // Text added at the end of a file the pack already has.
  void append(const std::string& rel, std::string text, std::string note);
  // A file the pack already has, edited (pack.toml gaining a manifest).
  void rewrite(const std::string& rel, std::string text, std::string note);
  // Throws CliError, before writing anything, if a file to create exists, or
  // a file or a folder on the way to one is a link (or not what it must be).
  void check() const;
  // Writes every file and prints one line per file ("wrote PATH (note)").
  void write() const;

 private:
  struct File {
    std::string rel, text, note;
    WriteMode mode;
  };
  std::string path(const File& f) const;
  std::string root_;
  std::vector<File> files_;
};

// Ids that `tabula new` writes unquoted in TOML and uses as file and module
// names: letters, digits, '-' and '_', at most 64 bytes. Throws CliError
// naming `what` ("pack id", "definition id").
void check_plain_id(const std::string& id, const std::string& what);

// "angry-trolls" -> "Angry trolls": a first name for a new thing.
std::string title_of(std::string_view id);

std::string toml_string(std::string_view s);  // a basic string, quoted and escaped
std::string toml_key(std::string_view key);   // bare when it can be, else quoted
std::string toml_value(const Value& v);       // inline: lists as [..], tables as { .. }

// The file's text, "" for none; throws CliError when it exists but cannot be read.
std::string read_text(const std::string& path);

}  // namespace tabula::cli
