// Every string of the page's own (not the game's texts, which the server
// renders per viewer) in English and Czech, so the two stay side by side.
const STRINGS = {
  en: {
    'app.title': 'Tabula',
    'lang.label': 'Language',
    'lobby.new': 'New game',
    'lobby.pack': 'Game',
    'lobby.layers': 'Expansions and variants',
    'lobby.setup': 'Setup',
    'lobby.setup.none': '(standard)',
    'lobby.lang': 'Language of the game',
    'lobby.seats': 'Number of seats',
    'lobby.seat': 'Seat {n}',
    'lobby.create': 'Create the game',
    'lobby.links': 'Links of the new game',
    'lobby.link.seat': 'Seat {n}',
    'lobby.link.watch': 'Onlooker',
    'lobby.link.table': 'Hot-seat (all human seats on this screen)',
    'lobby.copy': 'Copy',
    'lobby.copied': 'Copied',
    'lobby.games': 'Games on this server',
    'lobby.games.none': 'No games yet.',
    'lobby.col.id': 'Game',
    'lobby.col.pack': 'Pack',
    'lobby.col.title': 'Title',
    'lobby.col.seats': 'Seats',
    'lobby.col.choices': 'Choices',
    'lobby.col.state': 'State',
    'lobby.over': 'over',
    'lobby.running': 'running',
    'lobby.nopacks': 'No playable packs were found.',
    'lobby.import': 'Open a saved game',
    'lobby.import.hint': 'A game log (tabula play --log, :save, or a game of another server) goes on here; its choices are replayed and checked first.',
    'lobby.import.file': 'Game log (JSON)',
    'lobby.import.go': 'Open it',
    'lobby.import.none': 'Choose a file first.',
    'lobby.import.bad': 'This file is not JSON: {msg}',
    'kind.human': 'human',
    'kind.random': 'random',
    'kind.greedy': 'greedy',
    'kind.mcts': 'search (MCTS)',
    'err.load': 'Could not load: {msg}',
    'err.net': 'The server does not answer.',
    'game.you': 'You are Seat {n}',
    'game.onlooker': 'You are watching',
    'game.turn': 'Turn: {seats}',
    'game.turn.none': 'Nobody is to move',
    'game.seat': 'Seat {n}',
    'game.seats': 'Seats',
    'game.waiting': 'Waiting for Seat {n}: {prompt}',
    'game.waiting.secret': 'Waiting for Seat {n}',
    'game.waitbots': 'Waiting for the bots…',
    'game.confirm': 'Confirm ({n} chosen)',
    'game.pick': 'Choose {min} to {max}',
    'game.undo': 'Undo',
    'game.undo.no': 'Nothing to undo',
    'game.log': 'Log',
    'game.why': 'why?',
    'game.why.none': 'Nothing may be said.',
    'game.cause.rule': 'rule',
    'game.cause.card': 'card',
    'game.cause.layer': 'layer',
    'game.cause.choice': 'Seat {n} chose this.',
    'game.over': 'The game is over',
    'game.winners': 'Winners: {seats}',
    'game.winners.none': 'Nobody won',
    'game.replay': 'Replay of this game',
    'game.lobby': 'Lobby',
    'game.moved': 'The game moved on: {msg}',
    'game.end.yes': 'Yes, end the game',
    'game.log.earlier': '{n} earlier lines are in the replay.',
    'game.end.no': 'No, choose again',
    'game.vars': 'Game values',
    'game.counters': 'Counters',
    'game.secret': 'Only you know',
    'game.hidden': 'hidden',
    'game.facedown': 'face down',
    'game.empty': 'empty',
    'game.emptyZones': 'Empty zones ({n})',
    'game.piles': 'Face-down piles',
    'game.count': { one: '{n} card', other: '{n} cards' },
    'game.marker': 'Dummy {n}',
    'game.zoomIn': 'Zoom in',
    'game.zoomOut': 'Zoom out',
    'game.zoomFit': 'Fit',
    'game.zoom': 'Map zoom',
    'game.info': 'Card text',
    'game.close': 'Close',
    'game.decision': 'Your decision',
    'game.live.lost': 'Live updates lost; reconnecting…',
    'handoff.title': 'Hand the screen to Seat {n}',
    'handoff.button': 'Seat {n}: click when only you can see it',
    'replay.title': 'Replay',
    'replay.first': 'First',
    'replay.prev': 'Previous',
    'replay.next': 'Next',
    'replay.last': 'Last',
    'replay.step': 'Step {k} of {n}',
    'replay.slider': 'Step',
    'replay.chose': 'Choice: {what}',
    'replay.start': 'The start of the game',
    'replay.secret': 'Seat {n} chose in secret',
    'game.server': 'The server reports: {msg}',
    'layout.where': '{file}: {where}: {msg}',
    'layout.unreadable': '{msg}',
    'layout.unknownKey': "unknown key '{key}'",
    'layout.unknownStyle': "unknown style '{value}'",
    'layout.badNumber': "'{key}' must be a whole number from {min}",
    'layout.badText': "'{key}' must be text or {en, cs}",
    'layout.badList': "'{key}' must be a list",
    'layout.missing': "needs '{key}'",
    'layout.unknownMap': "no map '{value}'",
    'layout.badShape': "unknown shape '{value}'",
    'layout.badClick': "unknown click '{value}'",
    'layout.badEdge': "edge {i}: unknown node '{value}'",
    'layout.badPair': 'edge {i} must be a pair of node ids',
    'layout.badChoice': "'{key}' must be one of: {values}",
    'layout.zoneOrVar': "needs 'zone' or 'var', not both",
    'layout.fallback': 'The board layout has errors; showing the plain view.',
    'layout.badBool': "'{key}' must be true or false",
    'layout.badPattern': "'{key}' must name {names}",
    'layout.oneSource': "needs exactly one of 'zone', 'var' or 'counters'",
    'layout.needs': "'{key}' needs '{other}'",
    'layout.badTextIn': "'{key}': entry '{entry}' must be text or {en, cs}",
  },
  cs: {
    'app.title': 'Tabula',
    'lang.label': 'Jazyk',
    'lobby.new': 'Nová hra',
    'lobby.pack': 'Hra',
    'lobby.layers': 'Rozšíření a varianty',
    'lobby.setup': 'Příprava',
    'lobby.setup.none': '(základní)',
    'lobby.lang': 'Jazyk hry',
    'lobby.seats': 'Počet hráčů',
    'lobby.seat': 'Hráč {n}',
    'lobby.create': 'Založit hru',
    'lobby.links': 'Odkazy nové hry',
    'lobby.link.seat': 'Hráč {n}',
    'lobby.link.watch': 'Divák',
    'lobby.link.table': 'Jedna obrazovka (všichni lidští hráči zde)',
    'lobby.copy': 'Kopírovat',
    'lobby.copied': 'Zkopírováno',
    'lobby.games': 'Hry na tomto serveru',
    'lobby.games.none': 'Zatím žádné hry.',
    'lobby.col.id': 'Hra',
    'lobby.col.pack': 'Balíček',
    'lobby.col.title': 'Název',
    'lobby.col.seats': 'Hráči',
    'lobby.col.choices': 'Volby',
    'lobby.col.state': 'Stav',
    'lobby.over': 'skončila',
    'lobby.running': 'běží',
    'lobby.nopacks': 'Nenašel se žádný hratelný balíček.',
    'lobby.import': 'Otevřít uloženou hru',
    'lobby.import.hint': 'Záznam hry (tabula play --log, :save nebo hra jiného serveru) zde pokračuje; jeho volby se nejprve přehrají a zkontrolují.',
    'lobby.import.file': 'Záznam hry (JSON)',
    'lobby.import.go': 'Otevřít',
    'lobby.import.none': 'Nejprve vyberte soubor.',
    'lobby.import.bad': 'Tento soubor není JSON: {msg}',
    'kind.human': 'člověk',
    'kind.random': 'náhodný',
    'kind.greedy': 'hladový',
    'kind.mcts': 'hledání (MCTS)',
    'err.load': 'Nelze načíst: {msg}',
    'err.net': 'Server neodpovídá.',
    'game.you': 'Jste hráč {n}',
    'game.onlooker': 'Díváte se',
    'game.turn': 'Na tahu: {seats}',
    'game.turn.none': 'Nikdo není na tahu',
    'game.seat': 'Hráč {n}',
    'game.seats': 'Hráči',
    'game.waiting': 'Čeká se na hráče {n}: {prompt}',
    'game.waiting.secret': 'Čeká se na hráče {n}',
    'game.waitbots': 'Čeká se na roboty…',
    'game.confirm': 'Potvrdit (vybráno {n})',
    'game.pick': 'Vyberte {min} až {max}',
    'game.undo': 'Vzít zpět',
    'game.undo.no': 'Není co vzít zpět',
    'game.log': 'Záznam',
    'game.why': 'proč?',
    'game.why.none': 'Nelze nic prozradit.',
    'game.cause.rule': 'pravidlo',
    'game.cause.card': 'karta',
    'game.cause.layer': 'vrstva',
    'game.cause.choice': 'Tak zvolil hráč {n}.',
    'game.over': 'Hra skončila',
    'game.winners': 'Vítězové: {seats}',
    'game.winners.none': 'Nikdo nevyhrál',
    'game.replay': 'Záznam této hry',
    'game.lobby': 'Úvod',
    'game.moved': 'Hra mezitím pokročila: {msg}',
    'game.end.yes': 'Ano, ukončit hru',
    'game.log.earlier': 'Dřívější řádky ({n}) najdete v záznamu hry.',
    'game.end.no': 'Ne, zvolit znovu',
    'game.vars': 'Hodnoty hry',
    'game.counters': 'Počítadla',
    'game.secret': 'Víte jen vy',
    'game.hidden': 'skrytá',
    'game.facedown': 'lícem dolů',
    'game.empty': 'prázdné',
    'game.emptyZones': 'Prázdné zóny ({n})',
    'game.piles': 'Balíčky lícem dolů',
    'game.count': { one: '{n} karta', few: '{n} karty', other: '{n} karet' },
    'game.marker': 'Neutrální {n}',
    'game.zoomIn': 'Přiblížit',
    'game.zoomOut': 'Oddálit',
    'game.zoomFit': 'Celá mapa',
    'game.zoom': 'Přiblížení mapy',
    'game.info': 'Text karty',
    'game.close': 'Zavřít',
    'game.decision': 'Vaše rozhodnutí',
    'game.live.lost': 'Spojení přerušeno; připojuji znovu…',
    'handoff.title': 'Předejte obrazovku hráči {n}',
    'handoff.button': 'Hráči {n}: klikněte, až uvidíte obrazovku jen vy',
    'replay.title': 'Záznam hry',
    'replay.first': 'Na začátek',
    'replay.prev': 'Zpět',
    'replay.next': 'Dál',
    'replay.last': 'Na konec',
    'replay.step': 'Krok {k} z {n}',
    'replay.slider': 'Krok',
    'replay.chose': 'Volba: {what}',
    'replay.start': 'Začátek hry',
    'replay.secret': 'Hráč {n} volil tajně',
    'game.server': 'Server hlásí: {msg}',
    'layout.where': '{file}: {where}: {msg}',
    'layout.unreadable': '{msg}',
    'layout.unknownKey': "neznámý klíč '{key}'",
    'layout.unknownStyle': "neznámý styl '{value}'",
    'layout.badNumber': "'{key}' musí být celé číslo od {min}",
    'layout.badText': "'{key}' musí být text nebo {en, cs}",
    'layout.badList': "'{key}' musí být seznam",
    'layout.missing': "chybí '{key}'",
    'layout.unknownMap': "mapa '{value}' neexistuje",
    'layout.badShape': "neznámý tvar '{value}'",
    'layout.badClick': "neznámé click '{value}'",
    'layout.badEdge': "hrana {i}: neznámé pole '{value}'",
    'layout.badPair': 'hrana {i} musí být dvojice polí',
    'layout.badChoice': "'{key}' musí být jedno z: {values}",
    'layout.zoneOrVar': "potřebuje 'zone' nebo 'var', ne obojí",
    'layout.fallback': 'Rozvržení desky má chyby; zobrazuji prostý pohled.',
    'layout.badBool': "'{key}' musí být true nebo false",
    'layout.badPattern': "'{key}' musí obsahovat {names}",
    'layout.oneSource': "potřebuje právě jedno z 'zone', 'var' nebo 'counters'",
    'layout.needs': "'{key}' potřebuje '{other}'",
    'layout.badTextIn': "'{key}': položka '{entry}' musí být text nebo {en, cs}",
  },
};

