// tabula: the command-line program. This file only parses the command line
// (CLI11, included nowhere else) and calls one cmd_* function; see
// docs/cli.md for the commands.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <iostream>

#include "core/pack/text.h"
#include "core/state/suggest.h"
#include "tools/tabula/common.h"

using namespace tabula::cli;

namespace {

void packs_option(CLI::App* c) {
  c->add_option("--packs", extra_pack_dirs(),
                "A folder to find packs in by name, before $TABULA_PATH and the content folder (repeatable)")
      ->allow_extra_args(false);
}

void pack_args(CLI::App* c, std::string& pack, std::vector<std::string>& with) {
  c->add_option("pack", pack, "Pack folder, or the name of a pack on the search path (--packs, $TABULA_PATH, content/)")
      ->required();
  c->add_option("--with", with, "Layer a variant or house-rule pack on top (repeatable)")
      ->allow_extra_args(false);
  packs_option(c);
}

// Packs, logs and scenario files are written by strangers, and their text
// reaches the terminal: in labels, journal lines, error messages, screens.
// Everything this program writes to standard output and standard error
// passes through printable() (core/pack/text.h): a control character (ESC starts
// a terminal command; CR hides what came before on the line) and a byte
// that is not UTF-8 are printed as \xNN, a C1 control (U+009B is CSI) as
// \u00NN. Newlines and tabs pass. A UTF-8 character that arrives in two
// writes is held until it is whole.
class Printable : public std::streambuf {
 public:
  explicit Printable(std::ostream& os) : os_(os), to_(os.rdbuf(this)) {}
  ~Printable() override {
    drain(false);
    to_->pubsync();
    os_.rdbuf(to_);
  }

