// Reading seats and their groups, setups, combat and graphs, with their
// checks once every layer is merged (groups within the seat counts, kinds'
// fighting properties, graph edges and the zones graphs make).
#include "core/pack/toml_reader.h"

#include <algorithm>
#include <set>

#include "core/pack/graph.h"
#include "core/state/suggest.h"

namespace tabula::pack_toml {

namespace {

// The most seats a pack may declare, a group may reach or a setup may ask
// for. A game allocates every seat's zones and counters when it starts, so
// an unbounded count is unbounded memory.
constexpr int kMaxSeats = 1000;

}  // namespace

// [seats]: the seat counts, each seat's counters and the seat groups.
void Loader::read_seats(const LayerFile& layer, const toml::table& seats) {
  Table t(*this, seats, "seats", KeyTable::Seats);
  bool counts_ok = true;
  for (auto [k, into] : {std::pair<const char*, int*>{"min", &out.seats.min}, {"max", &out.seats.max},
                         {"default", &out.seats.fallback}, {"game_min", &out.seats.game_min}})
    if (auto v = t.integer(k)) {
      if (*v >= 1 && *v <= kMaxSeats) {
        *into = static_cast<int>(*v);
      } else {
        error(*t.raw().get(k), std::string("seats.") + k, "must be between 1 and " + std::to_string(kMaxSeats));
        counts_ok = false;
      }
    }
  if (const toml::table* c = t.table("counters")) {
    for (auto&& [k, v] : *c) {
      auto x = to_value(*this, v, "seats.counters." + std::string(k.str()));
      if (x) dict_set(out.seats.counters, k.str(), *x);
      touch(layer, "seats.counters." + std::string(k.str()), pos_of(v.source()));
    }
  }
  if (const toml::table* g = t.table("groups")) read_seat_groups(layer, *g);
  t.finish();
  if (counts_ok && (out.seats.max < out.seats.min || out.seats.fallback < out.seats.min ||
                    out.seats.fallback > out.seats.max))
    error(t.pos(), "seats", "need 1 <= min <= default <= max");
  if (counts_ok && out.seats.game_min != 0 &&
      (out.seats.game_min < out.seats.min || out.seats.game_min > out.seats.fallback))
    error(*t.raw().get("game_min"), "seats.game_min", "need min <= game_min <= default (a game without a setup starts with default seats)");
}

// [seats.groups] name = { first = 1, count = 1 }: seats counted from 1;
// without count the group runs to the last seat of the game.
void Loader::read_seat_groups(const LayerFile& layer, const toml::table& groups) {
  for (auto&& [k, v] : groups) {
    const std::string name(k.str());
    const std::string key = "seats.groups." + name;
    if (!v.is_table()) {
      wrong_type(v, key, "a table { first = ..., count = ... }");
      continue;
    }
    Table t(*this, *v.as_table(), key, KeyTable::SeatGroup);
    SeatGroup g;
    g.name = name;
    g.pos = pos_of(v.source());
    const toml::node* first = t.node("first");
    if (!first) error(g.pos, key + ".first", "missing required key (the group's first seat, from 1)");
    else if (!first->is_integer()) wrong_type(*first, key + ".first", "an integer");
    else if (*first->value<int64_t>() < 1 || *first->value<int64_t>() > kMaxSeats) error(*first, key + ".first", "must be a seat number from 1");
    else g.first = static_cast<int>(*first->value<int64_t>() - 1);
    if (auto c = t.integer("count")) {
      if (*c < 1 || *c > kMaxSeats) error(*t.raw().get("count"), key + ".count", "must be at least 1 (leave it out: up to the last seat)");
      else g.count = static_cast<int>(*c);
    }
    t.finish();
    auto it = std::lower_bound(out.seats.groups.begin(), out.seats.groups.end(), name,
                               [](const SeatGroup& a, const std::string& b) { return a.name < b; });
    if (it != out.seats.groups.end() && it->name == name) *it = g;
    else out.seats.groups.insert(it, g);
    touch(layer, key, g.pos);
  }
}

// Every group has a seat in every game the pack allows (its first seat is
// within seats.min) and ends within seats.max; the flow names only groups
// that exist.
void Loader::check_seat_groups() {
  std::vector<std::string> names;
  for (const auto& g : out.seats.groups) {
    names.push_back(g.name);
    const std::string key = "seats.groups." + g.name;
    if (g.first + 1 > out.seats.min)
      error(g.pos, key + ".first", "group '" + g.name + "' starts at seat " + std::to_string(g.first + 1) +
                                       ", but a game may have only " + std::to_string(out.seats.min) + " seat(s) (seats.min)");
    if (g.count > 0 && g.first + g.count > out.seats.max)
      error(g.pos, key + ".count", "group '" + g.name + "' ends at seat " + std::to_string(g.first + g.count) +
                                       ", past seats.max = " + std::to_string(out.seats.max));
  }
  for (const auto& [id, n] : out.flow) {
    if (n.seat_group.empty() || out.seats.group(n.seat_group)) continue;
    auto at = group_pos_.find(id);
    error(at != group_pos_.end() ? at->second : n.pos, "flow." + id + ".each_seat",
          "unknown seat group '" + n.seat_group + "'" + suggestion(n.seat_group, names) +
              (names.empty() ? " (groups are declared in [seats.groups])" : ""));
  }
}

// [setups.X]: a named start: its seats and options.
void Loader::read_setups(const LayerFile& layer, const toml::table& setups) {
  for (auto&& [k, v] : setups) {
    std::string id(k.str());
    if (!v.is_table()) {
      wrong_type(v, "setups." + id, "a table");
      continue;
    }
    Table t(*this, *v.as_table(), "setups." + id, KeyTable::Setup);
    PackSet::Setup s;
    s.name = t.text("name").value_or(Text{id, ""});
    setup_seats_.erase(id);
    if (auto n = t.integer("seats")) {
      setup_seats_[id] = {*n, pos_of(t.raw().get("seats")->source())};
      if (*n >= 0 && *n <= kMaxSeats) s.seats = static_cast<int>(*n);
    }
    if (const toml::node* o = t.node("options")) {
      if (!o->is_table()) wrong_type(*o, "setups." + id + ".options", "a table");
      else if (auto val = to_value(*this, *o, "setups." + id + ".options")) s.options = val->entries();
    }
    t.finish();
    out.setups[id] = std::move(s);
    touch(layer, "setups." + id, pos_of(k.source()));
  }
}

// [combat]: the fight's module, its stage hooks in order, and the names it
// uses (hp, damage, the defenders' and the knocked-out zones).
void Loader::read_combat(const LayerFile& layer, const toml::table& combat) {
  Table t(*this, combat, "combat", KeyTable::Combat);
  combat_pos_ = t.pos();
  CombatDef& c = out.combat;
  c.declared = true;
  if (auto s = t.str("script")) c.script = script_key(layer, *s, *t.raw().get("script"), "combat.script");
  if (auto v = t.strings("stages")) {
    c.stages = *v;
    stage_pos_.clear();
    for (const auto& x : *t.raw().get("stages")->as_array()) stage_pos_.push_back(pos_of(x.source()));
  }
  if (auto v = t.str("hp")) c.hp = *v;
  if (auto v = t.str("damage")) c.damage = *v;
  if (auto v = t.str("defenders")) c.defenders = *v;
  if (auto v = t.str("knocked_out_to")) c.knocked_out_to = *v;
  t.finish();
  c.layer = layer.info.id;
  for (auto&& [k, v] : combat) touch(layer, "combat." + std::string(k.str()), pos_of(v.source()));
}

// The fighting properties a kind names are int properties of that kind, and
// the zone it sends knocked-out entities to is declared.
void Loader::check_fight_kinds() {
  for (const auto& [id, kd] : out.kinds) {
    auto pos = [&](const std::string& what) {
      auto it = touched_.find(what);
      return it != touched_.end() ? it->second.second : SourcePos{};
    };
    for (auto [key, name] : {std::pair<const char*, const std::string*>{"hp", &kd.hp}, {"damage", &kd.damage}}) {
      if (name->empty()) continue;
      const std::string what = "kinds." + id + "." + key;
      const PropSpec* p = kd.prop(*name);
      if (!p) {
        std::vector<std::string> names;
        for (const auto& x : kd.props) names.push_back(x.name);
        error(pos(what), what, "kind '" + id + "' has no property '" + *name + "'" + suggestion(*name, names));
      } else if (p->type != Value::Kind::Int) {
        error(pos(what), what, "property '" + *name + "' of kind '" + id + "' must be an int");
      }
    }
    if (!kd.knocked_out_to.empty() && !out.zone(kd.knocked_out_to)) {
      std::vector<std::string> names;
      for (const auto& z : out.zones) names.push_back(z.id);
      const std::string what = "kinds." + id + ".knocked_out_to";
      error(pos(what), what, "zone '" + kd.knocked_out_to + "' is not declared" + suggestion(kd.knocked_out_to, names));
    }
  }
}

// [graphs.X]: its flags and nodes. A later layer may add nodes, and edges
// and tags to a node declared below it; it removes none, so two layers that
// add to one graph do not conflict. A node is a list of neighbours or
// { adjacent = [...], tags = [...] }.
void Loader::read_graph(const LayerFile& layer, const std::string& id, const toml::node& v) {
  const std::string key = "graphs." + id;
  if (!v.is_table()) {
    wrong_type(v, key, "a table");
    return;
  }
  GraphDef& g = out.graphs[id];
  if (g.id.empty()) {
    g.id = id;
    g.pos = pos_of(v.source());
  }
  Table t(*this, *v.as_table(), key, KeyTable::Graph);
  for (auto [name, flag] : {std::pair<const char*, bool*>{"symmetric", &g.symmetric}, {"zones", &g.zones}})
    if (auto b = t.boolean(name)) {
      *flag = *b;
      touch(layer, key + "." + name, pos_of(t.raw().get(name)->source()));
    }
  const toml::table* nodes = t.table("nodes");
  t.finish();
  if (!nodes) return;
  for (auto&& [nk, nv] : *nodes) {
    const std::string nid(nk.str());
    const std::string nkey = key + ".nodes." + nid;
    // A bound on what the engine keeps per node (distance rows: GraphIndex).
    if (!g.nodes.count(nid) && ++graph_nodes_ > GraphIndex::kMaxNodes) {
      error(pos_of(nk.source()), nkey,
            "a pack's graphs may hold at most " + std::to_string(GraphIndex::kMaxNodes) + " nodes together; this is one more");
      return;
    }
    GraphNodeDef& n = g.nodes[nid];
    if (n.id.empty()) {
      n.id = nid;
      n.pos = pos_of(nk.source());
      n.layer = layer.info.id;
    }
    const toml::node* adjacent = &nv;
    std::string akey = nkey;
    if (const toml::table* nt = nv.as_table()) {
      Table tt(*this, *nt, nkey, KeyTable::GraphNode);
      adjacent = tt.node("adjacent");
      akey = nkey + ".adjacent";
      for (const auto& tag : tt.strings("tags").value_or(std::vector<std::string>{}))
        if (std::find(n.tags.begin(), n.tags.end(), tag) == n.tags.end()) n.tags.push_back(tag);
      tt.finish();
    } else if (!nv.is_array()) {
      wrong_type(nv, nkey, "a list of neighbours or { adjacent = [...], tags = [...] }");
      continue;
    }
    if (!adjacent) continue;
    const toml::array* a = adjacent->as_array();
    if (!a) {
      wrong_type(*adjacent, akey, "an array of node ids");
      continue;
    }
    // Sets, not scans: a node may list thousands of neighbours.
    std::set<std::string> listed, known(n.adjacent.begin(), n.adjacent.end());
    for (size_t i = 0; i < a->size(); ++i) {
      const toml::node& x = *a->get(i);
      if (!x.is_string()) {
        wrong_type(x, akey + "[" + std::to_string(i) + "]", "a string");
        continue;
      }
      const std::string to = *x.value<std::string>();
      if (!listed.insert(to).second) {
        error(x, akey + "[" + std::to_string(i) + "]", "'" + to + "' is listed twice");
        continue;
      }
      if (!known.insert(to).second) continue;  // a lower layer's edge
      n.adjacent.push_back(to);
      n.adjacent_pos.push_back(pos_of(x.source()));
    }
  }
}

// Every graph once all layers are in: node ids unique across graphs,
// neighbours that exist and are not the node itself, every edge declared
// both ways where the graph is symmetric. Then the nodes of graphs with
// `zones = true` become shared public zones, unless a declared zone has the
// same id.
void Loader::check_graphs() {
  // Past the node limit the graphs are cut short: their edges to the nodes
  // left out would only repeat that error.
  if (graph_nodes_ > GraphIndex::kMaxNodes) return;
  std::map<std::string, std::string> graph_of;  // node -> graph
  for (const auto& [gid, g] : out.graphs) {
    const std::string key = "graphs." + gid;
    if (g.nodes.empty()) error(g.pos, key, "a graph needs nodes ([" + key + ".nodes])");
    std::vector<std::string> names;
    for (const auto& [nid, _] : g.nodes) names.push_back(nid);
    // Each node's neighbours, sorted, to find reverse edges in log time.
    std::map<std::string_view, std::vector<std::string_view>> sorted;
    if (g.symmetric)
      for (const auto& [nid, n] : g.nodes) {
        auto& v = sorted[nid];
        v.assign(n.adjacent.begin(), n.adjacent.end());
        std::sort(v.begin(), v.end());
      }
    for (const auto& [nid, n] : g.nodes) {
      const std::string nkey = key + ".nodes." + nid;
      auto [it, fresh] = graph_of.emplace(nid, gid);
      if (!fresh)
        error(n.pos, nkey, "node '" + nid + "' is also a node of graph '" + it->second + "' (node ids are shared by all graphs)");
      for (size_t i = 0; i < n.adjacent.size(); ++i) {
        const std::string& to = n.adjacent[i];
        const SourcePos& at = n.adjacent_pos[i];
        auto other = g.nodes.find(to);
        if (to == nid) {
          error(at, nkey, "node '" + nid + "' lists itself as a neighbour");
        } else if (other == g.nodes.end()) {
          error(at, nkey, "unknown node '" + to + "' in graph '" + gid + "'" + suggestion(to, names));
        } else if (g.symmetric) {
          const auto& back = sorted[to];
          if (!std::binary_search(back.begin(), back.end(), std::string_view(nid)))
            error(at, nkey, "the edge '" + nid + "' -> '" + to + "' has no reverse: node '" + to + "' (" +
                                other->second.pos.to_string() + ") does not list '" + nid +
                                "' (the graph is symmetric; set symmetric = false for one-way edges)");
        }
      }
    }
  }
  for (const auto& [gid, g] : out.graphs) {
    if (!g.zones) continue;
    for (const auto& [nid, n] : g.nodes) {
      if (!out.zone(nid)) {
        out.zones.emplace_back().id = nid;
        out.zones.back().order = static_cast<int>(out.zones.size()) - 1;
        continue;
      }
      auto declared = touched_.find("zones." + nid);
      if (declared != touched_.end())
        error(n.pos, "graphs." + gid + ".nodes." + nid,
              "node '" + nid + "' would be a zone (zones = true), but [zones." + nid + "] is declared (" +
                  declared->second.second.to_string() + ")");
    }
  }
}

}  // namespace tabula::pack_toml
