// Game text as data (ENGINE.md invariant 10; docs/lua-api.md "Texts"):
// prompts, labels, log lines and results are keys with arguments, rendered
// per viewer in English or Czech, with plural forms, entity names, nested
// texts and a fallback to English; bad templates are load errors with a
// place; playouts keep no text and hash like played games.
// Packs: tests/packs/texts, tests/packs/texts-cs.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <tuple>
#include <nlohmann/json.hpp>

#include "core/io/state_json.h"
#include "core/lua/lua_host.h"
#include "core/pack/text.h"
#include "core/rules/engine.h"
#include "core/rules/kernel.h"

using namespace tabula;

namespace {

std::string dir(const char* pack) { return std::string(TABULA_SOURCE_DIR) + "/tests/packs/" + pack; }

std::unique_ptr<Engine> engine(const char* pack = "texts", std::vector<std::string> extra = {}) {
  for (auto& x : extra) x = dir(x.c_str());
  LoadResult r = load_pack(dir(pack), extra);
  EXPECT_TRUE(r.ok()) << r.report();
  return r.ok() ? std::make_unique<Engine>(std::move(r.packs)) : nullptr;
}

std::vector<std::string> journal(const Engine& e, const State& s, const char* lang, int seat = -1) {
  std::vector<std::string> out;
  for (const auto& l : s.journal)
    if (l.seat < 0 || l.seat == seat) out.push_back(e.render_line(s, l, lang, seat));
  return out;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

}  // namespace

TEST(Texts, LogLinesRenderInEitherLanguage) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  EXPECT_EQ(journal(*e, s, "en"),
            (std::vector<std::string>{"1 point", "2 points", "5 points", "Dragon: Breathes fire.", "(friend)",
                                      "{literal} and 7", "English only", "[{absent?}]"}));
  EXPECT_EQ(journal(*e, s, "cs"),
            (std::vector<std::string>{"1 bod", "2 body", "5 bodů", "Drak: Chrlí oheň.", "(příteli)",
                                      "{doslova} a 7", "English only", "[{absent?}]"}));
  // A line for seat 1 alone.
  EXPECT_EQ(journal(*e, s, "cs", 0).back(), "3 body");
}

TEST(Texts, PromptAndLabelsRenderForTheViewer) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_EQ(s.pending.size(), 1u);
  const Decision& d = s.pending[0];
  EXPECT_EQ(e->prompt(s, d, "en", Engine::kAllSeeing), "Which card, friend?");
  EXPECT_EQ(e->prompt(s, d, "cs", Engine::kAllSeeing), "Kterou kartu, příteli?");
  std::vector<std::string> en, cs;
  for (const auto& o : d.options) {
    en.push_back(e->label(s, d, o, "en"));
    cs.push_back(e->label(s, d, o, "cs"));
  }
  // An entity's name; the shared label given the id; an option's own label.
  EXPECT_EQ(en, (std::vector<std::string>{"Dragon", "Goblin", "column 3", "pass"}));
  EXPECT_EQ(cs, (std::vector<std::string>{"Drak", "Goblin", "sloupec 3", "nic"}));
  // The view carries the same texts, and an option's card text.
  auto v = nlohmann::json::parse(e->view_json(s, 0, "cs"));
  EXPECT_EQ(v["decisions"][0]["prompt"], "Kterou kartu, příteli?");
  EXPECT_EQ(v["decisions"][0]["options"][0]["label"], "Drak");
  EXPECT_EQ(v["decisions"][0]["options"][0]["text"], "Chrlí oheň.");
  EXPECT_EQ(v["journal"][0], "1 bod");
}

TEST(Texts, IntegerOptionsComeBackAsIntegersAndResultsHaveText) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  ASSERT_TRUE(e->apply(s, 0, "3").ok);
  ASSERT_TRUE(s.over);
  EXPECT_EQ(s.result.get("picked"), Value(3));  // ctx.choice was the integer 3
  EXPECT_EQ(e->render(s, s.result_text, "cs", Engine::kAllSeeing), "1 bod");
  auto v = nlohmann::json::parse(e->view_json(s, 0, "en"));
  EXPECT_EQ(v["result_text"], "1 point");
}

TEST(Texts, AnUnknownKeyIsAScriptErrorAtItsLine) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  try {
    e->kernel().host().call_value(s, "texts/rules.lua", "typo", Value());
    FAIL() << "an unknown text was accepted";
  } catch (const ScriptError& err) {
    EXPECT_TRUE(contains(err.what(), "texts/rules.lua:25")) << err.what();
    EXPECT_TRUE(contains(err.what(), "unknown text 'log.no_such_text'")) << err.what();
  }
}

