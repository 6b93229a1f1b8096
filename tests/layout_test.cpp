// core/ is in folders by concern, one CMake object library each; a folder's
// target links the folders it may use (docs/architecture.md, "Layout").
// Every folder shares the repository root as its include path, so the
// compiler alone would let a lower folder include a higher one: these tests
// hold every include in core/ to the links core/CMakeLists.txt declares.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

struct Layers {
  std::map<std::string, std::set<std::string>> uses;     // folder -> folders it links
  std::map<std::string, std::set<std::string>> sources;  // folder -> its .cpp files
  std::map<std::string, std::set<std::string>> calls_up;  // folder -> headers above it that it may include
};

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The folders, their sources and links, as core/CMakeLists.txt declares them.
Layers read_layers(const std::string& cmake) {
  Layers l;
  const std::regex object(R"(add_library\(tabula_([a-z]+) OBJECT\s*([^)]*)\))");
  for (std::sregex_iterator it(cmake.begin(), cmake.end(), object), end; it != end; ++it) {
    std::istringstream files((*it)[2].str());
    std::string f;
    auto& srcs = l.sources[(*it)[1].str()];
    while (files >> f) srcs.insert(f);
  }
  const std::regex link(R"(target_link_libraries\(tabula_([a-z]+) PUBLIC ([^)]*)\))");
  for (std::sregex_iterator it(cmake.begin(), cmake.end(), link), end; it != end; ++it) {
    if (!l.sources.count((*it)[1].str())) continue;
    std::istringstream deps((*it)[2].str());
    std::string d;
    while (deps >> d)
      if (d.rfind("tabula_", 0) == 0) l.uses[(*it)[1].str()].insert(d.substr(7));
  }
  const std::regex up(R"(set_target_properties\(tabula_([a-z]+) PROPERTIES TABULA_CALLS_UP \"([^\"]*)\"\))");
  for (std::sregex_iterator it(cmake.begin(), cmake.end(), up), end; it != end; ++it) {
    std::istringstream headers((*it)[2].str());
    std::string h;
    while (std::getline(headers, h, ';')) l.calls_up[(*it)[1].str()].insert(h);
  }
  return l;
}

// Every folder `folder` may include: itself and what it links, transitively.
std::set<std::string> reachable(const Layers& l, const std::string& folder) {
  std::set<std::string> seen{folder};
  std::vector<std::string> to_visit{folder};
  while (!to_visit.empty()) {
    const std::string f = to_visit.back();
    to_visit.pop_back();
    auto it = l.uses.find(f);
    if (it == l.uses.end()) continue;
    for (const auto& d : it->second)
      if (seen.insert(d).second) to_visit.push_back(d);
  }
  return seen;
}

// The includes of `text` (a file of `folder`, called `name`) that reach a
// folder it does not link, one "name:line: core/x/y.h" each.
std::vector<std::string> violations(const Layers& l, const std::string& folder, const std::string& name,
                                    const std::string& text) {
  const std::set<std::string> ok = reachable(l, folder);
  const auto up = l.calls_up.count(folder) ? l.calls_up.at(folder) : std::set<std::string>{};
  const std::regex include(R"(^#include "core/([a-z]+)/([a-z_0-9]+\.h)\")");
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    std::smatch m;
    if (!std::regex_search(line, m, include)) continue;
    const std::string target = m[1].str() + "/" + m[2].str();
    if (!ok.count(m[1].str()) && !up.count(target))
      out.push_back(name + ":" + std::to_string(n) + ": core/" + target);
  }
  return out;
}

fs::path core_dir() { return fs::path(TABULA_SOURCE_DIR) / "core"; }

TEST(Layout, EveryKernelSourceBelongsToItsFoldersTarget) {
  const Layers l = read_layers(read_file(core_dir() / "CMakeLists.txt"));
  ASSERT_GE(l.sources.size(), 8u) << "core/CMakeLists.txt declares too few folder targets";
  for (const auto& entry : fs::directory_iterator(core_dir())) {
    if (entry.is_directory()) {
      const std::string folder = entry.path().filename().string();
      ASSERT_TRUE(l.sources.count(folder)) << "core/" << folder << "/ has no tabula_" << folder << " target";
      for (const auto& file : fs::directory_iterator(entry.path())) {
        const std::string name = file.path().filename().string();
        if (file.path().extension() == ".cpp") {
          EXPECT_TRUE(l.sources.at(folder).count(folder + "/" + name))
              << "core/" << folder << "/" << name << " is not a source of tabula_" << folder;
        }
      }
    } else {
      EXPECT_EQ(entry.path().filename(), "CMakeLists.txt")
          << entry.path() << ": core/ keeps its code in folders by concern";
    }
  }
}

TEST(Layout, IncludesGoOnlyToTheFoldersATargetLinks) {
  const Layers l = read_layers(read_file(core_dir() / "CMakeLists.txt"));
  size_t files = 0;
  for (const auto& [folder, srcs] : l.sources) {
    for (const auto& file : fs::directory_iterator(core_dir() / folder)) {
      ++files;
      const std::string name = "core/" + folder + "/" + file.path().filename().string();
      for (const auto& v : violations(l, folder, name, read_file(file.path())))
        ADD_FAILURE() << v << " is in a folder tabula_" << folder << " does not link (core/CMakeLists.txt)";
    }
  }
  EXPECT_GT(files, 60u);
}

TEST(Layout, AnUpwardIncludeIsFound) {
  const Layers l = read_layers(
      "add_library(tabula_low OBJECT low/a.cpp)\n"
      "add_library(tabula_mid OBJECT mid/b.cpp)\n"
      "target_link_libraries(tabula_mid PUBLIC tabula_low)\n"
      "add_library(tabula_top OBJECT top/c.cpp)\n"
      "target_link_libraries(tabula_top PUBLIC tabula_mid)\n"
      "set_target_properties(tabula_low PROPERTIES TABULA_CALLS_UP \"mid/host.h\")\n");
  // Down the layers, transitively, and a declared call up: allowed.
  EXPECT_TRUE(violations(l, "top", "t.cpp", "#include \"core/low/x.h\"\n#include \"core/top/y.h\"\n").empty());
  EXPECT_TRUE(violations(l, "low", "a.cpp", "#include \"core/mid/host.h\"\n").empty());
  // Up the layers: found, with the line.
  const auto found = violations(l, "low", "a.cpp", "#include <vector>\n#include \"core/mid/other.h\"\n");
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0], "a.cpp:2: core/mid/other.h");
  EXPECT_EQ(violations(l, "mid", "b.cpp", "#include \"core/top/c.h\"\n").size(), 1u);
}

}  // namespace
