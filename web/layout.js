// A pack's board as data (web.toml, served as JSON): areas on a page grid,
// each showing zones (or a value) in a style. docs/web.md "Layout keys" is
// the reference; checkLayout keeps the page honest about mistakes in it.
import { t, pickText } from './i18n.js';
import { el, showPopover } from './dom.js';
import { card, zoneContents, seatName, counterBox, labelText } from './board.js';

const STYLES = ['row', 'fan', 'stack', 'grid', 'ring', 'map'];
const SHAPES = ['circle', 'hex', 'square'];
const CLICKS = ['column', 'cell'];
const KEYS = {
  top: { page: 'table', faces: 'table', area: 'list', maps: 'table', labels: 'texts', file: 'str' },
  page: { columns: 'int1' },
  faces: { show: 'list', colour_by: 'str', colours: 'table' },
  area: {
    zone: 'str', var: 'str', title: 'text', x: 'int1', y: 'int1', w: 'int1', h: 'int1', style: 'style',
    columns: 'int1', rows: 'int1', x_prop: 'str', y_prop: 'str', origin: ['top', 'bottom'], base: 'int0',
    click: 'click', spaces: 'int1', space_prop: 'str', labels: 'list', map: 'str', node_prop: 'str', top: ['first', 'last'],
    counters: 'str', show: 'strs', seat_title: 'text', seat_columns: 'int1', hide_empty: 'bool', mark_var: 'str',
    keys: ['rows', 'columns'], key_order: 'strs', row_labels: 'texts', column_labels: 'list', cells: 'bool', cell_id: 'str',
  },
  map: { shape: 'shape', nodes: 'list', edges: 'list', node_size: 'int1' },
  node: { id: 'str', x: 'num', y: 'num', label: 'text' },
};

