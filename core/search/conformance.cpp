#include "core/search/conformance.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "core/io/game_log.h"
#include "core/io/state_json.h"
#include "core/pack/text.h"
#include "core/rules/kernel.h"
#include "core/rules/subset.h"
#include "core/search/playout.h"
#include "core/state/outcome.h"

namespace tabula {

using nlohmann::json;

namespace {

std::string who(int seat) { return seat < 0 ? "the onlooker" : "seat " + std::to_string(seat + 1); }

// What a seat may know of an entity, from the kernel's data alone (not from
// Engine::known, which the views use): the items of public zones and of the
// seat's own owner zones, minus face-down entities the seat neither owns nor
// sits at; plus what was revealed to it. Hidden and contents zones show no
// entity (contents zones only counts per definition).
bool may_know(const Engine& e, const State& s, EntityId id, int seat) {
  const Entity* en = s.entity(id);
  if (!en || en->zone < 0) return false;
  if (seat >= 0 && s.revealed_to(id, seat)) return true;
  const Zone& z = s.zones[en->zone];
  switch (e.packs().zones[z.def].visibility) {
    case ZoneDef::Visibility::Public: break;
    case ZoneDef::Visibility::Owner:
      if (seat < 0 || z.seat != seat) return false;
      break;
    case ZoneDef::Visibility::Hidden:
    case ZoneDef::Visibility::Contents: return false;
  }
  return en->face_up || (seat >= 0 && (en->owner == seat || z.seat == seat));
}

// Whether a seat sees that an entity of this definition is there: it knows
// the entity, or the entity counts under its definition in a contents zone.
bool sees_definition(const Engine& e, const State& s, EntityId id, int seat) {
  if (may_know(e, s, id, seat)) return true;
  const Entity& en = s.entities[id];
  const Zone& z = s.zones[en.zone];
  return e.packs().zones[z.def].visibility == ZoneDef::Visibility::Contents &&
         (en.face_up || (seat >= 0 && (en.owner == seat || z.seat == seat || s.revealed_to(id, seat))));
}

// Whether a seat knows an entity now or knew it before the last choice
// (`before` may be null). Out of play, an entity lies hidden from nobody: it
// is judged by where it was before the choice, and not at all when it was
// not in play then (made and removed within the choice).
bool knew(const Engine& e, const State* before, const State& s, EntityId id, int seat) {
  if (may_know(e, s, id, seat) || (before && may_know(e, *before, id, seat))) return true;
  const Entity* was = before ? before->entity(id) : nullptr;
  return s.entities[id].zone < 0 && (!was || was->zone < 0);
}

// Every entity object ({"id", "def", ...}) anywhere in a view.
void entities_in(const json& j, std::vector<std::pair<int64_t, std::string>>& out) {
  if (j.is_object()) {
    auto id = j.find("id"), def = j.find("def");
    if (id != j.end() && def != j.end() && id->is_number_integer() && def->is_string())
      out.emplace_back(id->get<int64_t>(), def->get<std::string>());
    for (const auto& [k, v] : j.items()) entities_in(v, out);
  } else if (j.is_array()) {
    for (const auto& v : j) entities_in(v, out);
  }
}

bool has_key(const json& j, std::string_view key) {
  if (j.is_object()) {
    for (const auto& [k, v] : j.items())
      if (k == key || has_key(v, key)) return true;
  } else if (j.is_array()) {
    for (const auto& v : j)
      if (has_key(v, key)) return true;
  }
  return false;
}

// Seat `p`'s decisions left out of a view: whether and when a seat is still
// deciding is public; nothing else about its secret choice is.
json without_seat(json j, int p) {
  json ds = json::array();
  for (const auto& d : j["decisions"])
    if (d["seat"] != p + 1) ds.push_back(d);
  j["decisions"] = ds;
  return j;
}

// A seat's own open decisions as it sees them (prompt and options).
std::vector<json> own_decisions(const std::vector<json>& vs, int seat) {
  std::vector<json> out;
  for (const auto& d : vs[static_cast<size_t>(seat + 1)]["decisions"])
    if (d["seat"] == seat + 1) out.push_back(d);
  return out;
}

// The texts one seat reads, checked against what it may know. A text is
// judged by its arguments, never by searching its words: an entity slot
// ({x:name}, {x:text}) must name an entity the seat knows, now, before the
// last choice or, for a journal line, when it was written (a card turned
// face up, named and shuffled away within one choice was seen); a
// string argument that is exactly a definition's id or name must name a
// definition of which the seat sees some entity, unless no entity of it
// lies hidden from the seat.
class TextCheck {
 public:
  TextCheck(const Engine& e, const State* before, const State& s) : e_(e), before_(before), s_(s) {}

