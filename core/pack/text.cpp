#include "core/pack/text.h"

#include <algorithm>

#include "core/pack/pack.h"
#include "core/state/state.h"

namespace tabula {

namespace {
bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

void split(std::string_view s, char sep, std::vector<std::string>& out) {
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.emplace_back(s.substr(start, i - start));
      start = i + 1;
    }
}
}  // namespace

bool parse_template(std::string_view src, std::vector<TextPiece>& out, std::string& error) {
  out.clear();
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) out.push_back({TextPiece::Kind::Literal, std::move(literal), {}});
    literal.clear();
  };
  for (size_t i = 0; i < src.size(); ++i) {
    char c = src[i];
    if (c == '}') {
      if (i + 1 < src.size() && src[i + 1] == '}') {
        literal += '}';
        ++i;
        continue;
      }
      error = "a lone '}' at column " + std::to_string(i + 1) + " (write }} for a brace)";
      return false;
    }
    if (c != '{') {
      literal += c;
      continue;
    }
    if (i + 1 < src.size() && src[i + 1] == '{') {
      literal += '{';
      ++i;
      continue;
    }
    size_t close = src.find('}', i);
    if (close == std::string_view::npos) {
      error = "'{' at column " + std::to_string(i + 1) + " is never closed";
      return false;
    }
    std::string_view slot = src.substr(i + 1, close - i - 1);
    size_t n = 0;
    // A name may have dotted parts (a card text's {effect.weapons}: a field
    // of a table property).
    while (n < slot.size() &&
           (name_char(slot[n]) || (slot[n] == '.' && n > 0 && n + 1 < slot.size() && name_char(slot[n + 1]))))
      ++n;
    if (n == 0) {
      error = "'{" + std::string(slot) + "}': an argument slot starts with the argument's name";
      return false;
    }
    TextPiece p;
    p.text = std::string(slot.substr(0, n));
    std::string_view rest = slot.substr(n);
    if (rest.empty()) {
      p.kind = TextPiece::Kind::Arg;
    } else if (rest == ":name") {
      p.kind = TextPiece::Kind::EntityName;
    } else if (rest == ":text") {
      p.kind = TextPiece::Kind::EntityText;
    } else if (rest[0] == '?') {
      p.kind = TextPiece::Kind::Plural;
      split(rest.substr(1), '|', p.forms);
    } else {
      error = "'{" + std::string(slot) + "}': unknown format (use {" + p.text + "}, {" + p.text + ":name}, {" + p.text +
              ":text} or {" + p.text + "?one|other})";
      return false;
    }
    flush();
    out.push_back(std::move(p));
    i = close;
  }
  flush();
  return true;
}

bool known_language(std::string_view lang) { return lang == "en" || lang == "cs"; }

size_t plural_form(std::string_view lang, int64_t n) {
  if (lang == "cs") {
    if (n == 1) return 0;
    if (n >= 2 && n <= 4) return 1;
    return 2;
  }
  return n == 1 ? 0 : 1;
}

namespace {

const EntityDef* entity_def(const PackSet& packs, const State* s, const Value& v) {
  const Entity* e = s ? s->entity_of(v) : nullptr;
  if (!e || e->def < 0 || e->def >= static_cast<int32_t>(packs.defs.size())) return nullptr;
  return packs.defs[e->def];
}

// One rendering: where it writes, for whom, and how much it may still do.
// Nested texts may repeat a slot many times over (100 slots of a text of
// 100 slots...): the budget stops the work, not only the output.
struct Renderer {
  const PackSet& packs;
  const State* s;
  const TextReader* reader;
  std::string& out;
  size_t pieces = 0;
  bool full = false;

  bool spent() {
    if (full) return true;
    if (out.size() <= kRenderMaxBytes && pieces <= kRenderMaxPieces) return false;
    out += "\u2026";
    full = true;
    return true;
  }

