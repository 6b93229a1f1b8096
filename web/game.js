// The seat page, and its two relatives: the hot-seat table (every human
// seat in one browser, with a hand-off cover between seats) and the
// onlooker's page. One loop: fetch the state, draw it, wait for a version.
import { t, getLang, setLang, langChosen, pickText, kindName, keepLang } from './i18n.js';
import { el, clear, hidePopover } from './dom.js';
import { api, query, live, langSwitch } from './app.js';
import { renderBoard, infoButton } from './board.js';
import { renderLog, LOG_LINES } from './log.js';

export function startGame(root, g) {
  const page = {
    g,
    seat: g.mode === 'table' ? null : g.seat, // whose view is fetched (not on the table)
    holder: null,        // the table: the human seat that has the screen now
    shown: -1,           // the version on screen (-1: fetch again whatever comes)
    state: null,
    selected: new Set(), // a set decision's picks, kept while its version stays
    busy: false,         // a choice or undo is on its way
  };
  const bar = el('header', { class: 'bar' });
  const statusLine = el('p', { class: 'status', role: 'status', 'aria-live': 'polite' });
  const main = el('div', { class: 'game' });
  root.append(bar, statusLine, main);
  page.bar = bar; page.main = main;
  page.setStatus = (s, isError) => { statusLine.textContent = s || ''; statusLine.classList.toggle('error', !!isError); };

  let loading = null, again = false;
  // One fetch at a time; a version heard meanwhile fetches once more after.
  page.reload = async () => {
    if (loading) { again = true; return loading; }
    loading = (async () => {
      do { again = false; await load(page); } while (again);
    })();
    try { await loading; } finally { loading = null; }
  };
  drawBar(page);
  const evSeat = g.mode === 'seat' ? g.seat : 0;
  live(`/api/games/${encodeURIComponent(g.id)}/events?${query({ seat: evSeat, t: g.token })}`,
    (v) => { if (v > page.shown) page.reload(); },
    (ok) => page.setStatus(ok ? '' : t('game.live.lost')));
  page.reload();
}

// Without a language chosen here, the server answers in the game's own.
function stateUrl(g, seat) {
  return `/api/games/${encodeURIComponent(g.id)}/state?${query({ seat, t: g.token, lang: langChosen() ? getLang() : '', lines: LOG_LINES })}`;
}

async function load(page) {
  const { g } = page;
  try {
    if (g.mode !== 'table') return draw(page, await api.get(stateUrl(g, page.seat)));
    // The table: learn whose turn it is from the onlooker's view, so no
    // seat's secrets are fetched before that seat has the screen.
    const open = await api.get(stateUrl(g, 0));
    adoptLang(open);
    const human = (n) => (open.seats || []).some((s) => s.seat === n && (s.human ?? s.kind === 'human'));
    const humans = (open.turn || []).filter(human);
    // While bots move, everyone may look: the holder keeps the screen.
    if (open.view.over || !humans.length) return draw(page, open, { watching: true, bots: !open.view.over });
    const next = humans.includes(page.holder) ? page.holder : humans[0];
    if (next !== page.holder) return cover(page, next, open.version);
    draw(page, await api.get(stateUrl(g, next)));
  } catch (e) {
    page.setStatus(t('err.load', { msg: e.message }), true);
  }
}

// The hand-off: the last seat's view leaves the page before the cover shows.
function cover(page, next, version) {
  hidePopover();
  page.holder = null;
  page.state = null;
  page.shown = version;
  document.body.dataset.version = `cover-${next}-${version}`;
  clear(page.main);
  drawBar(page);
  const btn = el('button', { type: 'button', class: 'primary big', text: t('handoff.button', { n: next }) });
  btn.addEventListener('click', () => { page.holder = next; page.shown = -1; page.reload(); });
  page.main.append(el('div', { class: 'handoff', role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'handoff-title' },
    el('h2', { id: 'handoff-title', text: t('handoff.title', { n: next }) }), btn));
  btn.focus();
}

function drawBar(page) {
  const st = page.state;
  clear(page.bar,
    el('a', { href: keepLang('/'), class: 'home', text: t('game.lobby') }),
    el('h1', { text: st ? pickText(st.title) : t('app.title') }),
    langSwitch(() => { drawBar(page); page.shown = -1; page.reload(); }));
}

function adoptLang(st) {
  if (!langChosen() && st.lang && st.lang !== getLang()) setLang(st.lang, false);
}