  // Whether `seat` may read a journal line.
  bool line_ok(const TextRef& t, int seat) {
    seat_ = seat;
    return in_text(t, 0).empty();
  }

  // What `seat` reads that it may not, or "".
  std::string seat_reads(int seat, const ReadAtLog* at_log) {
    seat_ = seat;
    for (size_t i = 0; i < s_.journal.size(); ++i) {
      const JournalLine& l = s_.journal[i];
      if (l.seat >= 0 && l.seat != seat) continue;
      if (at_log && i < at_log->size() && (*at_log)[i][static_cast<size_t>(seat + 1)]) continue;
      if (auto why = in_text(l.text, 0); !why.empty()) return said(l.text, "the journal line", why);
    }
    for (const auto& d : s_.pending) {
      const std::string whose = d.seat == seat ? "its" : "seat " + std::to_string(d.seat + 1) + "'s";
      if (d.seat != seat && d.secret) continue;  // others see only that it decides
      if (auto why = in_text(d.prompt, 0); !why.empty()) return said(d.prompt, whose + " prompt", why);
      if (d.seat != seat) continue;  // others' options are not shown
      for (const auto& o : d.options) {
        const std::string what = "the label of its option '" + o.id + "'";
        if (!o.label.empty()) {
          if (auto why = in_text(o.label, 0); !why.empty()) return said(o.label, what, why);
        } else if (s_.entity(o.entity)) {
          if (!knows(o.entity))
            return who(seat) + " reads " + what + ", \"" + e_.label(s_, d, o, "en", Engine::kAllSeeing) + "\": the name of " + entity(o.entity) +
                   ", which " + who(seat) + " may not know";
        } else if (!d.option_label.empty()) {
          TextRef t = d.option_label;
          if (!t.args.is_dict()) t.args = Value::dict();
          t.args.set("id", Value(o.id));
          if (auto why = in_text(t, 0); !why.empty()) return said(t, what, why);
        }
      }
    }
    if (s_.over && !s_.result_text.empty())
      if (auto why = in_text(s_.result_text, 0); !why.empty()) return said(s_.result_text, "the result", why);
    return "";
  }