// Every mistake, each with where it is: [{where, key, args}] (i18n keys).
export function checkLayout(L) {
  const errs = [];
  const file = typeof L.file === 'string' ? L.file : 'web.toml'; // the server names the layer's file
  const bad = (where, key, args = {}) => errs.push({ file, where, key, args });
  // The server could not read the file at all: its message says where.
  if (typeof L.error === 'string') return [{ file, where: null, key: 'layout.unreadable', args: { msg: L.error } }];
  const keys = (obj, spec, where) => {
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) { bad(where, 'layout.badList', { key: where }); return; }
    for (const [k, v] of Object.entries(obj)) {
      const kind = spec[k];
      if (!kind) { bad(where, 'layout.unknownKey', { key: k }); continue; }
      if (Array.isArray(kind)) { if (!kind.includes(v)) bad(where, 'layout.badChoice', { key: k, values: kind.join(', ') }); continue; }
      switch (kind) {
        case 'int1': if (!Number.isInteger(v) || v < 1) bad(where, 'layout.badNumber', { key: k, min: 1 }); break;
        case 'int0': if (!Number.isInteger(v) || v < 0) bad(where, 'layout.badNumber', { key: k, min: 0 }); break;
        case 'num': if (typeof v !== 'number') bad(where, 'layout.badNumber', { key: k, min: 0 }); break;
        case 'str': if (typeof v !== 'string') bad(where, 'layout.badText', { key: k }); break;
        case 'text': if (typeof v !== 'string' && (typeof v !== 'object' || v === null || Array.isArray(v))) bad(where, 'layout.badText', { key: k }); break;
        case 'list': if (!Array.isArray(v)) bad(where, 'layout.badList', { key: k }); break;
        case 'strs': if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) bad(where, 'layout.badList', { key: k }); break;
        case 'bool': if (typeof v !== 'boolean') bad(where, 'layout.badBool', { key: k }); break;
        case 'texts':
          if (typeof v !== 'object' || v === null || Array.isArray(v)) { bad(where, 'layout.badList', { key: k }); break; }
          for (const [e, x] of Object.entries(v)) {
            if (typeof x !== 'string' && (typeof x !== 'object' || x === null || Array.isArray(x))) bad(where, 'layout.badTextIn', { key: k, entry: e });
          }
          break;
        case 'table': if (typeof v !== 'object' || v === null || Array.isArray(v)) bad(where, 'layout.badList', { key: k }); break;
        case 'style': if (!STYLES.includes(v)) bad(where, 'layout.unknownStyle', { value: v }); break;
        case 'shape': if (!SHAPES.includes(v)) bad(where, 'layout.badShape', { value: v }); break;
        case 'click': if (!CLICKS.includes(v)) bad(where, 'layout.badClick', { value: v }); break;
      }
    }
  };
  keys(L, KEYS.top, 'top');
  if (L.page) keys(L.page, KEYS.page, 'page');
  if (L.faces) keys(L.faces, KEYS.faces, 'faces');
  const maps = L.maps && typeof L.maps === 'object' ? L.maps : {};
  for (const [id, m] of Object.entries(maps)) {
    const where = `maps.${id}`;
    keys(m, KEYS.map, where);
    if (!Array.isArray(m.nodes)) { bad(where, 'layout.missing', { key: 'nodes' }); continue; }
    const ids = new Set();
    m.nodes.forEach((n, i) => {
      const w = `${where}: node ${i + 1}`;
      keys(n, KEYS.node, w);
      for (const k of ['id', 'x', 'y']) if (n && n[k] == null) bad(w, 'layout.missing', { key: k });
      if (n && n.id != null) ids.add(String(n.id));
    });
    (Array.isArray(m.edges) ? m.edges : []).forEach((e, i) => {
      if (!Array.isArray(e) || e.length !== 2) { bad(where, 'layout.badPair', { i: i + 1 }); return; }
      for (const end of e) if (!ids.has(String(end))) bad(where, 'layout.badEdge', { i: i + 1, value: end });
    });
  }
  (Array.isArray(L.area) ? L.area : []).forEach((a, i) => {
    const where = `area ${i + 1}`;
    keys(a, KEYS.area, where);
    if (!a || typeof a !== 'object') return;
    const sources = ['zone', 'var', 'counters'].filter((k) => a[k] != null).length;
    if (a.style === 'map' ? a.var != null || a.counters != null : sources !== 1) bad(where, sources > 1 && a.counters == null ? 'layout.zoneOrVar' : 'layout.oneSource');
    if (typeof a.counters === 'string' && !/^@(\*|me|\d+)$/.test(a.counters)) bad(where, 'layout.badPattern', { key: 'counters', names: "'@*', '@me' or '@2'" });
    if (typeof a.seat_title === 'string' || (a.seat_title && typeof a.seat_title === 'object')) {
      for (const s of typeof a.seat_title === 'string' ? [a.seat_title] : Object.values(a.seat_title)) {
        if (typeof s !== 'string') bad(where, 'layout.badText', { key: 'seat_title' });
        else if (!/\{(n|seat)\}/.test(s)) bad(where, 'layout.badPattern', { key: 'seat_title', names: '{n} or {seat}' });
      }
    }
    for (const k of ['keys', 'key_order', 'row_labels', 'column_labels']) if (a[k] != null && a.var == null) bad(where, 'layout.needs', { key: k, other: 'var' });
    if (a.cells != null && a.x_prop == null) bad(where, 'layout.needs', { key: 'cells', other: 'x_prop' });
    if (a.cells && a.columns == null) bad(where, 'layout.needs', { key: 'cells', other: 'columns' });
    if (a.cell_id != null && !a.cells) bad(where, 'layout.needs', { key: 'cell_id', other: 'cells = true' });
    if (typeof a.cell_id === 'string' && !(a.cell_id.includes('{x}') && a.cell_id.includes('{y}'))) bad(where, 'layout.badPattern', { key: 'cell_id', names: '{x} and {y}' });
    if (typeof a.mark_var === 'string' && !/^[^.\s]+(\.[^.\s]+)*$/.test(a.mark_var)) bad(where, 'layout.badPattern', { key: 'mark_var', names: "a variable, then '.field' (fight@*.square)" });
    if (a.mark_var != null && a.zone == null) bad(where, 'layout.needs', { key: 'mark_var', other: 'zone' });
    if (a.seat_columns != null && !String(a.zone ?? a.counters ?? '').includes('@*')) bad(where, 'layout.needs', { key: 'seat_columns', other: '@*' });
    if (a.style === 'ring' && a.spaces == null) bad(where, 'layout.missing', { key: 'spaces' });
    if (a.style === 'ring' && a.space_prop == null) bad(where, 'layout.missing', { key: 'space_prop' });
    if (a.style === 'map') {
      if (a.map == null) bad(where, 'layout.missing', { key: 'map' });
      else if (!maps[a.map]) bad(where, 'layout.unknownMap', { value: a.map });
    }
    if (a.var != null && a.style !== 'grid') bad(where, 'layout.missing', { key: "style = 'grid'" });
    if (a.var != null && a.columns == null && a.keys == null) bad(where, 'layout.missing', { key: 'columns' });
    if (a.x_prop != null && a.y_prop == null) bad(where, 'layout.missing', { key: 'y_prop' });
  });
  return errs;
}