function draw(page, st, opts = {}) {
  adoptLang(st);
  const me = opts.watching || page.g.mode === 'watch' ? 0 : st.seat;
  const decision = me ? (st.view.decisions || []).find((d) => d.seat === me && d.options) : null;
  // A set decision's picks outlive a redraw at a new version (a bot moved,
  // a language switch) while the same question is open: the picks of
  // options that are still offered stay.
  const same = page.state && page.state.seat === st.seat && decision && decision.pick && page.pickPrompt === decision.prompt;
  page.selected = same ? new Set([...page.selected].filter((id) => decision.options.some((o) => o.id === id))) : new Set();
  page.pickPrompt = decision && decision.pick ? decision.prompt : null;
  page.state = st;
  page.shown = st.version;
  document.body.dataset.version = String(st.version); // what tests wait on: the page shows this version
  document.title = `${pickText(st.title)} · Tabula`;
  drawBar(page);
  hidePopover();
  const { g } = page;
  const view = st.view;
  const ctx = decisionContext(page, decision, me);
  ctx.seats = st.seats || [];
  const logScroll = page.main.querySelector('.log-lines');
  const atBottom = !logScroll || logScroll.scrollTop + logScroll.clientHeight >= logScroll.scrollHeight - 4;

  clear(page.main,
    header(st, me),
    st.error ? el('p', { class: 'warning', role: 'alert', text: t('game.server', { msg: st.error }) }) : null,
    view.over ? result(view) : null,
    opts.bots ? el('p', { class: 'waiting bots', text: t('game.waitbots') }) : null,
    decision ? decisionPanel(page, decision, ctx) : null,
    waitingLines(view, me),
    el('div', { class: 'play' },
      renderBoard(view, st.layout, ctx),
      el('aside', { class: 'side' }, controls(page, st, me), renderLog(view.journal || [], st.causes || [], st.journal_from || 0))));
  const lines = page.main.querySelector('.log-lines');
  if (lines && atBottom) lines.scrollTop = lines.scrollHeight;
}

function header(st, me) {
  const turn = st.turn || [];
  return el('section', { class: 'game-head' },
    el('p', { class: 'who', text: me ? t('game.you', { n: me }) : t('game.onlooker') }),
    el('p', { class: 'turn', text: turn.length ? t('game.turn', { seats: turn.map((n) => t('game.seat', { n })).join(', ') }) : t('game.turn.none') }),
    el('ul', { class: 'seat-list', 'aria-label': t('game.seats') }, (st.seats || []).map((s) =>
      el('li', { class: 'owner-' + s.seat + (turn.includes(s.seat) ? ' on-turn' : '') + (s.seat === me ? ' mine' : '') },
        el('span', { class: 'dot', 'aria-hidden': 'true' }), s.title || `${t('game.seat', { n: s.seat })} · ${kindName(s.kind)}`))));
}

function result(view) {
  const r = view.result;
  const winners = r && Array.isArray(r.winners) ? r.winners : null;
  return el('section', { class: 'result', role: 'status' },
    el('h2', { text: t('game.over') }),
    view.result_text ? el('p', { class: 'result-text', text: view.result_text }) : null,
    winners ? el('p', { text: winners.length ? t('game.winners', { seats: winners.map((n) => t('game.seat', { n })).join(', ') }) : t('game.winners.none') }) : null);
}

function waitingLines(view, me) {
  const others = (view.decisions || []).filter((d) => d.seat !== me || !d.options);
  if (!others.length) return null;
  return el('ul', { class: 'waiting' }, others.map((d) => el('li', {
    text: d.prompt ? t('game.waiting', { n: d.seat, prompt: d.prompt }) : t('game.waiting.secret', { n: d.seat }) })));
}

// What the board needs to let cards and places choose.
function decisionContext(page, d, me) {
  const ctx = { seat: me, entityOptions: new Map(), selected: page.selected, options: [], act: null };
  if (!d) return ctx;
  ctx.options = d.options;
  for (const o of d.options) if (o.entity != null) ctx.entityOptions.set(o.entity, o);
  ctx.act = (o) => (d.pick ? toggle(page, d, o) : choose(page, o.id));
  return ctx;
}