 private:
  std::string said(const TextRef& t, const std::string& what, const std::string& why) const {
    return who(seat_) + " reads " + what + " '" + e_.packs().texts[t.key].key + "', \"" + e_.render(s_, t, "en", Engine::kAllSeeing) + "\", which " +
           why;
  }
  bool knows(EntityId id) const { return knew(e_, before_, s_, id, seat_); }
  std::string entity(EntityId id) const {
    const Entity& en = s_.entities[id];
    std::string out = "entity #" + std::to_string(id) + " (" + e_.packs().defs[en.def]->id;
    out += en.zone < 0 ? ", out of play)" : ", in " + e_.zone_name(s_, en.zone) + (en.face_up ? "" : " face down") + ")";
    return out;
  }
  const std::vector<TextPiece>& pieces(int32_t key, bool cs) {
    auto [it, fresh] = templates_.try_emplace(key * 2 + (cs ? 1 : 0));
    if (fresh) {
      const TextDef& d = e_.packs().texts[key];
      std::string error;
      if (!parse_template(cs ? d.text.cs : d.text.en, it->second, error)) it->second.clear();
    }
    return it->second;
  }
  std::string in_text(const TextRef& t, int depth) {
    if (t.key < 0 || t.key >= static_cast<int32_t>(e_.packs().texts.size()) || depth > 8) return "";
    for (bool cs : {false, true})
      for (const TextPiece& p : pieces(t.key, cs)) {
        const Value& arg = t.args.get(p.text);
        if (arg.is_nil()) continue;
        if (p.kind == TextPiece::Kind::EntityName || p.kind == TextPiece::Kind::EntityText) {
          if (!arg.is_int()) continue;
          const auto id = static_cast<EntityId>(arg.as_int());
          if (s_.entity(id) && !knows(id))
            return "names " + entity(id) + " in {" + p.text + (p.kind == TextPiece::Kind::EntityName ? ":name}" : ":text}") +
                   ": " + who(seat_) + " may not know it";
        } else if (p.kind == TextPiece::Kind::Arg) {
          if (auto why = in_value(arg, p.text, depth); !why.empty()) return why;
        }
      }
    return "";
  }
  std::string in_value(const Value& v, const std::string& slot, int depth) {
    if (v.is_str()) return in_string(std::string(v.as_str()), slot);
    if (v.is_list()) {
      for (const Value& item : v.items())
        if (auto why = in_value(item, slot, depth); !why.empty()) return why;
    } else if (v.is_dict() && v.get("text").is_str()) {
      return in_text(TextRef{e_.packs().text_id(v.get("text").as_str()), v.get("args")}, depth + 1);
    }
    return "";
  }
  // A string that is a definition's id or name.
  std::string in_string(const std::string& str, const std::string& slot) {
    if (names_.empty())
      for (size_t d = 0; d < e_.packs().defs.size(); ++d) {
        const EntityDef& def = *e_.packs().defs[d];
        for (const std::string* n : {&def.id, &def.name.en, &def.name.cs})
          if (!n->empty()) names_[*n].push_back(static_cast<int32_t>(d));
      }
    auto it = names_.find(str);
    if (it == names_.end()) return "";
    bool hidden = false;
    for (const State* st : {before_, &s_}) {
      if (!st) continue;
      for (size_t id = 0; id < st->entities.size(); ++id) {
        const Entity& en = st->entities[id];
        if (en.zone < 0 || std::find(it->second.begin(), it->second.end(), en.def) == it->second.end()) continue;
        if (sees_definition(e_, *st, static_cast<EntityId>(id), seat_)) return "";
        hidden = true;
      }
    }
    if (!hidden) return "";
    return "gives {" + slot + "} the string '" + str + "', which names the definition " +
           e_.packs().defs[it->second.front()]->id + ": " + who(seat_) + " sees no entity of it, and one lies hidden from it";
  }

  const Engine& e_;
  const State* before_;
  const State& s_;
  int seat_ = -1;
  std::map<int32_t, std::vector<TextPiece>> templates_;
  std::map<std::string, std::vector<int32_t>> names_;
};

// Hidden entities carry no identity (docs/security.md, "Hidden entities"):
// the same game, played with every entity's id kIdShift higher, must look
// the same to every seat and to the onlooker, but for the ids of entities
// the seat knows. Anything else that moves with the ids (a variable, a
// property, an option id, a dictionary key holding the id of a card the
// seat cannot see) would let the seat tell that card by its id, which is the
// same card in every game.
constexpr int64_t kIdShift = 100000;

class IdentityCheck {
 public:
  IdentityCheck(const Engine& e, const State& a, const State* before, int seat)
      : e_(e), a_(a), before_(before), seat_(seat) {}

  // "" or what differs, with its place in the view.
  std::string compare(const json& x, const json& y, const std::string& path) {
    if (x.is_number_integer() && y.is_number_integer()) {
      const int64_t p = x.get<int64_t>(), q = y.get<int64_t>();
      return p == q ? "" : id_pair(p, q, path, std::to_string(p) + " / " + std::to_string(q));
    }
    if (x.is_string() && y.is_string()) return strings(x.get<std::string>(), y.get<std::string>(), path);
    if (x.type() != y.type()) return differs(path, x.dump() + " / " + y.dump());
    if (x.is_array()) {
      if (x.size() != y.size()) return differs(path, std::to_string(x.size()) + " items / " + std::to_string(y.size()));
      for (size_t i = 0; i < x.size(); ++i)
        if (auto why = compare(x[i], y[i], path + "[" + std::to_string(i) + "]"); !why.empty()) return why;
      return "";
    }
    if (x.is_object()) {
      if (x.size() != y.size()) return differs(path, "keys " + keys(x) + " / " + keys(y));
      for (const auto& [k, v] : x.items()) {
        auto it = y.find(k);
        if (it == y.end()) it = y.find(shifted(k));
        if (it == y.end()) return differs(path, "keys " + keys(x) + " / " + keys(y));
        if (it.key() != k)
          if (auto why = strings(k, it.key(), path + " (a key)"); !why.empty()) return why;
        if (auto why = compare(v, *it, path + "." + k); !why.empty()) return why;
      }
      return "";
    }
    return x == y ? "" : differs(path, x.dump() + " / " + y.dump());
  }

