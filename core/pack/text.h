// Game text as data (ENGINE.md invariant 10): a key into the packs' text
// tables plus named arguments. Logic never reads it; it is rendered for one
// viewer in one language only when a person looks (render()).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/state/text_ref.h"
#include "core/state/value.h"

namespace tabula {

struct PackSet;
struct State;

// A template split into literal pieces and {argument} slots. Syntax:
//   {name}            the argument as it is (a nested text is rendered)
//   {name:name}       the argument is an entity: its name
//   {name:text}       the argument is an entity: its card text
//   {name?a|b|c}      the argument is a number: the form its language's
//                     plural rule picks (en: one|other, cs: one|few|other)
//   {{ and }}         literal braces
struct TextPiece {
  enum class Kind : uint8_t { Literal, Arg, EntityName, EntityText, Plural };
  Kind kind = Kind::Literal;
  std::string text;                // the literal, or the argument's name
  std::vector<std::string> forms;  // plural forms
};

// Parses a template; on a syntax error returns false with `error` set.
bool parse_template(std::string_view source, std::vector<TextPiece>& out, std::string& error);

// Languages the kernel knows plural rules for; en is the fallback of every text.
bool known_language(std::string_view lang);
// The plural form index of n in lang (0-based).
size_t plural_form(std::string_view lang, int64_t n);

// The offset of the first byte of `s` that is not part of a UTF-8
// character (overlong forms, surrogates and code points past U+10FFFF are
// not UTF-8), or std::string_view::npos when all of `s` is UTF-8 text.
size_t utf8_error(std::string_view s);
// `s` with every byte that is not UTF-8 written as \xNN: UTF-8 text, control
// characters included, passes unchanged. For messages that quote bytes a
// script or a file gave (a Lua error value), so that they stay text.
std::string utf8_text(std::string_view s);

// `s` made safe to write to a terminal: C0 controls and DEL, and bytes that
// are not UTF-8, become \xNN; the C1 controls U+0080..U+009F (which some
// terminals read as escape sequences: U+009B is CSI) become \u00NN; tab,
// newline when `newlines` (a text of several lines) and the rest of UTF-8
// pass as they are.
std::string printable(std::string_view s, bool newlines = false);
// One step of printable() for a stream that arrives in pieces: appends how
// the character (or the one byte that is not UTF-8) at the start of `s`
// prints to `out` and returns the bytes it took. Returns 0 and appends
// nothing when `s` may be a UTF-8 character cut short and more may follow
// (`more`). `s` is not empty.
size_t printable_step(std::string_view s, std::string& out, bool newlines, bool more);

// Who reads a rendered text: an entity slot ({x:name}, {x:text}) names the
// entity only when hides() says the reader knows it; else it shows the
// kernel's word for a hidden entity (hidden_entity_word), so no text tells a
// reader what a card it may not see is. Null: a reader who sees everything
// (the game's own log, scenario checks).
class TextReader {
 public:
  virtual bool hides(int64_t entity) const = 0;

 protected:
  ~TextReader() = default;
};

// The entities `t` names in entity slots, in either language, nested texts
// included (to judge who may read their names; may repeat).
void named_entities(const PackSet& packs, const TextRef& t, std::vector<int64_t>& out);

// "(hidden)", in `lang`.
const char* hidden_entity_word(std::string_view lang);

// Bounds of one rendering: a text whose nested texts and repeated slots
// would grow past them ends with "…" where the bound was reached.
constexpr size_t kRenderMaxBytes = 16 * 1024;
constexpr size_t kRenderMaxPieces = 20000;

// Renders `t` for `lang` ("en" or "cs"), falling back to English where the
// text has no translation. `s` (may be null) resolves entity arguments.
std::string render(const PackSet& packs, const State* s, const TextRef& t, std::string_view lang,
                   const TextReader* reader = nullptr);

}  // namespace tabula