// "id", "id@*" (one block per seat's copy), "id@me", "id@2"; "*" in the id
// matches any run of letters.
export function matchZones(view, spec, seat) {
  const [idPat, who] = spec.split('@');
  const re = new RegExp('^' + idPat.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$');
  const out = [];
  (view.zones || []).forEach((z, i) => {
    if (!re.test(z.zone)) return;
    if (who === 'me' && z.seat !== seat) return;
    if (who && who !== '*' && who !== 'me' && z.seat !== +who) return;
    if (who === '*' && !z.seat) return;
    out.push([z, i]);
  });
  return out;
}

export function renderLayout(view, L, ctx) {
  const used = new Set();
  const cols = (L.page && L.page.columns) || 12;
  const page = el('div', { class: 'layout', style: { '--cols': cols } });
  (L.area || []).forEach((a, ai) => {
    const zs = a.zone != null ? matchZones(view, a.zone, ctx.seat) : [];
    zs.forEach(([, i]) => used.add(i));
    const title = a.title != null ? pickText(a.title) : (a.zone ? a.zone.split('@')[0] : a.var || a.map || t('game.counters'));
    const actx = a.show && a.counters == null ? { ...ctx, faces: { ...ctx.faces, show: a.show } } : ctx;
    const body = areaBody(a, ai, zs, view, actx, used);
    if (body == null) return; // hide_empty, and nothing to show
    const box = el('section', { class: 'area area-' + (a.counters != null ? 'counters' : a.style || 'row'), 'aria-label': title, style: {
      '--x': a.x || 'auto', '--y': a.y || 'auto', '--w': a.w || cols, '--h': a.h || 1 } },
    el('h3', { text: title }), body);
    page.append(box);
  });
  return { node: page, used };
}

// The title of a seat's block: the area's seat_title ("Seat {n}", "{seat}"),
// else the seat as the state names it ("Seat 2 (greedy)").
function blockTitle(a, ctx, n) {
  if (a.seat_title == null) return seatName(ctx, n);
  return pickText(a.seat_title).replace(/\{n\}/g, String(n)).replace(/\{seat\}/g, seatName(ctx, n));
}

// Per-seat blocks side by side (seat_columns), one column on a phone.
function blocks(a, list) {
  return el('div', { class: 'area-zones' + (a.seat_columns ? ' seat-cols' : ''), style: a.seat_columns ? { '--seat-cols': a.seat_columns } : null }, list);
}

const isEmpty = (z) => !z.count;

// The entity ids a variable names (mark_var = "fight@*.square": the seat's
// copy of "fight", its field "square"); a number or a list of numbers.
function markedIds(a, view, seat) {
  if (a.mark_var == null) return null;
  const [name, ...path] = a.mark_var.split('.');
  const names = name.includes('@*')
    ? (seat != null ? [name.replace('@*', '@' + seat)] : (view.seats || []).map((s) => name.replace('@*', '@' + s.seat)))
    : [name];
  const out = new Set();
  for (const n of names) {
    let v = view.vars ? view.vars[n] : undefined;
    for (const k of path) v = v != null && typeof v === 'object' ? v[k] : undefined;
    for (const x of Array.isArray(v) ? v : [v]) if (Number.isInteger(x)) out.add(x);
  }
  return out;
}

function areaBody(a, ai, zs, view, ctx, used) {
  const style = a.style || 'row';
  if (a.counters != null) return countersArea(a, view, ctx);
  if (style === 'map') return mapArea(a, ai, zs, view, ctx, used);
  if (a.var != null) {
    const v = view.vars && view.vars[a.var];
    if (a.hide_empty && (v == null || (typeof v === 'object' && !Object.keys(v).length))) return null;
    return varGrid(a, v, view, ctx);
  }
  // "zone@*": one block per seat's copy, titled by its seat; otherwise the
  // matched zones' items share one grid or ring.
  const perSeat = (a.zone || '').endsWith('@*');
  const perZone = style === 'row' || style === 'fan' || style === 'stack' || perSeat;
  const shown = a.hide_empty ? zs.filter(([z]) => !isEmpty(z)) : zs;
  if (a.hide_empty && !shown.length) return null;
  const body = (list, seat) => {
    const c = a.mark_var != null ? { ...ctx, marked: markedIds(a, view, seat) } : ctx;
    return style === 'grid' ? itemGrid(a, items(list), c, seat) : style === 'ring' ? ring(a, items(list), c)
      : zoneContents(list[0][0], c, style, { top: a.top });
  };
  if (!perZone) return body(shown);
  if (!shown.length) return el('p', { class: 'empty', text: t('game.empty') });
  return blocks(a, shown.map((zi) => el('div', { class: 'area-zone' + (zi[0].seat ? ' owner-' + zi[0].seat : ''), 'data-seat': zi[0].seat || null },
    perSeat || (shown.length > 1 && zi[0].seat) ? el('h4', { text: zi[0].seat ? blockTitle(a, ctx, zi[0].seat) : zi[0].zone, class: zi[0].seat === ctx.seat ? 'mine' : null })
      : shown.length > 1 ? el('h4', { text: zi[0].zone }) : null,
    body([zi], zi[0].seat || null))));
}

// counters = "@*" (every seat), "@me", "@2": each seat's counters as a
// compact labelled panel, in `show` order; the page's own panel under the
// board then leaves them out.
function countersArea(a, view, ctx) {
  const who = a.counters.slice(1);
  const seats = (view.seats || []).filter((s) => who === '*' || (who === 'me' ? s.seat === ctx.seat : s.seat === +who));
  const show = Array.isArray(a.show) ? a.show : null;
  const list = seats.filter((s) => !a.hide_empty || Object.keys(s.counters || {}).length);
  if (!list.length) return a.hide_empty ? null : el('p', { class: 'empty', text: t('game.empty') });
  for (const s of list) {
    if (!show) { ctx.countersShown && ctx.countersShown.set(s.seat, true); continue; }
    const had = ctx.countersShown && ctx.countersShown.get(s.seat);
    if (had === true || !ctx.countersShown) continue;
    ctx.countersShown.set(s.seat, new Set([...(had || []), ...show]));
  }
  return blocks(a, list.map((s) => counterBox(s, ctx, show, blockTitle(a, ctx, s.seat), true)));
}

const items = (zs) => zs.flatMap(([z]) => z.items || []);

// Options that name a place (a node, a column): by id, or by a whole word of
// the label ("Move to K14"); `names` are the place's id and label.
function optionsNaming(ctx, ...names) {
  if (!ctx.act || !ctx.options) return [];
  const ns = names.filter((n) => n != null && n !== '').map(String);
  // Options about an entity belong to its card, not to the place it is on.
  return ctx.options.filter((o) => o.entity == null).filter((o) => {
    // The id names it ("K14"), or ends in it after a colon ("walk:plains_5").
    if (ns.some((n) => o.id === n || o.id.endsWith(':' + n))) return true;
    // A word of the label names it; in a move ("Zombie O15 → N14") only
    // the words after the arrow do: the place it goes to.
    const label = o.label || '';
    const to = label.includes('→') ? label.slice(label.lastIndexOf('→') + 1) : label;
    const words = to.split(/[^\p{L}\p{N}_-]+/u);
    return ns.some((n) => words.includes(n));
  });
}

// Chooses the one option, or offers a short menu when several name the place.
function chooser(anchor, label, opts, ctx) {
  if (opts.length === 1) return ctx.act(opts[0]);
  const menu = el('div', { class: 'menu' }, opts.map((o) => el('button', { type: 'button', text: o.label || o.id, onclick: () => ctx.act(o) })));
  showPopover(anchor, label, menu);
}

// A place (a node, a space, a cell): its head is a button when options name
// it; what stands there stays outside that button (cards are buttons too).
function placeButton(cls, label, opts, ctx, head, children = []) {
  if (!opts.length) return el('div', { class: cls, 'aria-label': label }, head, children);
  const btn = el('button', { type: 'button', class: 'place-btn', title: opts.map((o) => o.label || o.id).join('\n'),
    'aria-label': label + ': ' + opts.map((o) => o.label || o.id).join(', '), 'data-pops': '',
    onclick: (ev) => chooser(ev.currentTarget, label, opts, ctx) }, head);
  return el('div', { class: cls + ' choosable' }, btn, children);
}

// What a grid cell of a variable shows: a number is a seat's disc (a number
// past the seats is a marker of no seat: a dummy), text is text.
function cellContent(v, view, ctx) {
  if (v == null || v === 0 || v === '' || v === false) return null;
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) {
    const seat = v <= (view.seats || []).length;
    const name = seat ? seatName(ctx, v) : t('game.marker', { n: v });
    return el('span', { class: 'disc owner-' + v + (seat ? '' : ' dummy'), title: name, 'aria-label': name, text: seat ? null : String(v) });
  }
  return el('span', { class: 'cell-text', text: typeof v === 'object' ? JSON.stringify(v) : String(v) });
}

