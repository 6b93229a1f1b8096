// A pack's board as data (web.toml, served as JSON): areas on a page grid,
// each showing zones (or a value) in a style. docs/web.md "Layout keys" is
// the reference; checkLayout keeps the page honest about mistakes in it.
import { t, pickText } from './i18n.js';
import { el, showPopover } from './dom.js';
import { card, zoneContents, zoneTitle } from './board.js';

const STYLES = ['row', 'fan', 'stack', 'grid', 'ring', 'map'];
const SHAPES = ['circle', 'hex', 'square'];
const CLICKS = ['column', 'cell'];
const KEYS = {
  top: { page: 'table', faces: 'table', area: 'list', maps: 'table', file: 'str' },
  page: { columns: 'int1' },
  faces: { show: 'list', colour_by: 'str', colours: 'table' },
  area: {
    zone: 'str', var: 'str', title: 'text', x: 'int1', y: 'int1', w: 'int1', h: 'int1', style: 'style',
    columns: 'int1', rows: 'int1', x_prop: 'str', y_prop: 'str', origin: ['top', 'bottom'], base: 'int0',
    click: 'click', spaces: 'int1', space_prop: 'str', labels: 'list', map: 'str', node_prop: 'str', top: ['first', 'last'],
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
    if ((a.zone == null) === (a.var == null) && a.style !== 'map') bad(where, 'layout.zoneOrVar');
    if (a.style === 'ring' && a.spaces == null) bad(where, 'layout.missing', { key: 'spaces' });
    if (a.style === 'ring' && a.space_prop == null) bad(where, 'layout.missing', { key: 'space_prop' });
    if (a.style === 'map') {
      if (a.map == null) bad(where, 'layout.missing', { key: 'map' });
      else if (!maps[a.map]) bad(where, 'layout.unknownMap', { value: a.map });
    }
    if (a.var != null && a.style !== 'grid') bad(where, 'layout.missing', { key: "style = 'grid'" });
    if (a.var != null && a.columns == null) bad(where, 'layout.missing', { key: 'columns' });
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
  for (const a of L.area || []) {
    const zs = a.zone != null ? matchZones(view, a.zone, ctx.seat) : [];
    zs.forEach(([, i]) => used.add(i));
    const title = a.title != null ? pickText(a.title) : (a.zone ? a.zone.split('@')[0] : a.var || a.map);
    const box = el('section', { class: 'area area-' + (a.style || 'row'), 'aria-label': title, style: {
      '--x': a.x || 'auto', '--y': a.y || 'auto', '--w': a.w || cols, '--h': a.h || 1 } },
    el('h3', { text: title }));
    box.append(areaBody(a, zs, view, ctx, used));
    page.append(box);
  }
  return { node: page, used };
}

function areaBody(a, zs, view, ctx, used) {
  const style = a.style || 'row';
  if (style === 'map') return mapArea(a, zs, view, ctx, used);
  if (a.var != null) return varGrid(a, view.vars && view.vars[a.var], ctx);
  // "zone@*": one block per seat's copy, titled by its seat; otherwise the
  // matched zones' items share one grid or ring.
  const perZone = style === 'row' || style === 'fan' || style === 'stack' || (a.zone || '').endsWith('@*');
  const body = (list) => style === 'grid' ? itemGrid(a, items(list), ctx) : style === 'ring' ? ring(a, items(list), ctx)
    : zoneContents(list[0][0], ctx, style, { top: a.top });
  if (!perZone) return body(zs);
  return el('div', { class: 'area-zones' }, zs.map((zi) => el('div', { class: 'area-zone' },
    zs.length > 1 ? el('h4', { text: zoneTitle(zi[0]), class: zi[0].seat === ctx.seat ? 'mine' : null }) : null,
    body([zi]))));
}

const items = (zs) => zs.flatMap(([z]) => z.items || []);

// Options that name a place (a node, a column): by id, or by a whole word of
// the label ("Move to K14"); `names` are the place's id and label.
function optionsNaming(ctx, ...names) {
  if (!ctx.act || !ctx.options) return [];
  const ns = names.filter((n) => n != null && n !== '').map(String);
  // Options about an entity belong to its card, not to the place it is on.
  return ctx.options.filter((o) => o.entity == null).filter((o) => {
    if (ns.includes(o.id)) return true;
    const words = (o.label || '').split(/[^\p{L}\p{N}_-]+/u);
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

function varGrid(a, values, ctx) {
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
      const v = list[idx];
      const label = `${c + 1},${row + 1}`;
      const content = v == null || v === 0 || v === '' ? null
        : typeof v === 'number' ? el('span', { class: 'disc owner-' + v, title: t('game.seat', { n: v }), 'aria-label': t('game.seat', { n: v }) })
          : el('span', { text: String(v) });
      const key = a.click === 'column' ? c + 1 : a.click === 'cell' ? idx + 1 : null;
      cells.push(placeButton('cell', label, key == null ? [] : optionsNaming(ctx, key).filter((o) => o.id === String(key)), ctx,
        content || el('span', { class: 'cell-empty' })));
    }
  }
  g.append(...cells);
  return g;
}

function itemGrid(a, list, ctx) {
  const g = el('div', { class: 'grid', style: { '--gcols': a.columns || 4 } });
  const base = a.base ?? 1;
  if (a.x_prop) {
    const rows = a.rows || Math.max(1, ...list.map((e) => ((e.props || {})[a.y_prop] ?? base) - base + 1));
    for (const e of list) {
      const p = e.props || {};
      const x = (p[a.x_prop] ?? base) - base, y = (p[a.y_prop] ?? base) - base;
      const row = a.origin === 'bottom' ? rows - 1 - y : y;
      const c = card(e, ctx);
      c.style.gridColumn = String(x + 1);
      c.style.gridRow = String(row + 1);
      g.append(c);
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
function mapArea(a, zs, view, ctx, used) {
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
  const box = el('div', { class: 'map shape-' + (m.shape || 'circle'), style: {
    aspectRatio: `${spanX} / ${spanY}`, '--span-x': spanX, '--node-size': size } });
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
    const node = placeButton('node' + (here.length ? ' occupied' : ''), label, optionsNaming(ctx, id, label), ctx,
      el('span', { class: 'node-label', text: label }), el('span', { class: 'node-items' }, here.map((e) => card(e, ctx, true))));
    node.style.left = px(n.x) + '%';
    node.style.top = py(n.y) + '%';
    box.append(node);
  }
  return el('div', { class: 'map-scroll' }, box);
}
