// Graphs as data (docs/packs.md "[graphs.X]", docs/lua-api.md "Graphs"):
// load errors with a place (unknown neighbour, missing reverse edge, self
// loop, duplicate, node/zone clash), layers that add areas, and the queries:
// neighbours, distance, shortest path with blocked nodes and its tie-break,
// nodes within a distance, tags, and occupancy through node zones.
// Pack: tests/packs/graph.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/lua/lua_host.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

using namespace tabula;
namespace fs = std::filesystem;

namespace {

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

struct Graph : testing::Test {
  void SetUp() override {
    LoadResult r = load_pack(std::string(TABULA_SOURCE_DIR) + "/tests/packs/graph");
    ASSERT_TRUE(r.ok()) << r.report();
    e = std::make_unique<Engine>(std::move(r.packs));
    s = e->new_game(1, 1);
  }
  // tabula.<fn>(args...) as a value: a list of node names, an integer, or "nil".
  Value q(const char* fn, List args) {
    Value a = Value::dict();
    a.set("fn", Value(fn));
    a.set("args", Value::list(std::move(args)));
    return e->kernel().host().call_value(s, "graph/rules.lua", "query", a);
  }
  static Value nodes(std::initializer_list<const char*> names) {
    List l;
    for (const char* n : names) l.emplace_back(n);
    return Value::list(std::move(l));
  }
  std::unique_ptr<Engine> e;
  State s;
};

// Packs written to a temporary folder: the base, and optional layers on top.
struct TempPacks {
  fs::path root = fs::temp_directory_path() / ("tabula-graph-" + std::to_string(::getpid()));
  TempPacks() { fs::remove_all(root); }
  ~TempPacks() { fs::remove_all(root); }
  std::string write(const std::string& id, const std::string& toml) {
    fs::create_directories(root / id);
    std::ofstream(root / id / "pack.toml") << "[pack]\nid = \"" << id << "\"\n" << toml;
    return (root / id).string();
  }
};

}  // namespace

TEST_F(Graph, NodesAdjacencyAndTags) {
  EXPECT_EQ(q("nodes", {Value("map")}), nodes({"a", "b", "c", "d", "e", "f", "g"}));
  EXPECT_EQ(q("nodes", {Value("map"), Value("wood")}), nodes({"c", "f"}));
  EXPECT_EQ(q("nodes", {Value("map"), Value("wood")}), nodes({"c", "f"}));  // again: kept from the first call
  EXPECT_EQ(q("nodes", {Value("map"), Value("wet")}), nodes({"c"}));
  EXPECT_EQ(q("nodes", {Value("ring"), Value("wood")}), nodes({}));  // a tag of another graph's nodes
  EXPECT_EQ(q("nodes", {Value("map"), Value("nowhere")}), nodes({}));
  EXPECT_EQ(q("nodes", {Value("ring")}), nodes({"r1", "r2", "r3"}));
  EXPECT_EQ(q("adjacent", {Value("d")}), nodes({"b", "c", "e"}));
  EXPECT_EQ(q("adjacent", {Value("r3")}), nodes({"r1"}));
  EXPECT_EQ(q("node_tags", {Value("c")}), nodes({"wet", "wood"}));
  EXPECT_EQ(q("node_tags", {Value("a")}), Value::list());
}

TEST_F(Graph, Distance) {
  EXPECT_EQ(q("distance", {Value("a"), Value("a")}), Value(int64_t{0}));
  EXPECT_EQ(q("distance", {Value("a"), Value("e")}), Value(int64_t{3}));
  EXPECT_EQ(q("distance", {Value("e"), Value("a")}), Value(int64_t{3}));
  EXPECT_EQ(q("distance", {Value("a"), Value("g")}), Value("nil"));   // unreachable
  EXPECT_EQ(q("distance", {Value("a"), Value("r1")}), Value("nil"));  // another graph
  // One-way edges: r1 -> r2 -> r3 -> r1.
  EXPECT_EQ(q("distance", {Value("r1"), Value("r3")}), Value(int64_t{2}));
  EXPECT_EQ(q("distance", {Value("r3"), Value("r1")}), Value(int64_t{1}));
}