// A variable as a grid: a list (row by row, `columns` wide), or a dict of
// lists (keys = "rows": each key a row; "columns": each key a column),
// its keys in `key_order` (else the dict's), named by `row_labels`.
function varGrid(a, values, view, ctx) {
  if (a.keys) return keyedGrid(a, values, view, ctx);
  const list = Array.isArray(values) ? values : [];
  const cols = a.columns;
  const rows = a.rows || Math.max(1, Math.ceil(list.length / cols));
  const g = el('div', { class: 'grid', style: { '--gcols': cols }, role: 'grid' });
  const cells = [];
  for (let r = 0; r < rows; r++) {
    // origin "bottom": the list's first row is the board's lowest (Connect Four).
    const row = a.origin === 'bottom' ? rows - 1 - r : r;
    for (let c = 0; c < cols; c++) {
      const idx = row * cols + c;
      const label = `${c + 1},${row + 1}`;
      const key = a.click === 'column' ? c + 1 : a.click === 'cell' ? idx + 1 : null;
      cells.push(placeButton('cell', label, key == null ? [] : optionsNaming(ctx, key).filter((o) => o.id === String(key)), ctx,
        cellContent(list[idx], view, ctx) || el('span', { class: 'cell-empty' })));
    }
  }
  g.append(...cells);
  return g;
}