 private:
  static std::string keys(const json& j) {
    std::string out;
    for (const auto& [k, v] : j.items()) out += (out.empty() ? "" : ",") + k;
    return "{" + out + "}";
  }
  // A string with each run of digits moved by kIdShift.
  static std::string shifted(const std::string& str) {
    std::string out;
    for (size_t i = 0; i < str.size();) {
      if (!std::isdigit(static_cast<unsigned char>(str[i]))) {
        out += str[i++];
        continue;
      }
      size_t j = i;
      while (j < str.size() && std::isdigit(static_cast<unsigned char>(str[j]))) ++j;
      if (j - i > 15) {
        out.append(str, i, j - i);
      } else {
        out += std::to_string(std::stoll(str.substr(i, j - i)) + kIdShift);
      }
      i = j;
    }
    return out;
  }
  // Two strings that may differ in runs of digits that are ids.
  std::string strings(const std::string& a, const std::string& b, const std::string& path) {
    if (a == b) return "";
    size_t i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
      const bool da = std::isdigit(static_cast<unsigned char>(a[i])), db = std::isdigit(static_cast<unsigned char>(b[j]));
      if (da != db) break;
      if (!da) {
        if (a[i] != b[j]) break;
        ++i, ++j;
        continue;
      }
      size_t ei = i, ej = j;
      while (ei < a.size() && std::isdigit(static_cast<unsigned char>(a[ei]))) ++ei;
      while (ej < b.size() && std::isdigit(static_cast<unsigned char>(b[ej]))) ++ej;
      const std::string ra = a.substr(i, ei - i), rb = b.substr(j, ej - j);
      if (ra != rb) {
        if (ra.size() > 15 || rb.size() > 15) break;
        if (auto why = id_pair(std::stoll(ra), std::stoll(rb), path, "'" + a + "' / '" + b + "'"); !why.empty()) return why;
      }
      i = ei, j = ej;
    }
    if (i == a.size() && j == b.size()) return "";
    return differs(path, "'" + a + "' / '" + b + "'");
  }
  // p in the first game, q in the shifted one: the id of an entity the
  // seat knows, or a leak, or a game that went another way.
  std::string id_pair(int64_t p, int64_t q, const std::string& path, const std::string& shown) {
    if (q != p + kIdShift || p < 0 || p >= static_cast<int64_t>(a_.entities.size())) return differs(path, shown);
    const auto id = static_cast<EntityId>(p);
    if (knows(id)) return "";
    const Entity& en = a_.entities[id];
    return who(seat_) + " can tell entity #" + std::to_string(id) + " (" + e_.packs().defs[en.def]->id +
           (en.zone < 0 ? ", out of play" : ", in " + e_.zone_name(a_, en.zone) + (en.face_up ? "" : " face down")) +
           ") by its id: " + path + " holds it (" + shown + "), and " + who(seat_) +
           " may not know that entity; an id names the same card in every game";
  }
  bool knows(EntityId id) const { return knew(e_, before_, a_, id, seat_); }
  std::string differs(const std::string& path, const std::string& shown) const {
    return who(seat_) + "'s view differs when every entity id is " + std::to_string(kIdShift) + " higher, at " + path +
           " (" + shown + "): what the seat sees, or how the game goes, depends on the values of entity ids";
  }

  const Engine& e_;
  const State& a_;
  const State* before_;
  int seat_;
};

// One game: its seed, its log and where it stands.
class Game {
 public:
  Game(Engine& e, const ConformanceStart& start, ConformanceReport& report) : e_(e), start_(start), report_(report) {}