// Among equally short paths each step takes the first neighbour in node
// order: a-b-d before a-c-d.
TEST_F(Graph, PathTakesTheFirstNeighbourOnTies) {
  EXPECT_EQ(q("path", {Value("a"), Value("d")}), nodes({"b", "d"}));
  EXPECT_EQ(q("path", {Value("a"), Value("e")}), nodes({"b", "d", "e"}));
  EXPECT_EQ(q("path", {Value("e"), Value("a")}), nodes({"d", "b", "a"}));
  EXPECT_EQ(q("path", {Value("a"), Value("a")}), Value::list());
  EXPECT_EQ(q("path", {Value("a"), Value("g")}), Value("nil"));
  EXPECT_EQ(q("path", {Value("r1"), Value("r3")}), nodes({"r2", "r3"}));
}

TEST_F(Graph, PathAvoidsBlockedNodes) {
  EXPECT_EQ(q("path", {Value("a"), Value("d"), nodes({"b"})}), nodes({"c", "d"}));
  EXPECT_EQ(q("path", {Value("a"), Value("e"), nodes({"d"})}), nodes({"c", "f", "e"}));
  EXPECT_EQ(q("path", {Value("a"), Value("e"), nodes({"d", "f"})}), Value("nil"));
  EXPECT_EQ(q("path", {Value("a"), Value("e"), nodes({"e"})}), Value("nil"));     // the goal blocked
  EXPECT_EQ(q("path", {Value("a"), Value("d"), nodes({"a"})}), nodes({"b", "d"}));  // the start is exempt
  // A set {node = true} works as a list does.
  Value set = Value::dict();
  set.set("b", Value(true));
  set.set("c", Value(false));
  EXPECT_EQ(q("path", {Value("a"), Value("d"), set}), nodes({"c", "d"}));
  // A variable's list (a live table) works as well.
  EXPECT_EQ(e->kernel().host().call_value(s, "graph/rules.lua", "blocked_by_var", Value()), nodes({"c", "d"}));
  // One-way edges searched against their direction.
  EXPECT_EQ(q("path", {Value("r1"), Value("r3"), nodes({"r2"})}), Value("nil"));
  EXPECT_EQ(q("path", {Value("r1"), Value("r3"), nodes({"r1"})}), nodes({"r2", "r3"}));
}

TEST_F(Graph, WithinIsNearestFirstAndAvoidsBlockedNodes) {
  EXPECT_EQ(q("within", {Value("a"), Value(int64_t{1})}), nodes({"b", "c"}));
  EXPECT_EQ(q("within", {Value("a"), Value(int64_t{2})}), nodes({"b", "c", "d", "f"}));
  EXPECT_EQ(q("within", {Value("e"), Value(int64_t{2})}), nodes({"d", "f", "b", "c"}));
  EXPECT_EQ(q("within", {Value("a"), Value(int64_t{9})}), nodes({"b", "c", "d", "f", "e"}));
  EXPECT_EQ(q("within", {Value("a"), Value(int64_t{2}), nodes({"c"})}), nodes({"b", "d"}));
  EXPECT_EQ(q("within", {Value("a"), Value(int64_t{3}), nodes({"c"})}), nodes({"b", "d", "e"}));
  EXPECT_EQ(q("within", {Value("a"), Value(int64_t{0})}), Value::list());
  EXPECT_EQ(q("within", {Value("g"), Value(int64_t{3})}), Value::list());
}

TEST_F(Graph, UnknownNodesAndGraphsAreScriptErrors) {
  EXPECT_THROW(q("adjacent", {Value("zz")}), ScriptError);
  EXPECT_THROW(q("nodes", {Value("maps")}), ScriptError);
  EXPECT_THROW(q("path", {Value("a"), Value("d"), nodes({"q"})}), ScriptError);
  try {
    q("distance", {Value("a"), Value("zz")});
  } catch (const ScriptError& x) {
    EXPECT_TRUE(contains(x.what(), "unknown node 'zz'")) << x.what();
  }
}

