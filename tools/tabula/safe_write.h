// Writing files into a folder a stranger may have made, never through a
// link. `tabula new` writes into a pack, `tabula annotations` a pack's
// .luarc.json and the annotation files; a pack that ships one of those
// files, or a folder on the way to one, as a symbolic link to somewhere else
// must not get that place written (docs/security.md, "Inputs other than
// scripts").
#pragma once
#include <string>
#include <string_view>

namespace tabula::cli {

enum class WriteMode {
  Create,   // a new file: refused when it exists
  Replace,  // a file's whole text, made when missing
  Append,   // text added at the end of a file that exists
};

// Throws CliError, naming the path and writing nothing, when `root`/`rel`
// could not be written as `mode` says: a folder of `rel` or the file itself
// is a symbolic link, a folder is not one, the file is not a regular file or
// has other hard links (it may be a file elsewhere), or, to create, exists.
// `rel` is relative to `root` and has no `.` or `..` parts. The folders
// above `rel` (root itself) are the user's and may be reached by links.
void check_write_inside(const std::string& root, const std::string& rel, WriteMode mode);

// Writes `text` to `root`/`rel`, making missing folders. Every folder of
// `rel` is opened without following a link, and the file too (O_NOFOLLOW;
// O_EXCL to create), so a link put in place after a check is refused as
// well. Throws CliError as check_write_inside does.
void write_inside(const std::string& root, const std::string& rel, std::string_view text, WriteMode mode);

}  // namespace tabula::cli
