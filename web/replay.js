// The replay viewer: a seat's view after K choices, stepped through with
// buttons or a slider, drawn by the same board and log as the live page.
import { t, getLang, pickText, keepLang } from './i18n.js';
import { el, clear } from './dom.js';
import { api, query, langSwitch, showError } from './app.js';
import { renderBoard } from './board.js';
import { renderLog, LOG_LINES } from './log.js';

export function startReplay(root, r) {
  let step = r.step != null ? +r.step : null; // null: the last step, once known
  let steps = 0;
  let layout = null;
  let title = '';
  const bar = el('header', { class: 'bar' });
  const nav = el('div', { class: 'replay-nav' });
  const out = el('div', { class: 'replay-body' });
  const slider = el('input', { type: 'range', min: 0, max: 0, value: 0, class: 'slider' });
  const label = el('span', { class: 'step', 'aria-live': 'polite' });
  const go = (k) => { step = Math.max(0, Math.min(steps, k)); load(); };
  const btn = (key, f) => el('button', { type: 'button', text: t(key), onclick: f });
  const drawNav = () => {
    clear(bar, el('a', { href: keepLang('/'), class: 'home', text: t('game.lobby') }), el('h1', { text: title ? `${t('replay.title')}: ${pickText(title)}` : t('replay.title') }),
      langSwitch(() => { drawNav(); load(); }));
    slider.setAttribute('aria-label', t('replay.slider'));
    clear(nav, btn('replay.first', () => go(0)), btn('replay.prev', () => go(step - 1)),
      slider, btn('replay.next', () => go(step + 1)), btn('replay.last', () => go(steps)), label);
  };
  slider.addEventListener('change', () => go(+slider.value));
  slider.addEventListener('input', () => { label.textContent = t('replay.step', { k: slider.value, n: steps }); });

  let seq = 0;
  async function load() {
    const mine = ++seq; // a later step asked for wins over a slower answer
    const url = `/api/games/${encodeURIComponent(r.id)}/replay?${query({ seat: r.seat, t: r.token, step: step ?? '', lang: getLang(), lines: LOG_LINES })}`;
    let d;
    try {
      d = await api.get(url);
      if (layout === null) layout = d.layout !== undefined ? d.layout : await layoutOf(r).catch(() => null);
    } catch (e) {
      clear(out);
      showError(out, e);
      return;
    }
    if (mine !== seq) return;
    // Without a step the server answers step 0; the viewer opens at the end.
    if (step == null && d.steps > d.step) { step = d.steps; return load(); }
    steps = d.steps;
    if (d.title && d.title !== title) { title = d.title; drawNav(); document.title = `${pickText(title)} · Tabula`; }
    step = d.step;
    slider.max = steps;
    slider.value = step;
    label.textContent = t('replay.step', { k: step, n: steps });
    const u = new URL(location.href);
    u.searchParams.set('step', step);
    history.replaceState(null, '', u);
    const ctx = { seat: r.seat, entityOptions: new Map(), selected: null, options: [], act: null };
    clear(out,
      el('p', { class: 'chose', text: step === 0 || d.chose == null ? t('replay.start') : d.chose.secret ? choseText(d.chose) : t('replay.chose', { what: choseText(d.chose) }) }),
      el('div', { class: 'play' }, renderBoard(d.view, layout || null, ctx), el('aside', { class: 'side' }, renderLog(d.view.journal || [], d.causes || [], d.journal_from || 0))));
    const lines = out.querySelector('.log-lines');
    if (lines) lines.scrollTop = lines.scrollHeight;
  }
  drawNav();
  root.append(bar, nav, out);
  document.addEventListener('keydown', (e) => {
    if (e.target.closest('input, select, textarea')) return;
    if (e.key === 'ArrowLeft') go(step - 1);
    if (e.key === 'ArrowRight') go(step + 1);
  });
  load();
}

// The replay answer has no layout; the state's does, when the token may read it.
async function layoutOf(r) {
  if (r.layout !== undefined) return r.layout;
  const s = await api.get(`/api/games/${encodeURIComponent(r.id)}/state?${query({ seat: r.seat, t: r.token, lang: getLang() })}`);
  r.layout = s.layout || null;
  return r.layout;
}

// {seat, prompt, label}, or {seat, secret} when the reader may not know.
function choseText(c) {
  if (typeof c === 'string') return c;
  if (c.secret) return t('replay.secret', { n: c.seat });
  const who = c.seat ? t('game.seat', { n: c.seat }) + ': ' : '';
  return who + [c.prompt, c.label].filter(Boolean).join(' → ');
}