  // Plays one game; false at the first violation (in report.first).
  bool play(uint64_t seed, bool watch, uint64_t max_steps, bool must_end) {
    seed_ = seed;
    log_ = GameLog{};
    log_.seed = seed;
    log_.seats = start_.seats;
    log_.options = start_.options;
    State s;
    std::vector<ChanceEvent> met;
    try {
      Watch w(e_, watch ? &at_log_ : nullptr, nullptr);
      Record r(e_, met);
      s = e_.new_game(seed, start_.seats, start_.options);
    } catch (const std::exception& err) {
      return fail("script error", -2, std::string("the game does not start: ") + err.what());
    }
    log_.start_hash = s.hash();
    log_.start_draws = static_cast<int64_t>(s.rng.draws());
    log_.chance_logged = true;
    log_.start_chance = logged_chance(met);
    std::vector<json> vs;
    if (watch) {
      vs = conformance_views(e_, s);
      if (!watched(nullptr, s, vs)) return false;
    }
    RandomAgent agent(derive_seed(seed, 7));
    while (!s.over) {
      if (log_.choices.size() >= max_steps) {
        if (must_end) return fail("no end", -2, "the game does not end within " + std::to_string(max_steps) + " choices");
        break;
      }
      if (s.pending.empty()) return fail("unsound", -2, "no decision is open, but the game is not over");
      State loaded;
      try {
        loaded = state_from_json(e_, json::parse(state_to_json(e_, s).dump()));
      } catch (const std::exception& err) {
        return fail("save/load", -2, std::string("the saved state does not load: ") + err.what());
      }
      if (loaded.hash() != s.hash()) return fail("save/load", -2, "the state loaded from its JSON hashes differently");
      if (auto why = unsound(e_, s); !why.empty()) return fail("unsound", -2, why);
      // With simultaneous secret choices open, take them in turn (a seat at random).
      const Decision& d = s.pending[s.pending.size() == 1 ? 0 : agent.choose(s, s.pending.front()) % s.pending.size()];
      std::string option;
      if (d.subset()) {  // a set of options, as one canonical string
        std::vector<size_t> set;
        agent.choose_subset(s, d, set);
        if (auto why = check_subset(d, set); !why.empty()) return fail("unsound", d.seat, "the random set is illegal: " + why);
        option = subset_id(d, set);
      } else {
        option = d.options[agent.choose(s, d)].id;
      }
      const int seat = d.seat;
      const bool secret = d.secret;
      // A clone continues exactly like the original, even as a playout, and
      // the original is untouched by what happens to the clone.
      State clone = s;
      State before;
      if (watch) before = s;
      const uint64_t hash = s.hash();
      const ApplyResult rc = e_.apply(clone, seat, option, Mode::Playout);
      if (s.hash() != hash) return fail("clone", seat, "playing the clone changed the original");
      ApplyResult ra;
      {
        Watch w(e_, watch ? &at_log_ : nullptr, &before);
        Record r(e_, met);
        ra = e_.apply(s, seat, option);
      }
      if (!ra.ok) return fail("script error", seat, "seat " + std::to_string(seat + 1) + "'s choice '" + option + "' failed: " + ra.error);
      log_.choices.push_back({seat, option, s.hash(), s.rng.draws(), logged_chance(met)});
      ++report_.steps;
      if (!rc.ok) return fail("clone", seat, "the clone failed where the original did not (as a playout): " + rc.error);
      if (clone.hash() != s.hash()) return fail("clone", seat, "the clone, played as a playout, hashes differently from the original");
      if (!watch) continue;
      std::vector<json> after = conformance_views(e_, s);
      // While another seat still has the same decision open, the secret
      // choice just made shows nowhere but in its own seat's view. The
      // journal holds the lines of the last choice only: those of a secret
      // choice must be none.
      if (secret) {
        bool goes_on = false;
        for (int w = 0; w < start_.seats && !goes_on; ++w)
          goes_on = w != seat && !own_decisions(vs, w).empty() && own_decisions(vs, w) == own_decisions(after, w);
        for (int w = -1; goes_on && w < start_.seats; ++w) {
          if (w == seat) continue;
          json was = without_seat(vs[w + 1], seat), is = without_seat(after[w + 1], seat);
          was["journal"] = json::array();
          if (was != is)
            return fail("secret choice", w,
                        who(w) + " sees seat " + std::to_string(seat + 1) + "'s secret choice '" + option +
                            "' while others still decide: " + json::diff(was, is).dump());
        }
      }
      if (!watched(&before, s, after)) return false;
      vs = std::move(after);
    }
    if (auto why = unsound(e_, s); !why.empty()) return fail("unsound", -2, why);
    if (must_end) {
      const ReplayReport rep = replay(e_, log_);
      if (!rep.ok || rep.steps != log_.choices.size())
        return fail("replay", -2, "the game's log does not replay: " + (rep.ok ? "steps differ" : rep.error));
      if (first_log_.choices.empty()) first_log_ = log_;
    }
    return true;
  }