  // A value as an argument. Lists render item by item; a dict with a
  // "text" key is a nested text (lua_api.cpp turns Lua's {"key", ...} into
  // one).
  void value(const Value& v, std::string_view lang, int depth) {
    ++pieces;
    if (spent()) return;
    switch (v.kind()) {
      case Value::Kind::Nil: break;
      case Value::Kind::Bool: out += v.as_bool() ? "true" : "false"; break;
      case Value::Kind::Int: out += std::to_string(v.as_int()); break;
      case Value::Kind::Str: out += v.as_str(); break;
      case Value::Kind::List:
        for (size_t i = 0; i < v.items().size() && !spent(); ++i) {
          if (i) out += ", ";
          value(v.items()[i], lang, depth);
        }
        break;
      case Value::Kind::Dict: {
        int32_t key = packs.text_id(v.get("text").as_str());
        if (key >= 0 && depth < 8) text(TextRef{key, v.get("args")}, lang, depth + 1);
        else out += v.to_string();
        break;
      }
    }
  }

  void text(const TextRef& t, std::string_view lang, int depth) {
    if (t.key < 0 || t.key >= static_cast<int32_t>(packs.texts.size())) return;
    const TextDef& def = packs.texts[t.key];
    const bool cs = lang == "cs" && !def.text.cs.empty();
    const std::string& source = cs ? def.text.cs : def.text.en;
    std::vector<TextPiece> parsed;
    std::string error;
    if (!parse_template(source, parsed, error)) {  // checked at load; never here
      out += source;
      return;
    }
    const std::string_view used = cs ? "cs" : "en";
    for (const auto& p : parsed) {
      ++pieces;
      if (spent()) return;
      if (p.kind == TextPiece::Kind::Literal) {
        out += p.text;
        continue;
      }
      const Value& arg = t.args.get(p.text);
      if (arg.is_nil()) {
        out += "{" + p.text + "?}";  // a missing argument shows, never crashes
        continue;
      }
      switch (p.kind) {
        case TextPiece::Kind::Arg: value(arg, used, depth); break;
        case TextPiece::Kind::EntityName:
        case TextPiece::Kind::EntityText: {
          const EntityDef* d = entity_def(packs, s, arg);
          if (!d) {
            out += "#" + arg.to_string();
            break;
          }
          if (reader && reader->hides(arg.as_int())) {
            out += hidden_entity_word(used);
            break;
          }
          const Text& x = p.kind == TextPiece::Kind::EntityName ? d->name : d->card_text;
          out += x.get(used);
          break;
        }
        case TextPiece::Kind::Plural: {
          if (p.forms.empty()) break;
          size_t f = plural_form(used, arg.as_int());
          out += p.forms[std::min(f, p.forms.size() - 1)];
          break;
        }
        case TextPiece::Kind::Literal: break;
      }
    }
  }
};

}  // namespace

namespace {
constexpr char kHexDigits[] = "0123456789abcdef";

void hex_byte(std::string& out, unsigned char c) {
  out += "\\x";
  out += kHexDigits[c >> 4];
  out += kHexDigits[c & 15];
}

// The UTF-8 character at the start of `s` (not empty): its length (1..4)
// with its code point in `cp`; 0 when the first byte starts no character;
// -1 when `s` is the start of a character cut short. The second byte's
// range leaves out overlong forms, surrogates and code points past
// U+10FFFF (RFC 3629, section 4).
int utf8_char(std::string_view s, uint32_t& cp) {
  const auto c = static_cast<unsigned char>(s[0]);
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  size_t len = 0;
  unsigned char lo = 0x80, hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) {
    len = 2;
  } else if (c >= 0xe0 && c <= 0xef) {
    len = 3;
    if (c == 0xe0) lo = 0xa0;
    if (c == 0xed) hi = 0x9f;
  } else if (c >= 0xf0 && c <= 0xf4) {
    len = 4;
    if (c == 0xf0) lo = 0x90;
    if (c == 0xf4) hi = 0x8f;
  } else {
    return 0;
  }
  cp = c & (0x7fu >> len);
  for (size_t k = 1; k < len; ++k) {
    if (k >= s.size()) return -1;
    const auto x = static_cast<unsigned char>(s[k]);
    if (x < (k == 1 ? lo : 0x80) || x > (k == 1 ? hi : 0xbf)) return 0;
    cp = (cp << 6) | (x & 0x3f);
  }
  return static_cast<int>(len);
}
}  // namespace