function keyedGrid(a, values, view, ctx) {
  const dict = values && typeof values === 'object' && !Array.isArray(values) ? values : {};
  const keys = Array.isArray(a.key_order) ? a.key_order.filter((k) => k in dict) : Object.keys(dict);
  const rowName = (k) => (a.row_labels && a.row_labels[k] != null ? pickText(a.row_labels[k]) : labelText(ctx, k));
  const len = Math.max(a.columns || 0, ...keys.map((k) => (Array.isArray(dict[k]) ? dict[k].length : 0)));
  const byRows = a.keys === 'rows';
  const nr = byRows ? keys.length : (a.rows || len), nc = byRows ? (a.columns || len) : keys.length;
  const colHead = (c) => (byRows ? (a.column_labels && a.column_labels[c] != null ? pickText(a.column_labels[c]) : null) : rowName(keys[c]));
  const rowHead = (r) => (byRows ? rowName(keys[r]) : (a.column_labels && a.column_labels[r] != null ? pickText(a.column_labels[r]) : null));
  const at = (r, c) => { const k = keys[byRows ? r : c]; const l = dict[k]; return Array.isArray(l) ? l[byRows ? c : r] : undefined; };
  const hasColHead = Array.from({ length: nc }, (_, c) => colHead(c)).some((x) => x != null);
  const hasRowHead = Array.from({ length: nr }, (_, r) => rowHead(r)).some((x) => x != null);
  const g = el('div', { class: 'grid keyed' + (hasRowHead ? ' with-rows' : ''), style: { '--gcols': nc }, role: 'grid' });
  if (hasColHead) {
    if (hasRowHead) g.append(el('span', { class: 'grid-head' }));
    for (let c = 0; c < nc; c++) g.append(el('span', { class: 'grid-head col', text: colHead(c) || '' }));
  }
  for (let r = 0; r < nr; r++) {
    const rh = rowHead(r);
    if (hasRowHead) g.append(el('span', { class: 'grid-head row', text: rh || '', title: rh || null }));
    for (let c = 0; c < nc; c++) {
      const label = [rh, colHead(c)].filter(Boolean).join(' · ') || `${c + 1},${r + 1}`;
      g.append(el('div', { class: 'cell', 'aria-label': label }, cellContent(at(r, c), view, ctx) || el('span', { class: 'cell-empty' })));
    }
  }
  return g;
}