  // The identity check (IdentityCheck) on one game: played twice in step,
  // once with every entity id kIdShift higher (entities that never enter
  // play take the low ids), comparing every seat's view at every step.
  bool identity(uint64_t seed, uint64_t max_steps) {
    seed_ = seed;
    log_ = GameLog{};
    State a, b;
    try {
      a = e_.new_game(seed, start_.seats, start_.options);
      b = e_.blank_state(seed, start_.seats, start_.options);
      for (int64_t i = 0; i < kIdShift; ++i) e_.kernel().create_entity(b, 0, -1, -1);
      e_.start(b);
    } catch (const std::exception& err) {
      return fail("script error", -2, std::string("the game does not start: ") + err.what());
    }
    RandomAgent agent(derive_seed(seed, 11));
    State before;
    bool has_before = false;
    for (uint64_t step = 0;; ++step) {
      for (int v = -1; v < start_.seats; ++v) {
        IdentityCheck check(e_, a, has_before ? &before : nullptr, v);
        const json x = json::parse(e_.view_json(a, v)), y = json::parse(e_.view_json(b, v));
        if (auto why = check.compare(x, y, "view"); !why.empty()) return fail("identity", v, why);
      }
      if (a.over || step >= max_steps) return true;
      if (a.pending.empty()) return fail("unsound", -2, "no decision is open, but the game is not over");
      const size_t k = a.pending.size() == 1 ? 0 : agent.choose(a, a.pending.front()) % a.pending.size();
      const Decision& d = a.pending[k];
      if (b.pending.size() != a.pending.size() || b.pending[k].seat != d.seat)
        return fail("identity", d.seat, "the game goes another way when every entity id is " + std::to_string(kIdShift) + " higher: other decisions open");
      before = a;
      has_before = true;
      const int seat = d.seat;
      ApplyResult ra, rb;
      std::string option;
      if (d.subset()) {
        std::vector<size_t> set;
        agent.choose_subset(a, d, set);
        option = subset_id(d, set);
        ra = e_.apply_subset(a, seat, set);
        rb = e_.apply_subset(b, seat, set);
      } else {
        const size_t o = agent.choose(a, d);
        option = d.options[o].id;
        ra = e_.apply_index(a, seat, o);
        rb = e_.apply_index(b, seat, o);
      }
      log_.choices.push_back({seat, option, a.hash(), a.rng.draws()});
      if (!ra.ok) return fail("script error", seat, "seat " + std::to_string(seat + 1) + "'s choice '" + option + "' failed: " + ra.error);
      if (!rb.ok)
        return fail("identity", seat, "with every entity id " + std::to_string(kIdShift) + " higher, seat " + std::to_string(seat + 1) +
                                          "'s choice '" + option + "' fails: " + rb.error);
    }
  }

  // Games are isolated (ENGINE.md invariant 15): the first game, played
  // again by its log in the same engine after every other game, gives the
  // hashes it gave when the engine was new, at every step.
  bool replay_first(uint64_t games_since) {
    if (first_log_.choices.empty()) return true;
    const ReplayReport rep = replay(e_, first_log_);
    if (rep.ok && rep.steps == first_log_.choices.size()) return true;
    seed_ = first_log_.seed;
    log_ = first_log_;
    return fail("isolation", -2,
                "the first game, played again after " + std::to_string(games_since) +
                    " other games in the same engine, differs from its first run: " + (rep.ok ? "steps differ" : rep.error));
  }

 private:
  bool watched(const State* before, const State& s, const std::vector<json>& vs) {
    ++report_.watched_steps;
    int seat = -2;
    if (auto why = view_leaks(e_, s, vs, seed_, seat); !why.empty()) return fail("leak", seat, why);
    if (auto why = text_leaks(e_, before, s, seat, &at_log_); !why.empty()) return fail("leak", seat, why);
    return true;
  }
  bool fail(const std::string& check, int seat, const std::string& message) {
    report_.ok = false;
    Violation& v = report_.first;
    v.check = check;
    v.pack = e_.packs().id();
    v.setup = start_.setup;
    v.seats = start_.seats;
    v.seed = seed_;
    v.step = log_.choices.size();
    v.seat = seat;
    v.message = message;
    v.choices.clear();
    for (const auto& c : log_.choices) v.choices.emplace_back(c.seat, c.option);
    return false;
  }

