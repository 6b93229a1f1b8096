#include "tools/tabula/plain_screen.h"

#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "tools/tabula/ui_text.h"

namespace tabula::cli {

using nlohmann::json;

namespace {

std::string brief(const json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); }

// "a=1, b=2", leaving out the names the pack marks internal.
std::string dict_line(const PackSet& p, const json& d) {
  std::string s;
  for (const auto& [k, v] : d.items())
    if (!p.internal_name(k)) s += (s.empty() ? "" : ", ") + k + "=" + brief(v);
  return s;
}

class Plain {
 public:
  Plain(const Engine& e, const State& s, std::string lang) : e_(e), s_(s), lang_(std::move(lang)) {}

  std::vector<std::string> draw(int seat) {
    json v = json::parse(e_.view_json(s_, seat, lang_));
    const PackSet& p = e_.packs();
    if (std::string vars = dict_line(p, v["vars"]); !vars.empty()) add(ui(lang_, Ui::Game) + ": " + vars);
    for (const auto& st : v["seats"]) {
      int i = st["seat"].get<int>() - 1;
      std::string line = (i == seat ? "* " : "  ") + ui(lang_, Ui::Seat, std::to_string(i + 1));
      if (i == s_.start_seat) line += " " + ui(lang_, Ui::Starts);
      std::string counters;
      for (const auto& [k, val] : st["counters"].items())
        counters += (counters.empty() ? "" : ", ") + shown_name(e_, s_, "counter", k, lang_) + "=" + brief(val);
      add(line + ": " + (counters.empty() ? "-" : counters));
      if (st.contains("secret"))
        if (std::string secrets = dict_line(p, st["secret"]); !secrets.empty())
          add("    " + ui(lang_, Ui::YourSecrets) + ": " + secrets);
    }
    for (const auto& z : v["zones"])
      if (z["count"].get<size_t>() > 0) add("  " + zone_line(z, seat));
    return std::move(lines_);
  }

 private:
  void add(std::string line) { lines_.push_back(std::move(line)); }

  std::string zone_line(const json& z, int seat) const {
    std::string name = shown_name(e_, s_, "zone", z["zone"].get<std::string>(), lang_);
    if (z.contains("seat")) name += " (" + ui(lang_, Ui::OfSeat, std::to_string(z["seat"].get<int>())) + ")";
    std::string out = name + ": ";
    if (z.contains("groups")) {  // counts per definition: "8× Militia, 3× Short Sword"
      std::string groups;
      for (const auto& g : z["groups"]) {
        const EntityDef* def = e_.packs().entity(g["def"].get<std::string>());
        groups += (groups.empty() ? "" : ", ") + std::to_string(g["count"].get<size_t>()) + "× " +
                  (def ? def->name.get(lang_) : g["name"].get<std::string>());
      }
      if (z.contains("hidden")) groups += (groups.empty() ? "" : ", ") + ui(lang_, Ui::FaceDown, std::to_string(z["hidden"].get<size_t>()));
      out += groups;
      if (!z.contains("items")) return out;
      out += " | ";  // and what was revealed to this seat, at its place
    }
    if (!z.contains("items")) return out + ui(lang_, Ui::Hidden, std::to_string(z["count"].get<size_t>()));
    std::string items;
    int hidden = 0;
    // Items of a zone this seat cannot see are what was revealed to it
    // among hidden ones: say where each lies.
    const int zone = e_.zone_of_def(s_, z["zone"].get<std::string>(), z.value("seat", 0) - 1);
    const bool hidden_zone = !e_.sees_items(s_, zone, seat);
    for (size_t i = 0; i < z["items"].size(); ++i) {
      const json& it = z["items"][i];
      if (it.value("hidden", false)) {
        ++hidden;
        continue;
      }
      const std::string at = hidden_zone ? " (" + std::to_string(i + 1) + ")" : "";
      items += (items.empty() ? "" : ", ") + entity(it) + at;
    }
    if (hidden && !z.contains("groups"))
      items += (items.empty() ? "" : ", ") + ui(lang_, hidden_zone ? Ui::Hidden : Ui::FaceDown, std::to_string(hidden));
    return out + items;
  }

  // "Knight [damage 1]": the name in the chosen language and the props the
  // pack shows for its kind, or else those that differ from the definition's.
  std::string entity(const json& it) const {
    const EntityDef* def = e_.packs().entity(it["def"].get<std::string>());
    std::string s = def ? def->name.get(lang_) : it["name"].get<std::string>();
    if (!it.value("face_up", true)) s += " (" + ui(lang_, Ui::FaceDownWord) + ")";
    std::string extra;
    if (it.contains("show")) {  // the pack chose what to show for this kind
      for (const auto& kv : it["show"])
        extra += (extra.empty() ? "" : ", ") + shown_name(e_, s_, "prop", kv[0].get<std::string>(), lang_) + " " + brief(kv[1]);
    } else if (it.contains("props")) {
      for (const auto& [k, val] : it["props"].items()) {
        if (def && value_to_json(dict_get(def->props, k)) == val) continue;
        extra += (extra.empty() ? "" : ", ") + shown_name(e_, s_, "prop", k, lang_) + " " + brief(val);
      }
    }
    return extra.empty() ? s : s + " [" + extra + "]";
  }

  const Engine& e_;
  const State& s_;
  std::string lang_;
  std::vector<std::string> lines_;
};

// A value in words: scalars as they are, lists joined by ", ", tables as
// "key value, ...".
std::string words(const Value& v) {
  if (v.is_list()) {
    std::string out;
    for (const auto& x : v.items()) out += (out.empty() ? "" : ", ") + words(x);
    return out;
  }
  if (v.is_dict()) {
    std::string out;
    for (const auto& [k, x] : v.entries()) out += (out.empty() ? "" : ", ") + k + " " + words(x);
    return out;
  }
  if (v.is_str()) return std::string(v.as_str());
  return v.is_nil() ? "-" : v.to_string();
}

}  // namespace

std::string shown_name(const Engine& e, const State& s, const char* what, const std::string& id, const std::string& lang) {
  int32_t key = e.packs().text_id(std::string(what) + "." + id);
  return key < 0 ? id : e.render(s, TextRef{key, Value()}, lang, Engine::kAllSeeing);
}

std::vector<std::string> plain_screen(const Engine& e, const State& s, int seat, const std::string& lang) {
  return Plain(e, s, lang).draw(seat);
}

std::vector<std::string> plain_result(const Value& result) {
  std::vector<std::string> out;
  if (!result.is_dict()) {
    out.push_back("  " + words(result));
    return out;
  }
  for (const auto& [k, v] : result.entries()) {
    const bool rows = v.is_list() && !v.items().empty() && v.items()[0].is_dict();
    if (!rows) {
      out.push_back("  " + k + ": " + words(v));
      continue;
    }
    out.push_back("  " + k + ":");
    for (size_t i = 0; i < v.items().size(); ++i) out.push_back("    " + std::to_string(i + 1) + ": " + words(v.items()[i]));
  }
  return out;
}

}  // namespace tabula::cli