// Entities placed by props (x_prop, y_prop) or in order. With cells = true
// every cell is drawn, and an empty one is a button when an option's id is
// cell_id with its numbers ("c{x}r{y}" → "c2r3"); in a seat's block only the
// viewer's own cells choose.
function itemGrid(a, list, ctx, seat) {
  const g = el('div', { class: 'grid' + (a.cells ? ' cells' : ''), style: { '--gcols': a.columns || 4 } });
  const base = a.base ?? 1;
  if (a.x_prop) {
    const rows = a.rows || Math.max(1, ...list.map((e) => ((e.props || {})[a.y_prop] ?? base) - base + 1));
    const at = new Map();
    for (const e of list) {
      const p = e.props || {};
      const x = (p[a.x_prop] ?? base) - base, y = (p[a.y_prop] ?? base) - base;
      const row = a.origin === 'bottom' ? rows - 1 - y : y;
      if (a.cells) {
        const k = `${x},${y}`;
        if (!at.has(k)) at.set(k, []);
        at.get(k).push(e);
        continue;
      }
      const c = card(e, ctx);
      c.style.gridColumn = String(x + 1);
      c.style.gridRow = String(row + 1);
      g.append(c);
    }
    if (!a.cells) return g;
    const mine = seat == null || seat === ctx.seat;
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < a.columns; x++) {
        const here = at.get(`${x},${y}`) || [];
        const X = x + base, Y = y + base;
        const id = a.cell_id != null ? a.cell_id.replace(/\{x\}/g, X).replace(/\{y\}/g, Y) : null;
        const label = id || `${X},${Y}`;
        const opts = id != null && mine ? optionsNaming(ctx, id).filter((o) => o.id === id) : [];
        const cell = here.length ? el('div', { class: 'cell slot full', 'data-cell': label }, here.map((e) => card(e, ctx)))
          : placeButton('cell slot', label, opts, ctx, el('span', { class: 'cell-name', text: label }));
        if (!here.length) cell.dataset.cell = label;
        cell.style.gridColumn = String(x + 1);
        cell.style.gridRow = String((a.origin === 'bottom' ? rows - 1 - y : y) + 1);
        g.append(cell);
      }
    }
    return g;
  }
  for (const e of list) g.append(card(e, ctx));
  return g;
}

function ring(a, list, ctx) {
  const n = a.spaces, base = a.base ?? 1;
  const at = Array.from({ length: n }, () => []);
  const off = [];
  for (const e of list) {
    const s = (e.props || {})[a.space_prop];
    if (Number.isInteger(s) && s - base >= 0 && s - base < n) at[s - base].push(e); else off.push(e);
  }
  const box = el('div', { class: 'ring' });
  at.forEach((es, i) => {
    const ang = (2 * Math.PI * i) / n - Math.PI / 2;
    const label = a.labels && a.labels[i] != null ? pickText(a.labels[i]) : String(i + base);
    const sp = placeButton('space', label, optionsNaming(ctx, label), ctx,
      el('span', { class: 'space-label', text: label }), es.map((e) => card(e, ctx, true)));
    sp.style.left = (50 + 42 * Math.cos(ang)) + '%';
    sp.style.top = (50 + 42 * Math.sin(ang)) + '%';
    box.append(sp);
  });
  return el('div', {}, box, off.length ? el('div', { class: 'cards row' }, off.map((e) => card(e, ctx))) : null);
}

