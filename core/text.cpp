#include "core/text.h"

#include <algorithm>

#include "core/pack.h"
#include "core/state.h"

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
    while (n < slot.size() && name_char(slot[n])) ++n;
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
          const Text& x = p.kind == TextPiece::Kind::EntityName ? d->name : d->text;
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

size_t utf8_char(std::string_view s, size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  // The length from the lead byte, then continuation bytes; overlong forms,
  // surrogates and code points past U+10FFFF are not UTF-8.
  const size_t len = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (len == 0 || i + len > s.size()) return 0;
  uint32_t cp = len == 2 ? c & 0x1f : len == 3 ? c & 0x0f : c & 0x07;
  for (size_t k = 1; k < len; ++k) {
    const unsigned char x = static_cast<unsigned char>(s[i + k]);
    if ((x & 0xc0) != 0x80) return 0;
    cp = (cp << 6) | (x & 0x3f);
  }
  if (len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) return 0;
  if (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) return 0;
  return len;
}

size_t utf8_invalid_at(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t len = utf8_char(s, i);
    if (len == 0) return i;
    i += len;
  }
  return std::string_view::npos;
}

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  auto escape = [&](unsigned char c) {
    static const char* digits = "0123456789abcdef";
    out += "\\x";
    out += digits[c >> 4];
    out += digits[c & 15];
  };
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      if ((c < 0x20 && c != '\t') || c == 0x7f) escape(c);
      else out += static_cast<char>(c);
      ++i;
      continue;
    }
    const size_t len = utf8_char(s, i);
    // C1 controls (U+0080..U+009F) are C2 80..C2 9F.
    if (len == 0 || (len == 2 && c == 0xc2 && static_cast<unsigned char>(s[i + 1]) < 0xa0)) {
      for (size_t k = 0; k < std::max<size_t>(len, 1); ++k) escape(static_cast<unsigned char>(s[i + k]));
      i += std::max<size_t>(len, 1);
      continue;
    }
    out.append(s.substr(i, len));
    i += len;
  }
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
