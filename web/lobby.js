// The lobby: start a game from a pack, hand out its links, list the games.
import { t, getLang, pickText, kindName, keepLang } from './i18n.js';
import { el, clear } from './dom.js';
import { api, langSwitch, showError } from './app.js';

export async function startLobby(root) {
  let packs = [];
  let games = [];
  let created = null; // the links of the game made here, kept across a language switch
  try {
    [packs, games] = await Promise.all([api.get('/api/packs'), api.get('/api/games').catch(() => [])]);
  } catch (e) {
    showError(root, e);
    return;
  }
  const draw = () => {
    document.title = t('app.title');
    clear(root,
      el('header', { class: 'bar' }, el('h1', { text: t('app.title') }), langSwitch(draw)),
      packs.length ? newGameForm(packs, (links) => { created = links; draw(); }) : el('p', { text: t('lobby.nopacks') }),
      created ? linksBox(created) : null,
      importForm((links) => { created = links; draw(); }),
      gamesTable(games),
    );
  };
  draw();
}

// The seat counts a pack (or its chosen setup) allows; a setup's 0 means
// "as the pack".
function seatRange(pack, setup) {
  const s = setup && setup.seats ? setup.seats : pack.seats;
  if (typeof s === 'number') return { list: [s], def: s };
  if (Array.isArray(s)) return { list: s, def: s[0] };
  const list = [];
  for (let n = s.min; n <= s.max; n++) list.push(n);
  return { list, def: s.default != null && list.includes(s.default) ? s.default : list[0] };
}

function newGameForm(packs, onCreated) {
  const packSel = el('select', { id: 'pack' });
  for (const p of packs) packSel.append(el('option', { value: p.id, text: pickText(p.name) || p.id }));
  const layersBox = el('fieldset', { class: 'layers' });
  const setupSel = el('select', { id: 'setup' });
  const langSel = el('select', { id: 'glang' },
    el('option', { value: 'en', text: 'English', selected: getLang() === 'en' }),
    el('option', { value: 'cs', text: 'Čeština', selected: getLang() === 'cs' }));
  const countSel = el('select', { id: 'nseats' });
  const seatsBox = el('div', { class: 'seat-kinds' });
  const msg = el('p', { class: 'error', role: 'alert' });
  const pack = () => packs.find((p) => p.id === packSel.value);
  const setup = () => (pack().setups || []).find((s) => s.id === setupSel.value);

  const fillSeats = () => {
    const p = pack();
    const kinds = p.kinds && p.kinds.length ? p.kinds : ['human'];
    const old = [...seatsBox.querySelectorAll('select')].map((s) => s.value);
    clear(seatsBox);
    for (let i = 1; i <= +countSel.value; i++) {
      const def = old[i - 1] ?? (i === 1 ? 'human' : (kinds.includes('greedy') ? 'greedy' : kinds[0]));
      const sel = el('select', { id: 'kind' + i },
        kinds.map((k) => el('option', { value: k, text: kindName(k), selected: k === def })));
      seatsBox.append(el('label', { for: 'kind' + i, text: t('lobby.seat', { n: i }) }), sel);
    }
  };
  const fillCount = () => {
    const r = seatRange(pack(), setup());
    const cur = +countSel.value;
    clear(countSel);
    for (const n of r.list) countSel.append(el('option', { value: n, text: n, selected: n === (r.list.includes(cur) ? cur : r.def) }));
    fillSeats();
  };
  const fillPack = () => {
    const p = pack();
    clear(layersBox, el('legend', { text: t('lobby.layers') }));
    for (const l of p.layers || []) {
      layersBox.append(el('label', { class: 'check' }, el('input', { type: 'checkbox', value: l.id }), ' ', pickText(l.name) || l.id));
    }
    layersBox.hidden = !(p.layers || []).length;
    clear(setupSel, el('option', { value: '', text: t('lobby.setup.none') }));
    for (const s of p.setups || []) setupSel.append(el('option', { value: s.id, text: pickText(s.name) || s.id }));
    setupSel.parentElement && (setupSel.parentElement.hidden = !(p.setups || []).length);
    fillCount();
  };
  packSel.addEventListener('change', fillPack);
  setupSel.addEventListener('change', fillCount);
  countSel.addEventListener('change', fillSeats);

  const submit = el('button', { type: 'submit', class: 'primary', text: t('lobby.create') });
  const form = el('form', { class: 'card-panel new-game' },
    el('h2', { text: t('lobby.new') }),
    el('div', { class: 'field' }, el('label', { for: 'pack', text: t('lobby.pack') }), packSel),
    layersBox,
    el('div', { class: 'field' }, el('label', { for: 'setup', text: t('lobby.setup') }), setupSel),
    el('div', { class: 'field' }, el('label', { for: 'glang', text: t('lobby.lang') }), langSel),
    el('div', { class: 'field' }, el('label', { for: 'nseats', text: t('lobby.seats') }), countSel),
    seatsBox, submit, msg);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    submit.disabled = true;
    const body = {
      pack: packSel.value,
      with: [...layersBox.querySelectorAll('input:checked')].map((c) => c.value),
      setup: setupSel.value,
      lang: langSel.value,
      seats: [...seatsBox.querySelectorAll('select')].map((s) => s.value),
    };
    try {
      const r = await api.post('/api/games', body);
      onCreated(r.links);
    } catch (err) {
      msg.textContent = err.message;
      submit.disabled = false;
    }
  });
  fillPack();
  return form;
}