export const LANGS = ['en', 'cs'];
// A page link may name its language (?lang=cs): it wins over everything.
const urlLang = (() => {
  try { const l = new URLSearchParams(location.search).get('lang'); return LANGS.includes(l) ? l : null; } catch { return null; }
})();
let lang = pickInitial();

// The link's language wins; then the last one chosen; else the browser's, else English.
function pickInitial() {
  if (urlLang) return urlLang;
  const stored = safeGet('tabula.lang');
  if (LANGS.includes(stored)) return stored;
  const nav = (navigator.language || 'en').slice(0, 2);
  return LANGS.includes(nav) ? nav : 'en';
}

function safeGet(k) {
  try { return localStorage.getItem(k); } catch { return null; }
}

export function getLang() { return lang; }

// Whether this browser's person chose a language (else a game's own
// language may set it: a link sent to a friend opens in the game's language).
export function langChosen() { return !!urlLang || LANGS.includes(safeGet('tabula.lang')); }

// A link the page makes keeps the language its own link named (?lang=cs).
export function keepLang(href) {
  if (!urlLang) return href;
  const u = new URL(href, location.origin);
  u.searchParams.set('lang', lang);
  return u.origin === location.origin ? u.pathname + u.search + u.hash : u.href;
}

export function setLang(l, remember = true) {
  if (!LANGS.includes(l)) return;
  lang = l;
  document.documentElement.lang = l;
  if (!remember) return;
  // A switch on a page opened with ?lang= changes that link too (reloads keep it).
  if (urlLang) {
    try { const u = new URL(location.href); u.searchParams.set('lang', l); history.replaceState(history.state, '', u); } catch { /* no history */ }
  }
  try { localStorage.setItem('tabula.lang', l); } catch { /* private mode */ }
}

// t('game.seat', {n: 2}); an unknown key shows itself so a gap is visible.
export function t(key, args = {}) {
  let s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  if (typeof s === 'object') s = s[plural(args.n)] ?? s.other;
  return s.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));
}

// The plural form of n: English one/other; Czech one (1), few (2–4), other (0, 5+).
export function plural(n, l = lang) {
  if (n === 1) return 'one';
  if (l === 'cs' && Number.isInteger(n) && n >= 2 && n <= 4) return 'few';
  return 'other';
}

// A game text given as {en, cs} or a plain string.
export function pickText(v) {
  if (v == null) return '';
  if (typeof v === 'string') return v;
  return v[lang] ?? v.en ?? Object.values(v)[0] ?? '';
}

// Seat kinds have UI names; a pack's own bot keeps its id.
export function kindName(k) {
  const key = 'kind.' + k;
  return STRINGS.en[key] ? t(key) : k;
}

export const _strings = STRINGS; // for the consistency check in tests
