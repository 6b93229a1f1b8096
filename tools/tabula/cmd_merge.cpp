// tabula merge: the shards of one run (`tabula run --shard I/N --out FILE`,
// played anywhere: other processes, machines, a Slurm array) combined into
// the summary one `tabula run` of the same seeds prints. The tallies are
// integer counts (run_tally.h), so the figures are exactly the same; with
// --no-timing, so are the bytes.
#include <fstream>
#include <iostream>
#include <sstream>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "tools/tabula/common.h"
#include "tools/tabula/run_report.h"
#include "tools/tabula/run_tally.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

// A reader's complaint in plain words: nlohmann's without its
// "[json.exception...]" tag, which says a key or a type is not as this
// tabula writes it (another version's shard, or an edited one).
std::string unreadable(std::string why) {
  const size_t tag = why.find("] ");
  if (why.rfind("[json.exception", 0) != 0 || tag == std::string::npos) return printable(why);
  return "not a shard this tabula can read (made by another version, or edited?): " + printable(why.substr(tag + 2));
}

struct ShardFile {
  std::string path;
  RunHeader header;
  int index = 0, of = 0;
  double seconds = 0;
  json tally;
};

ShardFile read_shard(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw CliError(printable(path) + ": cannot read it");
  std::stringstream text;
  text << in.rdbuf();
  ShardFile f;
  f.path = path;
  try {
    const json j = json::parse(text.str());
    if (!j.is_object() || j.value("format", "") != kShardFormat)
      throw std::runtime_error("not a shard of `tabula run` (no \"format\": \"" + std::string(kShardFormat) + "\")");
    if (j.at("version") != 1) throw std::runtime_error("shard format version " + j.at("version").dump() + ", this tabula reads 1");
    f.header = RunHeader::from_json(j.at("run"));
    f.index = j.at("shard").at("index").get<int>();
    f.of = j.at("shard").at("of").get<int>();
    f.seconds = j.at("seconds").get<double>();
    f.tally = j.at("tally");
    if (f.of < 1 || f.index < 1 || f.index > f.of) throw std::runtime_error("shard " + std::to_string(f.index) + "/" + std::to_string(f.of) + " is no shard");
  } catch (const std::exception& e) {
    throw CliError(printable(path) + ": " + unreadable(e.what()));
  }
  return f;
}

}  // namespace

int cmd_merge(const MergeArgs& a) {
  std::vector<ShardFile> shards;
  for (const std::string& path : a.files) shards.push_back(read_shard(path));
  const ShardFile& one = shards.front();
  std::vector<const ShardFile*> by_index(static_cast<size_t>(one.of), nullptr);
  for (const ShardFile& f : shards) {
    if (f.of != one.of)
      throw CliError(printable(f.path) + ": shard " + std::to_string(f.index) + "/" + std::to_string(f.of) + ", but " +
                     printable(one.path) + " is one of " + std::to_string(one.of));
    if (std::string why = f.header.differs(one.header); !why.empty())
      throw CliError(printable(f.path) + " and " + printable(one.path) + " are shards of different runs: " + why);
    const ShardFile*& slot = by_index[static_cast<size_t>(f.index - 1)];
    if (slot) throw CliError(printable(f.path) + ": shard " + std::to_string(f.index) + " again (also " + printable(slot->path) + ")");
    slot = &f;
  }
  std::string missing;
  for (size_t i = 0; i < by_index.size(); ++i)
    if (!by_index[i]) missing += (missing.empty() ? "" : ", ") + std::to_string(i + 1);
  if (!missing.empty())
    throw CliError("shard" + std::string(missing.find(',') == std::string::npos ? " " : "s ") + missing + " of " +
                   std::to_string(one.of) + " missing: merge every shard of the run");
  RunTally tally(one.header.seats);
  double seconds = 0;
  for (const ShardFile* f : by_index) {
    try {
      tally.merge(RunTally::load(f->tally, one.header.seats));
    } catch (const std::exception& e) {
      throw CliError(printable(f->path) + ": " + unreadable(e.what()));
    }
    seconds += f->seconds;
  }
  if (tally.games() != one.header.games)
    throw CliError("the shards hold " + std::to_string(tally.games()) + " games, the run " + std::to_string(one.header.games));
  // The shards' own seconds added up: the time of play, not the wall clock
  // of a run whose shards ran side by side.
  const double shown = a.no_timing ? -1 : seconds;
  const json report = report_json(one.header, tally, shown);
  write_reports(report, a.report, a.csv);
  if (a.json) std::cout << dump_report(report, 2) << "\n";
  else report_print(one.header, tally, shown);
  return tally.errors() ? 1 : 0;
}

}  // namespace tabula::cli