// A game begun elsewhere (a log of `tabula play --log`, `:save`, or another
// server's), to go on with here or to step through.
function importForm(onCreated) {
  const file = el('input', { type: 'file', id: 'import-file', accept: '.json,application/json' });
  const msg = el('p', { class: 'error', role: 'alert' });
  const submit = el('button', { type: 'submit', class: 'primary', text: t('lobby.import.go') });
  const form = el('form', { class: 'card-panel import' },
    el('h2', { text: t('lobby.import') }),
    el('p', { class: 'hint', text: t('lobby.import.hint') }),
    el('div', { class: 'field' }, el('label', { for: 'import-file', text: t('lobby.import.file') }), file),
    submit, msg);
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    msg.textContent = '';
    const f = file.files && file.files[0];
    if (!f) { msg.textContent = t('lobby.import.none'); return; }
    let log;
    try {
      log = JSON.parse(await f.text());
    } catch (err) {
      msg.textContent = t('lobby.import.bad', { msg: err.message });
      return;
    }
    submit.disabled = true;
    try {
      onCreated((await api.post('/api/games/import', { log })).links);
    } catch (err) {
      msg.textContent = err.message;
      submit.disabled = false;
    }
  });
  return form;
}

async function copy(text, btn) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // Without the clipboard API (a plain-http address on the network).
    const ta = el('textarea', { class: 'offscreen' });
    ta.value = text;
    document.body.append(ta);
    ta.select();
    document.execCommand('copy');
    ta.remove();
  }
  btn.textContent = t('lobby.copied');
  setTimeout(() => { btn.textContent = t('lobby.copy'); }, 1500);
}

function linkRow(label, path) {
  const url = new URL(keepLang(path), location.origin).href;
  const btn = el('button', { type: 'button', text: t('lobby.copy') });
  btn.addEventListener('click', () => copy(url, btn));
  return el('li', {}, el('span', { class: 'link-label', text: label }), el('a', { href: url, text: url }), btn);
}

function linksBox(links) {
  const ul = el('ul', { class: 'links' });
  const seats = links.seats || {};
  for (const n of Object.keys(seats).sort((a, b) => a - b)) ul.append(linkRow(t('lobby.link.seat', { n }), seats[n]));
  if (links.table) ul.append(linkRow(t('lobby.link.table'), links.table));
  if (links.watch) ul.append(linkRow(t('lobby.link.watch'), links.watch));
  return el('section', { class: 'card-panel', 'aria-live': 'polite' }, el('h2', { text: t('lobby.links') }), ul);
}

function gamesTable(games) {
  const sec = el('section', { class: 'card-panel' }, el('h2', { text: t('lobby.games') }));
  if (!games.length) { sec.append(el('p', { text: t('lobby.games.none') })); return sec; }
  const seatsText = (s) => Array.isArray(s) ? s.map((k) => kindName(typeof k === 'string' ? k : k.kind)).join(', ') : String(s ?? '');
  sec.append(el('div', { class: 'table-wrap' }, el('table', {},
    el('thead', {}, el('tr', {}, ['id', 'pack', 'title', 'seats', 'choices', 'state'].map((c) => el('th', { text: t('lobby.col.' + c) })))),
    el('tbody', {}, games.map((g) => el('tr', {},
      el('td', { class: 'mono', text: g.id }), el('td', { text: g.pack }), el('td', { text: pickText(g.title) }),
      el('td', { text: seatsText(g.seats) }), el('td', { text: g.choices ?? '' }),
      el('td', { text: g.over ? t('lobby.over') : t('lobby.running') })))))));
  return sec;
}
