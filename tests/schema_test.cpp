// `tabula schema` end to end (the built tool as a child process): its help,
// its errors, and that the schemas it writes are JSON that lists the keys of
// the loader's own key list and types each kind's properties. Validating the
// shipped packs against them is tests/validate_manifests.py (ctest
// ManifestSchema.*).
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/pack/manifest_keys.h"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

struct Ran {
  int code = -1;
  std::string out;  // stdout
  std::string err;  // stderr
};

std::string slurp(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

class SchemaCommand : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    tmp_ = fs::temp_directory_path() / ("tabula-schema-test-" + std::to_string(getpid()));
    fs::remove_all(tmp_);
    fs::create_directories(tmp_);
  }
  static void TearDownTestSuite() { fs::remove_all(tmp_); }

  // Runs `tabula ARGS` from the source folder; stdout and stderr apart, so
  // that stdout can be parsed as JSON.
  static Ran run(const std::string& args) {
    Ran r;
    const std::string tool = std::string(TABULA_BINARY_DIR) + "/tools/tabula";
    if (!fs::exists(tool)) {
      r.err = "no " + tool + ": build the tabula target first";
      return r;
    }
    const fs::path err = tmp_ / "stderr.txt";
    const std::string cmd = "cd '" TABULA_SOURCE_DIR "' && '" + tool + "' " + args + " 2>'" + err.string() + "'";
    FILE* p = popen(cmd.c_str(), "r");
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.err = slurp(err);
    return r;
  }

  static json schema_of(const std::string& args) {
    const Ran r = run("schema " + args);
    EXPECT_EQ(r.code, 0) << r.err;
    return json::parse(r.out);  // throws, failing the test, when it is not JSON
  }

  static std::vector<std::string> names(const json& properties) {
    std::vector<std::string> out;
    for (const auto& [k, v] : properties.items()) out.push_back(k);
    std::sort(out.begin(), out.end());
    return out;
  }

  static std::vector<std::string> names(tabula::KeyTable t) {
    std::vector<std::string> out;
    for (const auto& k : tabula::manifest_keys(t).keys) out.emplace_back(k.name);
    std::sort(out.begin(), out.end());
    return out;
  }

  static inline fs::path tmp_;
};

TEST_F(SchemaCommand, HelpNamesTheOptions) {
  const Ran r = run("schema --help");
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* option : {"--with", "--packs", "--role", "-o,--out", "--out-dir"})
    EXPECT_NE(r.out.find(option), std::string::npos) << option << " missing from:\n" << r.out;
}

TEST_F(SchemaCommand, UnknownPackIsAClearError) {
  const Ran r = run("schema no-such-pack");
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("tabula: error: no pack 'no-such-pack': no such folder here or in ", 0), 0u) << r.err;
}

TEST_F(SchemaCommand, PackThatDoesNotLoadIsReportedAtTheFileAndLine) {
  const fs::path pack = tmp_ / "badkey";
  fs::create_directories(pack);
  std::ofstream(pack / "pack.toml") << "[pack]\nid = \"badkey\"\n\n[zones.deck]\nvisiblity = \"hidden\"\n";
  const Ran r = run("schema " + pack.string());
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("tabula: error: pack '" + pack.string() + "' does not load (1 error"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("pack.toml:5:1: error: zones.deck.visiblity: unknown key (did you mean 'visibility'?)"),
            std::string::npos)
      << r.err;
}

