// A pack's `[pack] manifests`, read from its pack.toml and edited as text:
// adding a file changes only that array (or adds the key under [pack]), so
// the author's comments, order and layout stay as they were.
#pragma once
#include <string>
#include <vector>

namespace tabula::cli {

struct ManifestList {
  std::string path;                 // the pack.toml
  std::string text;                 // as read
  std::vector<std::string> files;   // as listed, in order
  size_t array_at = std::string::npos;      // the offset of the list's '[' in text
  size_t after_header = std::string::npos;  // the offset after the [pack] header line
  bool listed(const std::string& file) const;  // by path: "./a.toml" is "a.toml"
  // The text of pack.toml with `file` added at the end of the list. Throws
  // CliError when the file cannot be edited safely (say so, do nothing).
  std::string with(const std::string& file) const;
};

// Throws CliError for a pack.toml that does not parse or has no [pack].
ManifestList read_manifest_list(const std::string& pack_toml);

}  // namespace tabula::cli