// A list argument is joined by commas, its texts rendered; a table argument
// shows as data (texts.lua had a stack slip on these).
TEST(Texts, ListsAndTablesAsArguments) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  s.journal.clear();
  e->kernel().host().call_value(s, "texts/rules.lua", "lists", Value());
  EXPECT_EQ(journal(*e, s, "en"), (std::vector<std::string>{"all: 1, 2", "all: friend, 2 points", "all: {a = 1}", "all: "}));
  EXPECT_EQ(journal(*e, s, "cs")[1], "vše: příteli, 2 body");
}

// A layer that gives only Czech keeps the base's English.
TEST(Texts, ATranslationLayerKeepsTheEnglish) {
  auto e = engine("texts", {"texts-cs"});
  ASSERT_TRUE(e);
  State s = e->new_game(1, 1);
  auto cs = journal(*e, s, "cs");
  EXPECT_EQ(cs[0], "1 bodík");
  EXPECT_EQ(cs[2], "5 bodíků");
  EXPECT_EQ(cs[6], "Jen anglicky? Už ne.");
  EXPECT_EQ(journal(*e, s, "en")[6], "English only");
  const PackSet& p = e->packs();
  EXPECT_EQ(p.texts[p.text_id("log.only_en")].layer, "texts-cs");
}

TEST(Texts, PlayoutsKeepNoTextAndHashAlike) {
  auto e = engine();
  ASSERT_TRUE(e);
  State played = e->new_game(1, 1, {}, Mode::Play);
  State quiet = e->new_game(1, 1, {}, Mode::Playout);
  EXPECT_FALSE(played.journal.empty());
  EXPECT_TRUE(quiet.journal.empty());
  EXPECT_TRUE(quiet.pending[0].option_label.empty());
  EXPECT_EQ(played.hash(), quiet.hash());
  ASSERT_TRUE(e->apply(played, 0, "dragon", Mode::Play).ok);
  ASSERT_TRUE(e->apply(quiet, 0, "dragon", Mode::Playout).ok);
  EXPECT_EQ(played.hash(), quiet.hash());
}

TEST(Texts, PluralRules) {
  EXPECT_EQ(plural_form("en", 1), 0u);
  EXPECT_EQ(plural_form("en", 0), 1u);
  EXPECT_EQ(plural_form("en", 2), 1u);
  EXPECT_EQ(plural_form("cs", 1), 0u);
  for (int n : {2, 3, 4}) EXPECT_EQ(plural_form("cs", n), 1u) << n;
  for (int n : {0, 5, 11, 22}) EXPECT_EQ(plural_form("cs", n), 2u) << n;
}

TEST(Texts, TemplatesAreCheckedWhenTheyAreParsed) {
  std::vector<TextPiece> pieces;
  std::string why;
  EXPECT_TRUE(parse_template("{a} {b:name} {c:text} {n?x|y|z} {{ }}", pieces, why)) << why;
  EXPECT_EQ(pieces.size(), 8u);  // a " " b " " c " " n " { }"
  EXPECT_FALSE(parse_template("a {b", pieces, why));
  EXPECT_TRUE(contains(why, "never closed")) << why;
  EXPECT_FALSE(parse_template("a } b", pieces, why));
  EXPECT_TRUE(contains(why, "lone '}'")) << why;
  EXPECT_FALSE(parse_template("{x:colour}", pieces, why));
  EXPECT_TRUE(contains(why, "unknown format")) << why;
  EXPECT_FALSE(parse_template("{ x}", pieces, why));
}

// A bad template is a load error with its file, line and column.
TEST(Texts, BadTemplatesAndTextFilesAreLoadErrors) {
  namespace fs = std::filesystem;
  fs::path tmp = fs::temp_directory_path() / ("tabula-texts-" + std::to_string(::getpid()));
  fs::remove_all(tmp);
  fs::create_directories(tmp / "bad");
  std::ofstream(tmp / "bad" / "pack.toml") << "[pack]\nid = \"bad\"\ntexts = [\"t.toml\", \"gone.toml\"]\n";
  std::ofstream(tmp / "bad" / "t.toml") << "[a]\nok = \"fine {x}\"\nbroken = { en = \"oops {x\", cs = \"ok\" }\n"
                                           "nocs = { cs = \"jen česky\" }\nnumber = 3\n";
  LoadResult r = load_pack((tmp / "bad").string());
  EXPECT_FALSE(r.ok());
  const std::string report = r.report();
  EXPECT_TRUE(contains(report, "t.toml:3:17: error: a.broken.en: '{' at column 6 is never closed")) << report;
  EXPECT_TRUE(contains(report, "t.toml:4:8: error: a.nocs: a text needs its English form (en)")) << report;
  EXPECT_TRUE(contains(report, "t.toml:5:10: error: a.number: expected a text")) << report;
  EXPECT_TRUE(contains(report, "missing text file")) << report;
  fs::remove_all(tmp);
}