TEST_F(SchemaCommand, ManifestSchemaTypesEachKindsDeclaredProps) {
  const json s = schema_of("tests/packs/duel");
  EXPECT_EQ(s.at("$schema"), "http://json-schema.org/draft-07/schema#");
  // [kinds.fighter.props] hp = "int", damage = { type = "int", default = 0 }
  const json& fighter = s.at("definitions").at("props.fighter");
  EXPECT_EQ(fighter.at("additionalProperties"), false);
  EXPECT_EQ(fighter.at("properties").at("hp").at("type"), "integer");
  EXPECT_EQ(fighter.at("properties").at("damage").at("default"), 0);
  EXPECT_EQ(names(fighter.at("properties")), (std::vector<std::string>{"damage", "hp", "power"}));
  // A definition of kind fighter takes its props from there.
  const json& entity = s.at("definitions").at("entity");
  EXPECT_EQ(entity.at("properties").at("kind").at("enum"), json::array({"fighter"}));
  ASSERT_EQ(entity.at("allOf").size(), 1u);
  EXPECT_EQ(entity.at("allOf")[0].at("if").at("properties").at("kind").at("const"), "fighter");
  EXPECT_EQ(entity.at("allOf")[0].at("then").at("properties").at("props").at("$ref"), "#/definitions/props.fighter");
  // [change.knight] is typed by the knight's kind; an id no layer defines is not offered.
  const json& change = s.at("properties").at("change");
  EXPECT_EQ(change.at("properties").at("knight").at("$ref"), "#/definitions/change.fighter");
  EXPECT_EQ(change.at("additionalProperties"), false);
  EXPECT_EQ(s.at("additionalProperties").at("$ref"), "#/definitions/entity");
}

TEST_F(SchemaCommand, LayerSchemaHasTheKindsOfTheLayersBelow) {
  // dungeon-lords-veterans patches dungeon-lords: its [change.X] tables
  // change the base game's entities.
  const json s = schema_of("dungeon-lords-veterans");
  EXPECT_TRUE(s.at("definitions").contains("props.monster"));
  EXPECT_FALSE(s.at("properties").at("change").at("properties").empty());
}

TEST_F(SchemaCommand, PackSchemaListsExactlyTheLoadersKeys) {
  const json s = schema_of("tests/packs/duel --role pack");
  using tabula::KeyTable;
  const json& p = s.at("properties");
  EXPECT_EQ(names(p), names(KeyTable::Root));
  EXPECT_EQ(names(p.at("pack").at("properties")), names(KeyTable::Pack));
  EXPECT_EQ(p.at("pack").at("required"), json::array({"id"}));
  EXPECT_EQ(names(p.at("zones").at("additionalProperties").at("properties")), names(KeyTable::Zone));
  EXPECT_EQ(names(p.at("flow").at("additionalProperties").at("properties")), names(KeyTable::FlowNode));
  EXPECT_EQ(names(p.at("kinds").at("additionalProperties").at("properties")), names(KeyTable::Kind));
  // Hover help comes from the same list.
  EXPECT_EQ(p.at("zones").at("additionalProperties").at("properties").at("visibility").at("description"),
            std::string(tabula::manifest_keys(KeyTable::Zone).keys[2].about));
  EXPECT_EQ(p.at("zones").at("additionalProperties").at("properties").at("visibility").at("enum"),
            json::array({"public", "owner", "hidden", "contents"}));
}

TEST_F(SchemaCommand, OutDirWritesTheThreeSchemas) {
  const fs::path out = tmp_ / "out";
  const Ran r = run("schema tests/packs/duel --out-dir " + out.string());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "");
  for (const char* file : {"pack.schema.json", "manifest.schema.json", "texts.schema.json"}) {
    const json s = json::parse(slurp(out / file));
    EXPECT_EQ(s.at("$schema"), "http://json-schema.org/draft-07/schema#") << file;
  }
  EXPECT_EQ(json::parse(slurp(out / "manifest.schema.json")), schema_of("tests/packs/duel"));
  EXPECT_EQ(json::parse(slurp(out / "texts.schema.json")), schema_of("tests/packs/duel --role texts"));
}

TEST_F(SchemaCommand, OutAndOutDirTogetherAreRefused) {
  const Ran r = run("schema tests/packs/duel -o a.json --out-dir b");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.err.find("tabula: error: "), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(fs::path(TABULA_SOURCE_DIR) / "a.json"));
}

}  // namespace
