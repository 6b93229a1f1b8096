// The page's entry: picks the view from the address, and holds what every
// view shares: the JSON API and the live-update stream.
import { t, getLang, setLang, LANGS } from './i18n.js';
import { el, clear } from './dom.js';

export class ApiError extends Error {
  constructor(status, msg, data) { super(msg); this.status = status; this.data = data || {}; }
}

async function call(method, url, body) {
  let res;
  try {
    res = await fetch(url, {
      method,
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError(0, t('err.net'));
  }
  let data = null;
  try { data = await res.json(); } catch { /* an empty or non-JSON body */ }
  if (!res.ok) throw new ApiError(res.status, (data && data.error) || res.statusText, data);
  return data;
}

export const api = {
  get: (url) => call('GET', url),
  post: (url, body) => call('POST', url, body),
};

export function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v != null && v !== '') q.set(k, v);
  return q.toString();
}

// Server-sent events: onVersion(n) for every {"version": n}. EventSource
// reconnects by itself; the status line says when it is trying.
export function live(url, onVersion, onStatus) {
  const es = new EventSource(url);
  es.onmessage = (e) => {
    try {
      const d = JSON.parse(e.data);
      if (typeof d.version === 'number') onVersion(d.version);
    } catch { /* a comment or keep-alive */ }
  };
  es.onerror = () => onStatus && onStatus(false);
  es.onopen = () => onStatus && onStatus(true);
  return es;
}

// The language switch every view has; onChange re-renders in the new one.
export function langSwitch(onChange) {
  const sel = el('select', { 'aria-label': t('lang.label'), class: 'lang' },
    LANGS.map((l) => el('option', { value: l, text: l === 'en' ? 'English' : 'Čeština', selected: l === getLang() })));
  sel.addEventListener('change', () => { setLang(sel.value); onChange(sel.value); });
  return sel;
}

export function showError(root, err) {
  root.append(el('p', { class: 'error', role: 'alert', text: t('err.load', { msg: err.message }) }));
}

async function route() {
  setLang(getLang(), false);
  const root = document.getElementById('app');
  clear(root);
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  let m;
  if ((m = path.match(/^\/game\/([^/]+)\/seat\/(\d+)\/?$/))) {
    (await import('./game.js')).startGame(root, { id: m[1], mode: 'seat', seat: +m[2], token: params.get('t') });
  } else if ((m = path.match(/^\/game\/([^/]+)\/table\/?$/))) {
    (await import('./game.js')).startGame(root, { id: m[1], mode: 'table', token: params.get('t') });
  } else if ((m = path.match(/^\/game\/([^/]+)\/watch\/?$/))) {
    (await import('./game.js')).startGame(root, { id: m[1], mode: 'watch', seat: 0, token: params.get('t') });
  } else if ((m = path.match(/^\/replay\/([^/]+)\/?$/))) {
    (await import('./replay.js')).startReplay(root, {
      id: m[1], seat: +(params.get('seat') || 0), token: params.get('t'), step: params.get('step'),
    });
  } else {
    (await import('./lobby.js')).startLobby(root);
  }
}

route();