// A map: nodes at coordinates, edges as lines; what stands on a node is the
// zone named like the node and the area's items whose node_prop names it.
// Nodes are sized in map units (node_size), so a dense map stays a map; a
// narrow screen scrolls it sideways rather than shrinking it to nothing.
// Each map's zoom, kept across redraws: a number (1: each unit 2.4rem, at
// least the area's width) or 'fit' (the whole map in the area's width).
const zooms = new Map();

function mapArea(a, ai, zs, view, ctx, used) {
  const m = ctx.layoutMaps[a.map];
  const nodes = m.nodes;
  const size = m.node_size || 1;
  const xs = nodes.map((n) => n.x), ys = nodes.map((n) => n.y);
  const minX = Math.min(...xs) - size / 2, maxX = Math.max(...xs) + size / 2;
  const minY = Math.min(...ys) - size / 2, maxY = Math.max(...ys) + size / 2;
  const spanX = maxX - minX || 1, spanY = maxY - minY || 1;
  const px = (x) => ((x - minX) / spanX) * 100, py = (y) => ((y - minY) / spanY) * 100;
  const byNode = new Map(nodes.map((n) => [String(n.id), []]));
  (view.zones || []).forEach((z, i) => {
    if (!byNode.has(z.zone)) return;
    used.add(i);
    const here = byNode.get(z.zone);
    here.push(...(z.items || []));
    if (!z.items) for (const g of z.groups || []) here.push({ id: null, def: g.def, name: `${g.name} ×${g.count}`, text: g.text, face_up: true });
  });
  if (a.node_prop) for (const e of items(zs)) { const k = String((e.props || {})[a.node_prop]); if (byNode.has(k)) byNode.get(k).push(e); }
  const zkey = `${ai}:${a.map}`;
  const box = el('div', { class: 'map shape-' + (m.shape || 'circle'), style: {
    aspectRatio: `${spanX} / ${spanY}`, '--span-x': spanX, '--node-size': size } });
  const scroller = el('div', { class: 'map-scroll' }, box);
  const setZoom = (z) => {
    zooms.set(zkey, z);
    box.classList.toggle('fit', z === 'fit');
    box.style.setProperty('--zoom', z === 'fit' ? 1 : z);
  };
  // From 'fit', a step starts at the zoom the fitted map shows.
  const current = () => {
    const z = zooms.get(zkey) ?? 1;
    if (z !== 'fit') return z;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    return Math.max(0.1, box.clientWidth / (spanX * 2.4 * rem));
  };
  const step = (f) => setZoom(Math.min(6, Math.max(0.1, current() * f)));
  setZoom(zooms.get(zkey) ?? 1);
  const svgNS = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('aria-hidden', 'true');
  const pos = new Map(nodes.map((n) => [String(n.id), n]));
  for (const e of m.edges || []) {
    const [p, q] = e.map((id) => pos.get(String(id)));
    const line = document.createElementNS(svgNS, 'line');
    line.setAttribute('x1', px(p.x)); line.setAttribute('y1', py(p.y));
    line.setAttribute('x2', px(q.x)); line.setAttribute('y2', py(q.y));
    line.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.append(line);
  }
  box.append(svg);
  for (const n of nodes) {
    const id = String(n.id);
    const label = n.label != null ? pickText(n.label) : id;
    const here = byNode.get(id);
    const node = placeButton('node' + (here.length ? ' occupied' : '') + (here.length > 2 ? ' crowded' : ''), label, optionsNaming(ctx, id, label), ctx,
      el('span', { class: 'node-label', text: label, title: label }), el('span', { class: 'node-items' }, here.map((e) => card(e, ctx, true))));
    node.title = [label, ...here.map((e) => (e.hidden ? t('game.hidden') : e.name || e.def))].join('\n');
    node.style.left = px(n.x) + '%';
    node.style.top = py(n.y) + '%';
    box.append(node);
  }
  const tool = (text, label, f) => el('button', { type: 'button', class: 'zoom', text, title: label, 'aria-label': label, onclick: f });
  return el('div', { class: 'map-wrap' },
    el('div', { class: 'map-tools', role: 'group', 'aria-label': t('game.zoom') },
      tool('−', t('game.zoomOut'), () => step(1 / 1.25)), tool('+', t('game.zoomIn'), () => step(1.25)),
      tool(t('game.zoomFit'), t('game.zoomFit'), () => setZoom('fit'))),
    scroller);
}