 protected:
  int overflow(int c) override {
    if (c == traits_type::eof()) return traits_type::not_eof(c);
    const char byte = static_cast<char>(c);
    return xsputn(&byte, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    held_.append(s, static_cast<size_t>(n));
    return drain(true) ? n : 0;
  }
  // A character cut short stays held: the rest comes with the next write.
  int sync() override { return drain(true) && to_->pubsync() == 0 ? 0 : -1; }

 private:
  // Writes what is held, but for the start of a character cut short when
  // `more` may follow.
  bool drain(bool more) {
    std::string out;
    size_t at = 0;
    while (at < held_.size()) {
      const size_t n = tabula::printable_step(std::string_view(held_).substr(at), out, true, more);
      if (n == 0) break;
      at += n;
    }
    held_.erase(0, at);
    return to_->sputn(out.data(), static_cast<std::streamsize>(out.size())) == static_cast<std::streamsize>(out.size());
  }

  std::ostream& os_;
  std::streambuf* to_;
  std::string held_;  // bytes not yet written: a character cut short
};

}  // namespace

// A count of games: CLI11's PositiveNumber would print its range as a
// 300-digit number.
const CLI::Validator at_least_one(
    [](const std::string& text) {
      return !text.empty() && text.find_first_not_of("0") == std::string::npos ? std::string("at least 1 game") : std::string();
    },
    "NUMBER >= 1");

int main(int argc, char** argv) {
  const Printable out(std::cout), err(std::cerr);
  CLI::App app{"Tabula: a data-driven rules engine for board games.", "tabula"};
  app.set_version_flag("--version", std::string("tabula ") + TABULA_VERSION);
  app.require_subcommand(1);
  app.failure_message([](const CLI::App*, const CLI::Error& e) {
    return std::string("tabula: error: ") + e.what() + " (see --help)\n";
  });
  CheckArgs ca;
  auto* check = app.add_subcommand("check", "Load a pack, report manifest and script errors, list provisional values");
  pack_args(check, ca.pack, ca.with);
  check->add_flag("--json", ca.json, "Print a JSON object (every finding, each with its layer)");
  check->add_flag("--all", ca.all, "Also list the warnings, provisional values and missing translations of the layers below the checked pack (a layer's base)");

  PlayArgs pa;
  auto* play = app.add_subcommand("play", "Play a game in the terminal");
  pack_args(play, pa.pack, pa.with);
  play->add_option("--seats", pa.seats, "Seat kinds in seat order, e.g. human,mcts: human, random, greedy (one choice ahead with the pack's [pack] score; random without one), mcts or mcts:iterations=N, mcts:ms=N, mcts:depth=N, mcts:prior=N (combinable: mcts:iterations=200:depth=20); ai is greedy; or a bot the packs declare ([bots.NAME]: `tabula check PACK` lists them; an mcts bot takes the same parameters, e.g. steady:iterations=50) (default: seat 1 human, others greedy)")
      ->delimiter(',')
      ->allow_extra_args(false);
  play->add_option("--players", pa.players, "Number of seats: seat 1 human, others greedy (with --seats: must match)")
      ->check(CLI::Range(1, 64));
  auto* seed_opt = play->add_option("--seed", pa.seed, "RNG seed (default: a fresh one, printed)");
  play->add_option("--setup", pa.setup, "Start from one of the pack's [setups]");
  play->add_option("--practice", pa.practice, "Shorthand for --setup practice-N")->check(CLI::Range(1, 99));
  play->add_option("--log", pa.log, "Write the game log (JSON) to this file");
  play->add_option("--lang", pa.lang, "Language of the game's texts and names: en or cs (default: a resumed game's, else en)")->check(CLI::IsMember({"en", "cs"}));
  play->add_option("--resume", pa.resume, "Go on with a game saved by :save (or written by --log): its packs, seed, "
                   "setup and choices; the seats as saved unless --seats names them");
  play->add_flag("--ask-all", pa.ask_all, "Ask questions that have only one answer too (by default they are answered and said)");
  play->get_option("pack")->required(false);
  play->footer("At any question, instead of a number: :undo takes back your last choice (until someone learnt something "
               "new or another seat chose); :save FILE keeps the game for --resume; :board, :log and :card NAME show "
               "more; :always N answers this question so from now on (:ask undoes it); :reload loads the packs again "
               "from disk and goes on with the same game; :help lists the commands; q quits.");

  RunArgs ra;
  auto* run = app.add_subcommand("run", "Play many games with automatic agents and summarise them");
  pack_args(run, ra.pack, ra.with);
  run->add_option("--set", ra.sets, "Override a [params] value: NAME=VALUE or NAME.KEY=VALUE, VALUE as JSON or a plain word (repeatable), e.g. --set start_gold=5")
      ->allow_extra_args(false);
  run->add_option("--games", ra.games, "Number of games")->required()->check(at_least_one);
  run->add_option("--seed", ra.seed, "Seed of game 1; game i uses seed S+i-1")->capture_default_str();
  run->add_option("--setup", ra.setup, "Start every game from one of the pack's [setups]");
  run->add_option("--seats", ra.seats, "Seat kinds in seat order, one per seat, e.g. mcts,random: random, greedy (one choice ahead with the pack's [pack] score; random without one), mcts or mcts:iterations=N, mcts:ms=N, mcts:depth=N, mcts:prior=N (combinable: mcts:iterations=200:depth=20), or a bot the packs declare ([bots.NAME]: `tabula check PACK` lists them; an mcts bot takes the same parameters). A bare number N is still the number of seats, all random (default: the setup's or the pack's count)")
      ->delimiter(',')
      ->allow_extra_args(false);
  run->add_option("--players", ra.players, "Number of seats, every one random unless --seats names kinds (with a --seats list: must match)")->check(CLI::Range(1, 64));
  run->add_option("--max-choices", ra.max_choices, "Stop a game after this many choices (0: no cap)")->capture_default_str();
  run->add_option("--agents", ra.agents, "Old spelling of --seats KINDS: one kind for every seat or one per seat; ai is greedy")->delimiter(',')->allow_extra_args(false);
  run->add_flag("--json", ra.json, "Print a JSON object");
  run->add_option("--log-dir", ra.log_dir, "Write every game's log (game-SEED.json) and one row per game (games.jsonl) to this folder");
  run->add_option("--jobs,-j", ra.jobs, "Play the games in this many processes at once (0: one per core); the figures are the same for any number")
      ->check(CLI::Range(0, 256))->capture_default_str();
  run->add_option("--shard", ra.shard, "Play only shard I of N (I/N, from 1/N to N/N): a contiguous block of the games; with --out, for `tabula merge`");
  run->add_option("--out", ra.out, "Write this run's (or shard's) partial result to FILE for `tabula merge`, instead of the summary");
  run->add_option("--report", ra.report, "Also write the figures as one self-contained HTML page (charts, intervals, the definitions table)");
  run->add_option("--csv", ra.csv, "Also write the figures as CSV tables for spreadsheets");
  run->add_flag("--no-timing", ra.no_timing, "Leave out the figures that depend on the clock (seconds, rates, time per decision): the same seeds then print the same bytes");
  run->footer("Every share comes with its 95 % interval (Wilson), every mean with its 95 % interval (Student's t). "
              "Spread a long study over machines with --shard I/N --out FILE on each and `tabula merge FILE...` (docs/lab.md).");

  CompareArgs cm;
  auto* cmp = app.add_subcommand("compare", "Play configurations of a pack (layers, --set values, seat kinds) on the same seeds and report what differs, with intervals and p-values");
  cmp->add_option("pack", cm.pack, "Pack folder, or the name of a pack on the search path (--packs, $TABULA_PATH, content/)")->required();
  packs_option(cmp);
  cmp->add_option("--with", cm.with, "A configuration: the pack with this layer on top (repeatable: one configuration each)");
  cmp->add_option("--set", cm.sets, "A configuration: the pack with this [params] value, NAME=VALUE (repeatable: one configuration each)")->allow_extra_args(false);
  cmp->add_option("--config", cm.configs, "A configuration of several changes: \"name=LABEL with=LAYER set=NAME=VALUE seats=KIND,KIND\" (repeatable)")->allow_extra_args(false);
  cmp->add_option("--base-with", cm.base_with, "A layer under every configuration, the base among them");
  cmp->add_flag("--no-base", cm.no_base, "Leave out the plain pack: the first configuration given is the one the others are measured against");
  cmp->add_option("--games", cm.games, "Games per configuration (with --until-decided: at most)")->check(at_least_one)->capture_default_str();
  cmp->add_option("--seed", cm.seed, "Seed of game 1; game i uses seed S+i-1 in every configuration")->capture_default_str();
  cmp->add_option("--setup", cm.setup, "Start every game from one of the pack's [setups]");
  cmp->add_option("--seats", cm.seats, "Seat kinds in seat order (as tabula run --seats), for every configuration without its own seats=")->delimiter(',')->allow_extra_args(false);
  cmp->add_option("--max-choices", cm.max_choices, "Stop a game after this many choices (0: no cap)")->capture_default_str();
  cmp->add_option("--jobs,-j", cm.jobs, "Processes at once (0: one per core)")->check(CLI::Range(0, 256))->capture_default_str();
  cmp->add_flag("--until-decided", cm.until_decided, "Play in batches and stop once every difference's interval is narrow enough (--precision), or at --games");
  cmp->add_option("--precision", cm.precision, "With --until-decided: the widest half-interval that counts as decided, as a fraction of win share (0.02: two points) and of the base's score spread (sd)")->capture_default_str();
  cmp->add_option("--batch", cm.batch, "With --until-decided: games per configuration between looks")->check(CLI::Range(2, 1000000))->capture_default_str();
  cmp->add_option("--alpha", cm.alpha, "The level below which an adjusted p-value marks a difference as real")->capture_default_str();
  cmp->add_flag("--json", cm.json, "Print a JSON object");
  cmp->add_flag("--no-timing", cm.no_timing, "Leave out the figures that depend on the clock");
  cmp->add_option("--report", cm.report, "Also write the comparison as one self-contained HTML page (forest plots, each configuration's figures)");
  cmp->add_option("--csv", cm.csv, "Also write the comparison as CSV tables");
  cmp->footer("Example: tabula compare dungeon-lords --with dungeon-lords-wealthy --seats mcts,mcts --games 400 --jobs 2 (docs/lab.md)");

  TuneArgs tu;
  auto* tune = app.add_subcommand("tune", "Search values of a pack's [params] for those that bring a figure of the game to a target, on the same seeds");
  tune->add_option("pack", tu.pack, "Pack folder, or the name of a pack on the search path")->required();
  packs_option(tune);
  tune->add_option("--with", tu.with, "A layer under every candidate (repeatable)");
  tune->add_option("--param", tu.params, "NAME=V1,V2,... (or NAME.KEY=...): the values to try, each JSON or a plain word (repeatable: every combination is a candidate)")->required()->allow_extra_args(false);
  tune->add_option("--target", tu.target, "The figure and its aim: win:N=V (seat N's win share near V), score:N=V, length=V (choices per game), sums and differences (win:1-win:2=0.2), max:EXPR or min:EXPR")->required();
  tune->add_option("--games", tu.games, "The most games a candidate plays (the last round's)")->check(CLI::Range(uint64_t{2}, uint64_t{100000000}))->capture_default_str();
  tune->add_option("--candidates", tu.candidates, "With more combinations than this, a sample of this many (drawn from --seed)")->check(CLI::Range(1, 100000))->capture_default_str();
  tune->add_option("--seed", tu.seed, "Seed of game 1; game i uses seed S+i-1 for every candidate")->capture_default_str();
  tune->add_option("--setup", tu.setup, "Start every game from one of the pack's [setups]");
  tune->add_option("--seats", tu.seats, "Seat kinds in seat order (as tabula run --seats)")->delimiter(',')->allow_extra_args(false);
  tune->add_option("--max-choices", tu.max_choices, "Stop a game after this many choices (0: no cap)")->capture_default_str();
  tune->add_option("--jobs,-j", tu.jobs, "Processes at once (0: one per core)")->check(CLI::Range(0, 256))->capture_default_str();
  tune->add_flag("--json", tu.json, "Print a JSON object");
  tune->footer("Example: tabula tune dungeon-lords --param start_gold=1,3,5,7 --target win:1=0.5 --seats greedy,greedy --games 400 (docs/lab.md)");

  MergeArgs ma;
  auto* merge = app.add_subcommand("merge", "Combine the partial results of `tabula run --shard I/N --out FILE` into the summary of the whole run");
  merge->add_option("files", ma.files, "The shard files: every shard of one run, each once")->required();
  merge->add_flag("--json", ma.json, "Print a JSON object (as `tabula run --json`)");
  merge->add_flag("--no-timing", ma.no_timing, "Leave out the figures that depend on the clock");
  merge->add_option("--report", ma.report, "Also write the figures as one self-contained HTML page");
  merge->add_option("--csv", ma.csv, "Also write the figures as CSV tables");

  ConformanceArgs cf;
  auto* conf = app.add_subcommand("conformance", "Play random games of a pack and check the engine's invariants at every step: hidden information, save/load, clones, replay");
  pack_args(conf, cf.pack, cf.with);
  conf->add_option("--setup", cf.setup, "Check only this one of the pack's [setups] (default: every start the pack offers)");
  conf->add_option("--seats", cf.seats, "Check only one start with this many seats (the default start's, or --setup's)")->check(CLI::Range(1, 64));
  conf->add_option("--games", cf.games, "Random games per start")->check(at_least_one)->capture_default_str();
  conf->add_option("--seed", cf.seed, "Seed of game 1; game i uses seed S+i-1")->capture_default_str();
  conf->add_option("--watch", cf.watch, "Check views and texts at every step of the first N games of each start (the others check the rest)")->capture_default_str();
  conf->add_option("--log", cf.log, "On a violation, write the failing game's log up to it to this file (for tabula replay)");
  conf->add_flag("--all-choices", cf.all_choices, "On a violation, list every choice before it, not the last 40");
  conf->footer("Exit code 0 when every check passes; 1 with the first violation located (pack, setup, seats, seed, step, seat) "
               "and a command line that plays that game again.");

  ReplayArgs rp;
  auto* rep = app.add_subcommand("replay", "Replay a game log and check every state hash");
  rep->add_option("log", rp.log, "Game log (JSON) written by `tabula play --log` or `run --log-dir`")->required();
  rep->add_flag("--watch", rp.watch, "Step through the game as it was played: each choice with the screen its seat (or, "
                "with --seat, that seat) saw; Enter goes on, b back, a number to that choice, q quits");
  rep->add_option("--seat", rp.seat, "With --watch: whose screens to show (from 1; default: an onlooker's, who sees "
                  "what every seat may see)")->check(CLI::Range(1, 64));
  rep->add_option("--lang", rp.lang, "With --watch: en or cs")->check(CLI::IsMember({"en", "cs"}));
  rep->add_flag("--json", rp.json, "Print a JSON object");
  packs_option(rep);

  ScenarioArgs sa;
  auto* sc = app.add_subcommand("scenario", "Run scenario files (a folder runs every .toml in it)");
  sc->add_option("files", sa.files, "Scenario files or folders")->required();
  sc->add_flag("--json", sa.json, "Print a JSON object");
  sc->add_flag("-v,--verbose", sa.verbose, "Also print each scenario's journal");
  packs_option(sc);

  NewArgs na;
  auto* nw = app.add_subcommand("new", "Write a working skeleton: a game, a layer over a pack, or a card in a pack");
  nw->require_subcommand(1);
  auto* new_pack = nw->add_subcommand("pack", "A small complete game (a race) with its texts and a scenario");
  new_pack->add_option("dir", na.dir, "The folder to write it in (new, or without these files)")->required();
  new_pack->add_option("--id", na.id, "The pack's id (default: the folder's name)");
  new_pack->add_option("--seats", na.seats, "The default number of seats")->check(CLI::Range(1, 64))->capture_default_str();
  auto* new_layer = nw->add_subcommand("layer", "A variant, house rule or expansion of a pack, with examples and a scenario");
  new_layer->add_option("dir", na.dir, "The folder to write it in; it may be anywhere")->required();
  new_layer->add_option("--id", na.id, "The layer's id (default: the folder's name)");
  auto* patches = new_layer->add_option("--patches", na.patches, "The pack it alters: a variant or house rule");
  new_layer->add_option("--extends", na.extends, "The pack it adds to: an expansion")->excludes(patches);
  packs_option(new_layer);
  auto* new_card = nw->add_subcommand("card", "A new definition of a kind in a pack or layer: entry, script, scenario");
  new_card->add_option("pack", na.dir, "The pack or layer folder to add it to")->required();
  new_card->add_option("kind", na.kind, "A kind the pack declares ([kinds.X])")->required();
  new_card->add_option("id", na.id, "The new definition's id")->required();
  new_card->add_option("--like", na.like, "Copy the tags, properties and behaviour of this definition of the kind");
  new_card->add_option("--manifest", na.manifest, "The manifest to add it to (default: KINDs.toml, added to [pack] manifests)");
  packs_option(new_card);
  for (auto* sub : {new_pack, new_layer, new_card})
    sub->callback([&na, sub] { na.what = sub->get_name(); });
  SchemaArgs sh;
  auto* schema = app.add_subcommand("schema", "Write JSON Schemas of a pack's TOML files, for editors and validators");
  pack_args(schema, sh.pack, sh.with);
  auto* schema_role = schema->add_option("--role", sh.role, "The schema to write with -o or to stdout: pack (pack.toml), manifest or texts")
      ->check(CLI::IsMember({"pack", "manifest", "texts"}))
      ->capture_default_str();
  auto* schema_out = schema->add_option("-o,--out", sh.out, "Write the --role schema to this file instead of stdout");
  schema->add_option("--out-dir", sh.out_dir, "Write pack.schema.json, manifest.schema.json and texts.schema.json here")
      ->excludes(schema_out)
      ->excludes(schema_role);
  AnnotationsArgs an;
  auto* ann = app.add_subcommand("annotations", "Write LuaLS annotations of the Lua API and scripts/ for editors");
  ann->add_option("pack", an.pack, "Also write this pack's .luarc.json (a folder, or a pack on the search path)");
  ann->add_option("--out-dir", an.out_dir, "Folder for the annotation files")->capture_default_str();
  packs_option(ann);

  LuacheckrcArgs lc;
  auto* lcrc = app.add_subcommand("luacheckrc", "Print a luacheck configuration that allows only what the sandbox gives scripts");
  lcrc->add_option("-o,--out", lc.out, "Write it to this file instead");

  ServeArgs sv;
  auto* serve = app.add_subcommand("serve", "Play in a browser: a lobby, a link per seat, bots, live updates (docs/web.md)");
  pack_args(serve, sv.pack, sv.with);
  serve->get_option("pack")->required(false)->description("The pack the lobby offers first (with --seats: the game to make at once)");
  serve->add_option("--port", sv.port, "Port to listen on (0: any free port, printed)")->capture_default_str();
  serve->add_option("--bind", sv.bind, "Address to listen on; 0.0.0.0 opens it to the network (anyone with a link plays that seat)")->capture_default_str();
  serve->add_option("--data", sv.data, "Folder where every game is saved after every choice and read again at start "
                    "(default: $XDG_DATA_HOME/tabula/games, else ~/.local/share/tabula/games)");
  serve->add_option("--seats", sv.seats, "Make a game of PACK at once with these seat kinds (as tabula play --seats) and print its links")
      ->delimiter(',')
      ->allow_extra_args(false);
  serve->add_option("--setup", sv.setup, "With --seats: start from one of the pack's [setups]");
  serve->add_option("--lang", sv.lang, "With --seats: the game's language, en or cs")->check(CLI::IsMember({"en", "cs"}))->capture_default_str();
  serve->add_option("--web", sv.web, "Serve the page from this folder (a copy of web/ you are changing) instead of the one built in");
  serve->add_option("--threads", sv.threads, "Connections served at once; every open page holds one")->check(CLI::Range(4, 4096))->capture_default_str();
  serve->add_option("--bot-threads", sv.bot_threads, "Threads that play the bots' moves (default: one per core)")->check(CLI::Range(1, 256));
  serve->footer("Open the printed address in a browser, make a game in the lobby and send each player their seat's link. "
                "A killed server started again with the same --data goes on with every game.");

  app.footer(
      "Examples:\n"
      "  tabula check content/dungeon-lords\n"
      "  tabula play dungeon-lords --practice 1\n"
      "  tabula run tests/packs/duel --games 1000 --seed 1\n"
      "  tabula run connect-four --seats mcts,random --games 20\n"
      "  tabula replay game.json\n"
      "  tabula serve connect-four --seats human,greedy\n"
      "  tabula conformance ~/mods/angry-trolls\n"
      "  tabula scenario tests/scenarios\n"
      "  tabula new layer ~/mods/angry-trolls --patches dungeon-lords\n"
      "Run `tabula COMMAND --help` for a command's options.");


  if (argc <= 1) {
    std::cout << app.help();
    return 2;
  }
  // A first word that is no command (and no option): say so, with the
  // nearest command, rather than CLI11's "A subcommand is required".
  if (const std::string first = argv[1]; !first.empty() && first[0] != '-') {
    std::vector<std::string> names;
    for (const CLI::App* c : app.get_subcommands([](CLI::App*) { return true; })) names.push_back(c->get_name());
    if (std::find(names.begin(), names.end(), first) == names.end()) {
      std::string list;
      for (const auto& n : names) list += (list.empty() ? "" : ", ") + n;
      std::cerr << "tabula: error: no command '" << first << "'" << tabula::suggestion(first, names) << "; the commands are "
                << list << " (see --help)\n";
      return 2;
    }
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  pa.has_seed = seed_opt->count() > 0;

  try {
    if (*check) return cmd_check(ca);
    if (*play) return cmd_play(pa);
    if (*serve) return cmd_serve(sv);
    if (*run) return cmd_run(ra);
    if (*merge) return cmd_merge(ma);
    if (*cmp) return cmd_compare(cm);
    if (*tune) return cmd_tune(tu);
    if (*rep) return cmd_replay(rp);
    if (*conf) return cmd_conformance(cf);
    if (*sc) return cmd_scenario(sa);
    if (*nw) return cmd_new(na);
    if (*schema) return cmd_schema(sh);
    if (*ann) return cmd_annotations(an);
    if (*lcrc) return cmd_luacheckrc(lc);
  } catch (const UsageError& e) {
    std::cerr << "tabula: error: " << e.what() << "\n";
    return 2;
  } catch (const CliError& e) {
    std::cerr << "tabula: error: " << e.what() << "\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "tabula: internal error: " << e.what() << "\n";
    return 1;
  }
  return 2;
}