function decisionPanel(page, d, ctx) {
  const buttons = d.options.map((o) => {
    const b = el('button', {
      type: 'button', class: 'option', 'data-opt': o.id, title: o.text || null,
      'aria-pressed': d.pick ? String(page.selected.has(o.id)) : null,
      onclick: () => ctx.act(o) }, o.label || o.id);
    return o.text ? el('span', { class: 'card-wrap' }, b, infoButton(o.label || o.id, o.text)) : b;
  });
  const panel = el('section', { class: 'decision', 'aria-label': t('game.decision') },
    el('h2', { text: d.prompt || t('game.decision') }),
    d.pick ? el('p', { class: 'hint', 'data-pick-min': d.pick.min, 'data-pick-max': d.pick.max, text: t('game.pick', { min: d.pick.min, max: d.pick.max }) }) : null,
    el('div', { class: 'options' }, buttons));
  if (d.pick) {
    const confirm = el('button', { type: 'button', class: 'primary confirm',
      onclick: () => choose(page, d.options.filter((o) => page.selected.has(o.id)).map((o) => o.id).join(',')) });
    panel.append(confirm);
    page.syncPick = () => syncPick(page, d, panel);
    syncPick(page, d, panel);
  }
  return panel;
}

// A set decision: toggles change the page in place, so focus stays put.
function toggle(page, d, o) {
  if (page.selected.has(o.id)) page.selected.delete(o.id); else page.selected.add(o.id);
  page.syncPick && page.syncPick();
}

function syncPick(page, d, panel) {
  const n = page.selected.size;
  for (const b of page.main.querySelectorAll('[data-opt]')) b.setAttribute('aria-pressed', String(page.selected.has(b.dataset.opt)));
  const c = panel.querySelector('.confirm');
  c.textContent = t('game.confirm', { n });
  c.disabled = page.busy || n < d.pick.min || n > d.pick.max;
}

async function post(page, what, body) {
  if (page.busy) return;
  page.busy = true;
  for (const b of page.main.querySelectorAll('.decision button, [data-opt], .place-btn, .undo')) b.disabled = true;
  const url = `/api/games/${encodeURIComponent(page.g.id)}/${what}`;
  try {
    try {
      await api.post(url, body);
    } catch (e) {
      // A choice that ends the game with this seat losing is asked about
      // first (the server says so); "no" leaves the game as it was.
      if (!(e.status === 409 && e.data.confirm)) throw e;
      if (await confirmEnd(e.message)) await api.post(url, { ...body, confirm: true });
    }
    page.setStatus('');
  } catch (e) {
    page.setStatus(e.status === 409 ? t('game.moved', { msg: e.message }) : e.message, true);
  } finally {
    page.busy = false;
    page.shown = -1;
    await page.reload();
  }
}

// Resolves true for "yes, end it", false for "no"; "no" has the focus.
function confirmEnd(message) {
  return new Promise((resolve) => {
    const done = (yes) => { box.remove(); resolve(yes); };
    const yes = el('button', { type: 'button', class: 'primary end-yes', text: t('game.end.yes'), onclick: () => done(true) });
    const no = el('button', { type: 'button', class: 'big end-no', text: t('game.end.no'), onclick: () => done(false) });
    const box = el('div', { class: 'confirm-end', role: 'alertdialog', 'aria-modal': 'true', 'aria-labelledby': 'end-title' },
      el('h2', { id: 'end-title', text: message }), el('div', { class: 'end-buttons' }, no, yes));
    box.addEventListener('keydown', (ev) => { if (ev.key === 'Escape') done(false); });
    document.body.append(box);
    no.focus();
  });
}

function choose(page, option) {
  hidePopover();
  return post(page, 'choose', { seat: page.state.seat, t: page.g.token, option, version: page.state.version });
}

function controls(page, st, me) {
  const { g } = page;
  const box = el('div', { class: 'controls' });
  if (me && g.mode !== 'watch') {
    const u = st.undo || {};
    const b = el('button', { type: 'button', class: 'undo', text: t('game.undo'), disabled: !u.can,
      title: u.can ? null : (u.why || t('game.undo.no')), onclick: () => post(page, 'undo', { seat: st.seat, t: g.token }) });
    // A disabled button shows no tooltip on touch: the reason is also text.
    box.append(b);
    if (!u.can && u.why) box.append(el('span', { class: 'why-not', text: u.why }));
  }
  const rseat = g.mode === 'seat' ? g.seat : 0;
  box.append(el('a', { class: 'replay-link', href: keepLang(`/replay/${encodeURIComponent(g.id)}?${query({ seat: rseat, t: g.token })}`), text: t('game.replay') }));
  return box;
}
