#include "tools/tabula/ui_text.h"

#include <cstdint>
#include <iterator>

#include "core/pack/text.h"

namespace tabula::cli {

namespace {
struct Phrase {
  const char* en;
  const char* cs;
};

const Phrase& phrase(Ui what) {
  static const Phrase table[] = {
      {"Seat {1}", "Hráč {1}"},
      {"human", "člověk"},
      {"random", "náhodný"},
      {"ai", "počítač"},
      {"greedy", "chamtivý"},
      {"mcts", "mcts"},
      {"greedy plays at random: the pack has no [pack] score", "chamtivý hraje náhodně: balíček nemá [pack] score"},
      {"=== {1} to choose ===", "=== Volí {1} ==="},
      {"(starts)", "(začíná)"},
      {"your secrets", "tvá tajemství"},
      {"{1} hidden", "skrytých: {1}"},
      {"{1} face down", "lícem dolů: {1}"},
      {"(waiting for seat {1}: {2})", "(čeká se na hráče {1}: {2})"},
      {"(waiting for seat {1} — a secret choice)", "(čeká se na hráče {1} — tajná volba)"},
      {"{1} chose: {2}", "{1} volí: {2}"},
      {"{1} made a secret choice", "{1} tajně zvolil"},
      {"Please enter a number from 1 to {1} (or q to quit)", "Zadej číslo od 1 do {1} (nebo q pro konec)"},
      {"(nothing changed; choose again)", "(nic se nezměnilo; vol znovu)"},
      {"Game over after {1}.", "Konec hry po {1}."},
      {"Result", "Výsledek"},
      {"Quit after {1}.", "Ukončeno po {1}."},
      {"(private)", "(jen pro tebe)"},
      {"game", "hra"},
      {"setup", "příprava"},
      {"seed", "semínko"},
      {"face down", "lícem dolů"},
      {"seat {1}", "hráč {1}"},
      {"Choose {1} of these, numbers separated by spaces{2}:", "Vyber {1} z těchto, čísla oddělená mezerami{2}:"},
      {"Please enter {1} different numbers from 1 to {2}, separated by spaces{3} (q to quit)",
       "Zadej {1} různých čísel od 1 do {2} oddělených mezerami{3} (q pro konec)"},
      {"nothing", "nic"},
      {"; none or - for no option", "; none nebo - pro žádnou"},
      {"(a line longer than {1} MiB: the input ends here)", "(řádek delší než {1} MiB: vstup zde končí)"},
      {"(the pack's screen failed; showing the plain screen) {1}", "(obrazovka balíčku selhala; zobrazuji prostou obrazovku) {1}"},
      {"Commands (type them at any question):", "Příkazy (lze je zadat u každé otázky):"},
      {"load the packs again from disk and go on with the same game", "znovu načíst balíčky z disku a pokračovat v téže hře"},
      {"this list", "tento seznam"},
      {"quit the game", "ukončit hru"},
      {"unknown command '{1}'", "neznámý příkaz '{1}'"},
      {"(reloaded the packs; the game goes on with the changed rules)", "(balíčky znovu načteny; hra pokračuje se změněnými pravidly)"},
      {"(reloaded the packs; no change to the rules: no .toml or .lua file of theirs changed)",
       "(balíčky znovu načteny; pravidla se nezměnila: žádný jejich soubor .toml ani .lua se nezměnil)"},
      {"(the state's hash changed from {1} to {2}: the definitions changed)",
       "(otisk stavu se změnil z {1} na {2}: změnily se definice)"},
      {"(reload failed: {1}; the game goes on with the packs as they were, nothing is lost)",
       "(nové načtení selhalo: {1}; hra pokračuje s balíčky, jak byly, nic se neztratilo)"},
      {"the packs do not load: {1}", "balíčky se nenačtou: {1}"},
      {"see the errors above", "viz chyby výše"},
      {"a script does not load: {1}", "skript se nenačte: {1}"},
      {"the pack's screen does not load: {1}", "obrazovka balíčku se nenačte: {1}"},
      {"this game's state does not fit the changed packs: {1}", "stav této hry neodpovídá změněným balíčkům: {1}"},
      {"(the rules were reloaded with changes after {1}: neither this seed nor the log replays this game)",
       "(pravidla byla během hry znovu načtena se změnami po {1}: toto semínko ani záznam tuto hru nezopakují)"},
      {"{1} chose: {2} — at “{3}”", "{1} volí: {2} — u otázky „{3}“"},
      {"Hand the screen to {1}. {2}: press Enter when only you can see it (q to quit).", "Předej obrazovku: {1}. {2}: stiskni Enter, až ji uvidíš jen ty (q pro konec)."},
      {"{1}: the only answer to “{2}”: {3}", "{1}: jediná možná odpověď na „{2}“: {3}"},
      {"{1}: “{2}” answered as you asked: {3} (:ask to be asked again)", "{1}: „{2}“ zodpovězeno, jak sis přál: {3} (:ask pro nové ptaní)"},
      {"(from now on “{1}” is answered “{2}” for you; :ask stops it)", "(odteď se na „{1}“ odpovídá „{2}“; :ask to zruší)"},
      {"(every question will be asked again)", "(všechny otázky se budou opět klást)"},
      {":always needs an option number from 1 to {1}", ":always potřebuje číslo možnosti od 1 do {1}"},
      {"({1} took back: {2})", "({1} bere zpět: {2})"},
      {"(nothing to take back: {1})", "(nelze vzít zpět: {1})"},
      {"you have made no choice that may be taken back", "neučinil jsi žádnou volbu, kterou lze vzít zpět"},
      {"seat {1} has chosen since", "hráč {1} mezitím volil"},
      {"a choice drew at random (a roll, a shuffle or a hidden card)", "volba rozhodla náhodou (hod, zamíchání nebo skrytá karta)"},
      {"a choice showed seat {1} something it did not know", "volba ukázala hráči {1} něco, co neznal"},
      {"the game was resumed or its packs reloaded since", "hra byla mezitím obnovena nebo byly znovu načteny balíčky"},
      {"“{1}” ends the game. Type yes to choose it, anything else to choose again.", "„{1}“ ukončí hru. Napiš ano pro potvrzení, cokoli jiného pro novou volbu."},
      {"(saved to {1}: `tabula play --resume {2}` goes on from here)", "(uloženo do {1}: `tabula play --resume {2}` pokračuje odsud)"},
      {"(not saved: {1})", "(neuloženo: {1})"},
      {":save needs a file name, e.g. :save game.json", ":save potřebuje jméno souboru, např. :save hra.json"},
      {"Resumed after {1}.", "Pokračuje se po {1}."},
      {"(the board is as you last saw it: :board shows it)", "(deska je stejná jako naposledy: :board ji ukáže)"},
      {"{1} of {2}", "{1} z {2}"},
      {"(nothing has happened yet)", "(zatím se nic nestalo)"},
      {":card needs a card's name, e.g. :card troll", ":card potřebuje jméno karty, např. :card troll"},
      {"no card is named '{1}'{2}", "žádná karta se nejmenuje '{1}'{2}"},
      {"{1} cards match '{2}': give more of the name", "'{2}' odpovídá karet: {1}; napiš víc ze jména"},
      {"take back your last choice, until someone learnt something new or another seat chose", "vzít zpět svou poslední volbu, dokud se nikdo nedozvěděl nic nového a nikdo jiný nevolil"},
      {"show the whole board again", "ukázat znovu celou desku"},
      {"what happened lately", "co se nedávno stalo"},
      {"a card's text", "text karty"},
      {"choose option N now and whenever this question comes again", "zvolit možnost N teď a pokaždé, když přijde tato otázka"},
      {"ask every question again (ends :always)", "opět se ptát na všechno (ruší :always)"},
      {"save the game; tabula play --resume FILE goes on from there", "uložit hru; tabula play --resume FILE pokračuje odtud"},
      {"Choice {1} of {2}: {3}", "Volba {1} z {2}: {3}"},
      {"(Enter: next · b: back · a number: that choice · q: quit)", "(Enter: další · b: zpět · číslo: ta volba · q: konec)"},
      {"The start of the game", "Začátek hry"},
      {"The log ends after {1}; the game goes on with `tabula play --resume {2}`.", "Záznam končí po {1}; ve hře lze pokračovat: `tabula play --resume {2}`."},
      {"(to keep a game and go on with it later: :save FILE before q, or play with --log FILE; then tabula play --resume FILE)", "(hru lze uložit a pokračovat v ní později: :save SOUBOR před q, nebo hraj s --log SOUBOR; pak tabula play --resume SOUBOR)"},
      {"{1} options have '{2}' (type a number, or more of the text):", "'{2}' má více možností: {1} (napiš číslo nebo víc z textu):"},
      {"an option's number, or a part of its text no other option has", "číslo možnosti, nebo část jejího textu, kterou nemá žádná jiná"},
      {"  files changed: {1}", "  změněné soubory: {1}"},
      {"  definitions changed: {1}", "  změněné definice: {1}"},
      {"  definitions added: {1}", "  přidané definice: {1}"},
      {"  definitions removed: {1}", "  odebrané definice: {1}"},
      {"  parameters changed: {1}", "  změněné parametry: {1}"},
      {"  texts changed: {1}", "  změněné texty: {1}"},
      {"{1} (new)", "{1} (nový)"},
      {"{1} (gone)", "{1} (odstraněn)"},
      {"and {1} more", "a {1} dalších"},
      {"the game is over", "hra skončila"},
      {"“{1}” ends the game, and you do not win.", "„{1}“ ukončí hru a nevyhrajete."},
  };
  static_assert(std::size(table) == static_cast<size_t>(Ui::EndsGame) + 1, "one phrase per Ui, in its order");
  return table[static_cast<int>(what)];
}
}  // namespace

std::string ui(std::string_view lang, Ui what, const std::string& a, const std::string& b, const std::string& c) {
  const Phrase& p = phrase(what);
  std::string s = lang == "cs" ? p.cs : p.en;
  for (auto [slot, with] : {std::pair<const char*, const std::string*>{"{1}", &a}, {"{2}", &b}, {"{3}", &c}}) {
    auto at = s.find(slot);
    if (at != std::string::npos) s.replace(at, 3, *with);
  }
  return s;
}

std::string ui_choices(std::string_view lang, uint64_t n) {
  static const char* en[] = {"choice", "choices"};
  static const char* cs[] = {"volbě", "volbách", "volbách"};
  const size_t form = plural_form(lang, static_cast<int64_t>(n));
  return std::to_string(n) + " " + (lang == "cs" ? cs[form] : en[form]);
}

std::string undo_reason(std::string_view lang, const UndoLimit& l) {
  switch (l.why) {
    case UndoLimit::Why::None:
    case UndoLimit::Why::NoChoice: return ui(lang, Ui::UndoNoChoice);
    case UndoLimit::Why::OtherSeat: return ui(lang, Ui::UndoOtherSeat, std::to_string(l.seat + 1));
    case UndoLimit::Why::Chance: return ui(lang, Ui::UndoChance);
    case UndoLimit::Why::Shown: return ui(lang, Ui::UndoShown, std::to_string(l.seat + 1));
    case UndoLimit::Why::Sealed: return ui(lang, Ui::UndoSealed);
  }
  return "";
}

}  // namespace tabula::cli