// Each node of a graph with zones = true is a shared zone: a figure's area
// is where it is, and an area's figures are the zone's contents.
TEST_F(Graph, NodesAreZones) {
  Value r = e->kernel().host().call_value(s, "graph/rules.lua", "occupancy", Value());
  EXPECT_EQ(r.get("zone"), Value("d"));
  EXPECT_EQ(r.get("count"), Value(int64_t{1}));
  EXPECT_EQ(r.get("first"), Value(true));
  EXPECT_GE(e->zone_index(s, "a"), 0);
  EXPECT_LT(e->zone_index(s, "r1"), 0);  // the ring has no zones
}

TEST(GraphLoad, BadGraphsNameTheirPlace) {
  TempPacks t;
  LoadResult r = load_pack(t.write("bad", R"([zones.b]
[graphs.map]
zones = true
[graphs.map.nodes]
a = ["b", "cc", "a"]
b = ["c"]
c = ["b", "b"]
[graphs.other.nodes]
c = []
)"));
  ASSERT_FALSE(r.ok());
  const std::string report = r.report();
  // Unknown neighbour, with a suggestion.
  EXPECT_TRUE(contains(report, "bad/pack.toml:7:11: error: graphs.map.nodes.a: unknown node 'cc' in graph 'map' (did you mean 'c'?)"))
      << report;
  // A self-loop.
  EXPECT_TRUE(contains(report, "pack.toml:7:17: error: graphs.map.nodes.a: node 'a' lists itself")) << report;
  // A missing reverse edge names both ends.
  EXPECT_TRUE(contains(report, "pack.toml:7:6: error: graphs.map.nodes.a: the edge 'a' -> 'b' has no reverse: node 'b' (")) << report;
  EXPECT_TRUE(contains(report, "pack.toml:8:1) does not list 'a'")) << report;
  // A neighbour listed twice.
  EXPECT_TRUE(contains(report, "pack.toml:9:11: error: graphs.map.nodes.c[1]: 'b' is listed twice")) << report;
  // A node id in two graphs.
  EXPECT_TRUE(contains(report, "pack.toml:11:1: error: graphs.other.nodes.c: node 'c' is also a node of graph 'map'")) << report;
  // A node zone that clashes with a declared zone.
  EXPECT_TRUE(contains(report, "pack.toml:8:1: error: graphs.map.nodes.b: node 'b' would be a zone (zones = true), but [zones.b] is declared")) << report;
}

TEST(GraphLoad, AnExpansionAddsAreasAndEdges) {
  TempPacks t;
  t.write("base", "[graphs.map.nodes]\na = [\"b\"]\nb = [\"a\"]\n");
  const std::string exp = t.write("exp", "extends = \"base\"\n[graphs.map.nodes]\nb = [\"c\"]\nc = [\"b\"]\n");
  LoadResult r = load_pack(exp);
  ASSERT_TRUE(r.ok()) << r.report();
  const GraphDef& g = r.packs->graphs.at("map");
  EXPECT_EQ(g.nodes.size(), 3u);
  EXPECT_EQ(g.nodes.at("b").adjacent, (std::vector<std::string>{"a", "c"}));
  GraphIndex gi(*r.packs);
  EXPECT_EQ(gi.distance(gi.node("a"), gi.node("c")), 2);

  // A layer that adds one end of an edge only breaks symmetry, named at its place.
  t.write("exp", "extends = \"base\"\n[graphs.map.nodes]\nc = [\"b\"]\n");
  LoadResult bad = load_pack(exp);
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(contains(bad.report(), "exp/pack.toml:5:6: error: graphs.map.nodes.c: the edge 'c' -> 'b' has no reverse"))
      << bad.report();
}