  // Judges each journal line as it is written (Engine::watch_log), by what
  // each seat could see at that moment: a card turned face up, named, and
  // put away within one choice was seen.
  struct Watch {
    Engine& e;
    Watch(Engine& engine, ReadAtLog* at_log, const State* before) : e(engine) {
      if (!at_log) return;
      at_log->clear();
      e.watch_log([&eng = e, at_log, before](const State& st) { judge_last_line(eng, before, st, *at_log); });
    }
    ~Watch() { e.watch_log({}); }
  };
  // The chance events of the game's start or of one choice, for its log, so
  // that the replay checks them too.
  struct Record {
    Engine& e;
    Record(Engine& engine, std::vector<ChanceEvent>& met) : e(engine) { e.record_chance(&met); }
    ~Record() { e.record_chance(nullptr); }
  };

  Engine& e_;
  const ConformanceStart& start_;
  ConformanceReport& report_;
  ReadAtLog at_log_;
  uint64_t seed_ = 0;
  GameLog log_;
  GameLog first_log_;  // the first finished game's, for replay_first
};

}  // namespace

std::vector<ConformanceStart> conformance_starts(const PackSet& packs) {
  std::vector<ConformanceStart> out;
  out.push_back({"", {}, packs.seats.fallback});
  if (packs.seats.max > packs.seats.fallback) out.push_back({"", {}, packs.seats.max});
  if (packs.layers.size() == 1)
    for (const auto& [name, setup] : packs.setups)
      out.push_back({name, setup.options, setup.seats > 0 ? setup.seats : packs.seats.fallback});
  return out;
}

ConformanceReport check_conformance(Engine& e, const ConformanceStart& start, const ConformanceConfig& cfg,
                                    const std::function<void(uint64_t)>& progress) {
  ConformanceReport report;
  Game game(e, start, report);
  for (uint64_t i = 0; i < cfg.games; ++i) {
    if (progress) progress(i);
    ++report.games;
    if (!game.play(cfg.first_seed + i, i < cfg.watched, cfg.max_steps, true)) return report;
    if (i < cfg.identity && !game.identity(cfg.first_seed + i, cfg.identity_steps)) return report;
  }
  // A seed long enough to be spotted: no view ever shows it.
  if (cfg.seed_game && !game.play(9876543210123ull, true, 300, false)) return report;
  game.replay_first(cfg.games - 1 + (cfg.seed_game ? 1 : 0));
  return report;
}

std::string located(const Violation& v) {
  std::string out = "pack " + v.pack + (v.setup.empty() ? ", default start" : ", setup " + v.setup) + ", " +
                    std::to_string(v.seats) + (v.seats == 1 ? " seat" : " seats") + ", seed " + std::to_string(v.seed) + ", step " + std::to_string(v.step);
  if (v.seat >= -1) out += ", " + who(v.seat);
  return out + ": " + v.check + ": " + v.message;
}

std::vector<json> conformance_views(const Engine& e, const State& s) {
  std::vector<json> out;
  for (int v = -1; v < static_cast<int>(s.seats.size()); ++v) out.push_back(json::parse(e.view_json(s, v)));
  return out;
}

std::string view_leaks(const Engine& e, const State& s, const std::vector<json>& vs, uint64_t seed, int& seat) {
  std::vector<std::string> rng_words;
  for (int i = 0; i < 4; ++i) rng_words.push_back(std::to_string(s.rng.words()[i]));
  for (int v = -1; v < static_cast<int>(s.seats.size()); ++v) {
    seat = v;
    const json& j = vs[static_cast<size_t>(v + 1)];
    std::vector<std::pair<int64_t, std::string>> ents;
    entities_in(j, ents);
    for (const auto& [id, def] : ents) {
      if (id < 0 || static_cast<size_t>(id) >= s.entities.size()) return who(v) + " sees entity #" + std::to_string(id) + ", which is none";
      if (!may_know(e, s, static_cast<EntityId>(id), v))
        return who(v) + " sees entity #" + std::to_string(id) + " (" + def + ") in its view, which it may not know";
      if (e.packs().defs[s.entities[id].def]->id != def) return who(v) + " sees entity #" + std::to_string(id) + " as " + def;
    }
    for (size_t i = 0; i < j["seats"].size(); ++i)
      if (static_cast<int>(i) != v && j["seats"][i].contains("secret")) return who(v) + " sees the secrets of seat " + std::to_string(i + 1);
    const auto& ds = j["decisions"];
    if (ds.size() != s.pending.size()) return who(v) + ": the decisions of the view do not match the state";
    for (size_t k = 0; k < s.pending.size(); ++k) {
      const Decision& d = s.pending[k];
      if (d.seat == v) continue;
      if (ds[k].contains("options")) return who(v) + " sees the options of seat " + std::to_string(d.seat + 1);
      if (d.secret && ds[k].contains("prompt")) return who(v) + " sees the secret prompt of seat " + std::to_string(d.seat + 1);
    }
    if (v < 0)
      for (const auto& z : j["zones"]) {
        const ZoneDef* zd = e.packs().zone(z["zone"].get<std::string>());
        if (zd && zd->visibility != ZoneDef::Visibility::Public && z.contains("items"))
          return "the onlooker sees the items of zone " + zd->id;
      }
    if (has_key(j, "rng") || has_key(j, "seed")) return who(v) + " sees the RNG";
    const std::string text = j.dump();
    for (const auto& w : rng_words)
      if (text.find(w) != std::string::npos) return who(v) + " sees the RNG state";
    if (seed > 1000 && text.find(std::to_string(seed)) != std::string::npos) return who(v) + " sees the seed";
  }
  seat = -2;
  return "";
}