size_t utf8_error(std::string_view s) {
  uint32_t cp = 0;
  for (size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const int n = utf8_char(s.substr(i), cp);
    if (n <= 0) return i;
    i += static_cast<size_t>(n);
  }
  return std::string_view::npos;
}

std::string utf8_text(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  uint32_t cp = 0;
  for (size_t i = 0; i < s.size();) {
    const int n = utf8_char(s.substr(i), cp);
    if (n <= 0) {
      hex_byte(out, static_cast<unsigned char>(s[i]));
      ++i;
    } else {
      out.append(s.substr(i, static_cast<size_t>(n)));
      i += static_cast<size_t>(n);
    }
  }
  return out;
}

size_t printable_step(std::string_view s, std::string& out, bool newlines, bool more) {
  uint32_t cp = 0;
  const int n = utf8_char(s, cp);
  if (n < 0 && more) return 0;
  if (n <= 0) {
    hex_byte(out, static_cast<unsigned char>(s[0]));
    return 1;
  }
  if (n == 1) {
    if ((cp < 0x20 && cp != '\t' && !(newlines && cp == '\n')) || cp == 0x7f) hex_byte(out, static_cast<unsigned char>(cp));
    else out += static_cast<char>(cp);
    return 1;
  }
  if (cp <= 0x9f) {  // a C1 control
    out += "\\u00";
    out += kHexDigits[cp >> 4];
    out += kHexDigits[cp & 15];
  } else {
    out.append(s.substr(0, static_cast<size_t>(n)));
  }
  return static_cast<size_t>(n);
}

std::string printable(std::string_view s, bool newlines) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size();) i += printable_step(s.substr(i), out, newlines, false);
  return out;
}

namespace {
// `steps` bounds the walk as rendering is bounded: a slot repeated in
// nested texts is visited once per rendering of it.
void named_in(const PackSet& packs, const TextRef& t, std::vector<int64_t>& out, int depth, size_t& steps);

void named_in_value(const PackSet& packs, const Value& v, std::vector<int64_t>& out, int depth, size_t& steps) {
  if (++steps > kRenderMaxPieces) return;
  if (v.is_list()) {
    for (const Value& item : v.items()) named_in_value(packs, item, out, depth, steps);
  } else if (v.is_dict() && depth < 8) {
    const int32_t key = packs.text_id(v.get("text").as_str());
    if (key >= 0) named_in(packs, TextRef{key, v.get("args")}, out, depth + 1, steps);
  }
}

void named_in(const PackSet& packs, const TextRef& t, std::vector<int64_t>& out, int depth, size_t& steps) {
  if (t.key < 0 || t.key >= static_cast<int32_t>(packs.texts.size()) || !t.args.is_dict()) return;
  const TextDef& def = packs.texts[t.key];
  std::vector<TextPiece> parsed;
  std::string error;
  for (const std::string* source : {&def.text.en, &def.text.cs}) {
    if (source->empty() || !parse_template(*source, parsed, error)) continue;
    for (const auto& p : parsed) {
      if (++steps > kRenderMaxPieces) return;
      if (p.kind == TextPiece::Kind::Literal || p.kind == TextPiece::Kind::Plural) continue;
      const Value& arg = t.args.get(p.text);
      if (p.kind == TextPiece::Kind::Arg) named_in_value(packs, arg, out, depth, steps);
      else if (arg.is_int()) out.push_back(arg.as_int());
    }
  }
}
}  // namespace

void named_entities(const PackSet& packs, const TextRef& t, std::vector<int64_t>& out) {
  size_t steps = 0;
  named_in(packs, t, out, 0, steps);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

const char* hidden_entity_word(std::string_view lang) { return lang == "cs" ? "(skryto)" : "(hidden)"; }

std::string render(const PackSet& packs, const State* s, const TextRef& t, std::string_view lang,
                   const TextReader* reader) {
  std::string out;
  Renderer r{packs, s, reader, out};
  r.text(t, lang, 0);
  return out;
}

}  // namespace tabula