// What goes to a terminal is printable: escape sequences, carriage returns
// and bytes that are not UTF-8 (a lone 0x9B is a CSI to some terminals)
// come out as \xNN, C1 controls as \u00NN; UTF-8 text and tabs are kept,
// newlines too when a text of several lines is meant.
TEST(Texts, PrintableEscapesControlsAndBrokenUtf8) {
  EXPECT_EQ(printable("red \x1b[31mtext\r"), "red \\x1b[31mtext\\x0d");
  EXPECT_EQ(printable("Pán podzemí\tčervená"), "Pán podzemí\tčervená");
  EXPECT_EQ(printable("a\xc2\x9b" "b\xc2\x80\xc2\x9f\xc2\xa0"), "a\\u009bb\\u0080\\u009f\xc2\xa0");  // C1; U+00A0 is text
  EXPECT_EQ(printable("a\x9b" "b\xff"), "a\\x9bb\\xff");   // not UTF-8
  EXPECT_EQ(printable("two\nlines"), "two\\x0alines");
  EXPECT_EQ(printable("two\nlines\r", true), "two\nlines\\x0d");
  EXPECT_EQ(printable("cut \xe2\x82"), "cut \\xe2\\x82");  // a character cut short
  EXPECT_EQ(printable("\xe2\x82\xac \xf0\x9f\x8e\xb2"), "\xe2\x82\xac \xf0\x9f\x8e\xb2");  // €, a die
  EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate is not UTF-8
  EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf");           // nor an overlong form
  EXPECT_EQ(printable("\xf8\x80\x80"), "\\xf8\\x80\\x80");  // nor a lead byte past F4 (was taken for 3 bytes)
  EXPECT_EQ(printable("\xf4\x90\x80\x80"), "\\xf4\\x90\\x80\\x80");  // past U+10FFFF
  EXPECT_EQ(utf8_error("Kůň \xf0\x9f\x8e\xb2"), std::string_view::npos);
  EXPECT_EQ(utf8_error("ab\xe2\x82"), 2u);
  EXPECT_EQ(printable("del\x7f"), "del\\x7f");
}

namespace {
// A two-seat game with the hidden-card texts of rules.lua's `fn` run on it.
State hidden_cards(Engine& e, const char* fn) {
  State s = e.new_game(1, 2);
  s.pending.clear();
  s.journal.clear();
  e.kernel().host().call_value(s, "texts/rules.lua", fn, Value());
  return s;
}
}  // namespace

// docs/security.md, "Hidden entities carry no identity": a text names an
// entity only to a reader who knows it; others read "(hidden)".
TEST(Texts, HiddenCardsAreNotNamedToWhoCannotSeeThem) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = hidden_cards(*e, "hidden");
  ASSERT_EQ(s.pending.size(), 1u);
  auto mine = nlohmann::json::parse(e->view_json(s, 0, "en"));
  EXPECT_EQ(mine["decisions"][0]["prompt"], "Play Goblin?");
  // An option without a label names its card only when the seat knows it.
  EXPECT_EQ(mine["decisions"][0]["options"][0]["label"], "(hidden)");
  EXPECT_EQ(mine["decisions"][0]["options"][1]["label"], "Goblin");
  EXPECT_EQ(mine["journal"][0], "Goblin is there");
  for (int other : {1, -1}) {  // seat 2 and the onlooker: "waiting for seat 1: ..."
    auto v = nlohmann::json::parse(e->view_json(s, other, "en"));
    EXPECT_EQ(v["decisions"][0]["prompt"], "Play (hidden)?") << other;
    EXPECT_EQ(v["journal"][0], "(hidden) is there") << other;
    EXPECT_EQ(v.dump().find("Goblin is"), std::string::npos) << other;
  }
  auto cs = nlohmann::json::parse(e->view_json(s, 1, "cs"));
  EXPECT_EQ(cs["decisions"][0]["prompt"], "Zahrát (skryto)?");
  // The game's own log (and checks) see everything.
  EXPECT_EQ(e->render(s, s.journal[0].text, "en", Engine::kAllSeeing), "Goblin is there");
  EXPECT_EQ(e->label(s, s.pending[0], s.pending[0].options[0], "en", Engine::kAllSeeing), "Dragon");
  // What seat 2 hears of seat 1's choice is what seat 2 may read.
  EXPECT_EQ(e->label(s, s.pending[0], s.pending[0].options[1], "en", 1), "(hidden)");
}