std::string text_leaks(const Engine& e, const State* before, const State& s, int& seat, const ReadAtLog* at_log) {
  TextCheck check(e, before, s);
  for (int v = -1; v < static_cast<int>(s.seats.size()); ++v) {
    seat = v;
    if (auto why = check.seat_reads(v, at_log); !why.empty()) return why;
  }
  seat = -2;
  return "";
}

void judge_last_line(const Engine& e, const State* before, const State& s, ReadAtLog& at_log) {
  if (s.journal.empty()) return;
  at_log.resize(s.journal.size(), std::vector<uint8_t>(s.seats.size() + 1, 0));
  const JournalLine& l = s.journal.back();
  TextCheck check(e, before, s);
  for (int v = -1; v < static_cast<int>(s.seats.size()); ++v)
    if (l.seat < 0 || l.seat == v) at_log.back()[static_cast<size_t>(v + 1)] = check.line_ok(l.text, v);
}

std::string unsound(const Engine& e, const State& s) {
  std::vector<int> seen(s.entities.size(), -1);  // the zone that lists each entity
  for (size_t z = 0; z < s.zones.size(); ++z) {
    const std::string zone = e.zone_name(s, static_cast<int>(z));
    for (EntityId id : s.zones[z].items) {
      if (id < 0 || static_cast<size_t>(id) >= s.entities.size()) return "zone " + zone + " lists #" + std::to_string(id) + ", which is no entity";
      if (seen[id] == static_cast<int>(z)) return "zone " + zone + " lists entity #" + std::to_string(id) + " twice";
      if (seen[id] >= 0) return "entity #" + std::to_string(id) + " is listed in zones " + e.zone_name(s, seen[id]) + " and " + zone;
      seen[id] = static_cast<int>(z);
      if (s.entities[id].zone != static_cast<int>(z))
        return "zone " + zone + " lists entity #" + std::to_string(id) + " whose zone is " +
               (s.entities[id].zone < 0 ? std::string("none (out of play)") : std::to_string(s.entities[id].zone));
    }
  }
  for (size_t id = 0; id < s.entities.size(); ++id) {
    const int z = s.entities[id].zone;
    if (z >= static_cast<int>(s.zones.size())) return "entity #" + std::to_string(id) + " has zone " + std::to_string(z) + ", which is no zone";
    if (z >= 0 && seen[id] != z) return "entity #" + std::to_string(id) + " is in zone " + e.zone_name(s, z) + " but not in its list";
  }
  // No pack has a counter that may go below zero (a debt, a score that
  // falls): when one does, [seats] should say so and this check read it.
  for (size_t seat = 0; seat < s.seats.size(); ++seat)
    for (const auto& [name, v] : s.seats[seat].counters)
      if (v.is_int() && v.as_int() < 0)
        return "seat " + std::to_string(seat + 1) + "'s counter " + name + " is " + std::to_string(v.as_int());
  if (s.over) {
    Outcome o;
    const std::string why = read_outcome(s.result, static_cast<int>(s.seats.size()), o);
    if (!why.empty()) return "the result " + s.result.to_string() + " breaks the convention: " + why;
  }
  return "";
}

}  // namespace tabula