// A journal line names what its readers knew when it was written, and
// keeps that through a saved state.
TEST(Texts, AJournalLineNamesWhatItsReadersKnewWhenWritten) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = hidden_cards(*e, "seen_then_hidden");
  for (int reader : {-1, 0, 1}) EXPECT_EQ(journal(*e, s, "en", reader), std::vector<std::string>{"Dragon is there"}) << reader;
  State loaded = state_from_json(*e, nlohmann::json::parse(state_to_json(*e, s).dump()));
  EXPECT_EQ(journal(*e, loaded, "en", 1), std::vector<std::string>{"Dragon is there"});
  // Written while seat 2 could not see the goblin: hidden to it, even once
  // the goblin lies face up in a public zone.
  State later = hidden_cards(*e, "hidden");
  e->move_entity(later, later.pending[0].options[1].entity, e->zone_index(later, "hand"));
  EXPECT_EQ(journal(*e, later, "en", 1), std::vector<std::string>{"(hidden) is there"});
  EXPECT_EQ(journal(*e, later, "en", 0), std::vector<std::string>{"Goblin is there"});
}

// Texts bound their work (docs/security.md): a text of 100 slots nested 8
// deep stops at the rendering bound; arguments that hold themselves or
// double at each level are errors at their line.
TEST(Texts, RenderingAndArgumentsAreBounded) {
  auto e = engine();
  ASSERT_TRUE(e);
  State s = hidden_cards(*e, "many");
  const std::string line = e->render(s, s.journal.back().text, "en", 0);
  EXPECT_LE(line.size(), kRenderMaxBytes + 64);
  EXPECT_EQ(line.substr(line.size() - 3), "\u2026");
  for (const auto& [fn, where, what] : {std::tuple{"itself", "texts/rules.lua:63", "text argument nested too deeply (more than 16 levels)"},
                                        std::tuple{"doubling", "texts/rules.lua:68", "text arguments too large (more than 4096 values)"}}) {
    State t = e->new_game(1, 2);
    const uint64_t hash = t.hash();
    try {
      e->kernel().host().call_value(t, "texts/rules.lua", fn, Value());
      ADD_FAILURE() << fn << " was accepted";
    } catch (const ScriptError& err) {
      EXPECT_TRUE(contains(err.what(), where)) << err.what();
      EXPECT_TRUE(contains(err.what(), what)) << err.what();
    }
    EXPECT_EQ(t.hash(), hash) << fn;
  }
}

// A stream that arrives in pieces (tabula's output filter) prints as the
// whole would: a character cut between two writes waits for its rest.
TEST(Texts, PrintableStepHoldsACharacterCutShort) {
  const std::string whole = "\xe2\x82\xac \xc2\x9b \xf0\x9f\x8e\xb2 \x1b \xff";
  std::string out, held;
  for (char c : whole) {
    held += c;
    size_t n = 0;
    while (!held.empty() && (n = printable_step(held, out, true, true)) > 0) held.erase(0, n);
  }
  EXPECT_TRUE(held.empty());
  EXPECT_EQ(out, printable(whole));
  std::string end;
  EXPECT_EQ(printable_step("\xe2\x82", end, true, true), 0u);  // more may come
  EXPECT_EQ(end, "");
  EXPECT_EQ(printable_step("\xe2\x82", end, true, false), 1u);  // no more: the bytes as \xNN
  EXPECT_EQ(end, "\\xe2");
  EXPECT_EQ(printable_step("\xe2\x28", end, true, true), 1u);  // cannot become a character
}

// UTF-8 as RFC 3629 has it: what the kernel keeps and JSON can hold.
TEST(Texts, Utf8ErrorFindsTheFirstByteThatIsNotUtf8) {
  EXPECT_EQ(utf8_error(""), std::string::npos);
  EXPECT_EQ(utf8_error("plain \x1b\x7f \xc2\x9b \xe2\x82\xac \xf4\x8f\xbf\xbf"), std::string::npos);
  EXPECT_EQ(utf8_error("ok\xff"), 2u);
  EXPECT_EQ(utf8_error("\xc0\xaf"), 0u);           // overlong
  EXPECT_EQ(utf8_error("a\xe0\x80\x80"), 1u);      // overlong
  EXPECT_EQ(utf8_error("\xed\xa0\x80"), 0u);       // a surrogate
  EXPECT_EQ(utf8_error("\xf4\x90\x80\x80"), 0u);  // past U+10FFFF
  EXPECT_EQ(utf8_error("ab\xe2\x82"), 2u);          // cut short
  EXPECT_EQ(utf8_error("\x80"), 0u);                 // a lone continuation byte
  EXPECT_EQ(utf8_text("caf\xe9 \x1b \xe2\x82\xac"), "caf\\xe9 \x1b \xe2\x82\xac");
}
