// Drawing a seat's view: cards, zones, counters and values. The generic view
// shows every zone as a labelled row; a pack's layout (layout.js) places
// zones on a board, and whatever it leaves out falls back to the rows here.
import { t, pickText } from './i18n.js';
import { el, showPopover } from './dom.js';
import { checkLayout, renderLayout } from './layout.js';

// ctx: { seat, faces, entityOptions: Map(entity id -> option), selected: Set(option id),
//        act(option), options: [option] }: act is null where nothing may be chosen.
export function renderBoard(view, layout, ctx) {
  const root = el('div', { class: 'board' });
  let used = new Set();
  let drawn = false; // whether a layout drew the board
  if (layout) {
    const errors = checkLayout(layout);
    if (errors.length) {
      root.append(el('div', { class: 'warning', role: 'alert' },
        el('p', { text: t('layout.fallback') }),
        el('ul', {}, errors.map((e) => el('li', { text: e.where == null ? t(e.key, e.args)
          : t('layout.where', { file: e.file, where: e.where, msg: t(e.key, e.args) }) })))));
    } else {
      ctx = { ...ctx, faces: layout.faces || {}, layoutMaps: layout.maps || {}, labels: layout.labels || {}, countersShown: new Map() };
      const r = renderLayout(view, layout, ctx);
      used = r.used;
      drawn = true;
      root.append(r.node);
    }
  }
  const rest = (view.zones || []).map((z, i) => [z, i]).filter(([, i]) => !used.has(i));
  // Empty zones (a map of hundreds of fields) are one line, not a row each.
  // Piles the seat sees only the size of (decks) share one row.
  const full = rest.filter(([z]) => z.count), empty = rest.filter(([z]) => !z.count);
  const blind = ([z]) => !z.items && !z.groups;
  const piles = full.filter(blind), open = full.filter((zi) => !blind(zi));
  if (open.length) root.append(el('div', { class: 'zones' }, open.map(([z]) => zoneRow(z, ctx))));
  if (piles.length) {
    root.append(el('section', { class: 'zone piles', 'aria-label': t('game.piles') }, el('h3', { text: t('game.piles') }),
      el('div', { class: 'cards row' }, piles.map(([z]) => el('div', { class: 'card back pile' },
        el('span', { text: zoneTitle(z) }), el('b', { text: String(z.count) }))))));
  }
  if (empty.length) {
    root.append(el('details', { class: 'vars empty-zones' },
      el('summary', { text: t('game.emptyZones', { n: empty.length }) }),
      el('p', { text: empty.map(([z]) => zoneTitle(z)).join(', ') })));
  }
  // With no zones at all the values are the game (a grid in a variable): open.
  root.append(seatsPanel(view, ctx), varsPanel(view.vars, !drawn && !(view.zones || []).length));
  return root;
}

export function zoneTitle(z) {
  return z.seat ? `${z.zone} · ${t('game.seat', { n: z.seat })}` : z.zone;
}

// A seat as the page names it: "Seat 2 (greedy)" in the viewer's language
// when the state says so, else "Seat 2".
export function seatName(ctx, n) {
  const s = (ctx.seats || []).find((x) => x.seat === n);
  return (s && s.title) || t('game.seat', { n });
}

// A prop's or counter's name: the layout's [labels] in the page's language,
// else the key itself.
export function labelText(ctx, key) {
  const l = ctx.labels && ctx.labels[key];
  return l != null ? pickText(l) : key;
}

function zoneRow(z, ctx) {
  return el('section', { class: 'zone', 'aria-label': zoneTitle(z) },
    el('h3', {}, el('span', { text: zoneTitle(z) }), el('span', { class: 'count', text: String(z.count) })),
    zoneContents(z, ctx, 'row'));
}

// The cards of one zone in a style: row, fan, stack or grid (by order).
export function zoneContents(z, ctx, style, opts = {}) {
  const box = el('div', { class: 'cards ' + style });
  let items = z.items || [];
  if (style === 'stack' && items.length) items = [opts.top === 'last' ? items[items.length - 1] : items[0]];
  for (const it of items) box.append(card(it, ctx));
  for (const g of z.groups || []) box.append(group(g, ctx));
  if (z.hidden) box.append(el('div', { class: 'card back', text: '+' + z.hidden }));
  if (!(z.items || []).length && !(z.groups || []).length && z.count > 0) {
    box.append(el('div', { class: 'card back', text: t('game.count', { n: z.count }) }));
  }
  if (style === 'stack' && z.count > 1 && (z.items || []).length) box.append(el('span', { class: 'stack-count', text: '×' + z.count }));
  if (!z.count) box.append(el('span', { class: 'empty', text: t('game.empty') }));
  return box;
}

// What a card face shows: the layout's chosen props, else the kind's `show`,
// else every prop.
function facePairs(e, faces) {
  const props = e.props || {};
  if (faces && Array.isArray(faces.show) && faces.show.length) {
    const shown = Object.fromEntries(e.show || []);
    return faces.show.filter((k) => k in props || k in shown).map((k) => [k, k in shown ? shown[k] : props[k]]);
  }
  if (Array.isArray(e.show)) return e.show;
  return Object.entries(props);
}

function valueText(v) {
  if (v === true) return '✓';
  if (v === false) return '✗';
  if (v && typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function faceColour(e, faces) {
  if (!faces || !faces.colour_by || !faces.colours) return null;
  const key = faces.colour_by === 'def' ? e.def : faces.colour_by === 'kind' ? e.kind : (e.props || {})[faces.colour_by];
  return faces.colours[String(key)] || faces.colours.default || null;
}

// A card: a button when it chooses an option or has text to show, so the
// keyboard and a touch reach it; the text is also its tooltip.
export function card(e, ctx, compact = false) {
  if (e.hidden) return el('div', { class: 'card back' + (compact ? ' chip' : ''), title: t('game.hidden'), 'aria-label': t('game.hidden') });
  const opt = ctx.entityOptions && ctx.entityOptions.get(e.id);
  const name = e.name || e.def;
  const cls = ['card'];
  if (compact) cls.push('chip');
  if (!e.face_up) cls.push('facedown');
  if (e.owner) cls.push('owner-' + e.owner);
  if (ctx.marked && ctx.marked.has(e.id)) cls.push('marked');
  const body = [el('span', { class: 'card-name', text: name })];
  if (!compact) {
    const pairs = facePairs(e, ctx.faces);
    if (pairs.length) {
      body.push(el('span', { class: 'card-props' },
        pairs.map(([k, v]) => el('span', { class: 'prop' }, el('span', { class: 'k', text: labelText(ctx, k) }), ' ', el('b', { text: valueText(v) })))));
    }
    if (!e.face_up) body.push(el('span', { class: 'tag', text: t('game.facedown') }));
  }
  const colour = faceColour(e, ctx.faces);
  const style = colour ? { '--face': colour } : null;
  const title = [name, e.text].filter(Boolean).join('\n');
  if (opt && ctx.act) {
    cls.push('choosable');
    const pressed = ctx.selected ? ctx.selected.has(opt.id) : null;
    const b = el('button', { type: 'button', class: cls.join(' '), title, style, 'data-opt': opt.id, 'aria-pressed': pressed == null ? null : String(pressed),
      onclick: () => ctx.act(opt) }, body);
    if (!e.text) return b;
    return el('span', { class: 'card-wrap' + (compact ? ' chip-wrap' : '') }, b, infoButton(name, e.text));
  }
  if (e.text) {
    return el('button', { type: 'button', class: cls.join(' '), title, style, 'data-pops': '', 'aria-haspopup': 'dialog',
      onclick: (ev) => showPopover(ev.currentTarget, name, e.text) }, body);
  }
  return el('div', { class: cls.join(' '), title, style }, body);
}

// The card text on touch screens, where a tooltip never shows.
export function infoButton(name, text) {
  return el('button', { type: 'button', class: 'info', text: 'i', 'aria-label': t('game.info') + ': ' + name, 'data-pops': '',
    onclick: (ev) => showPopover(ev.currentTarget, name, text) });
}

// A pile of alike cards, "Torch ×8": a button (coloured like its cards)
// when an option names one of its cards (`ids`: the entities the seat may
// name), so a buy pile is bought by a click.
function group(g, ctx = {}) {
  const name = g.name || g.def;
  const label = `${name} ×${g.count}`;
  const colour = faceColour(g, ctx.faces);
  const style = colour ? { '--face': colour } : null;
  const opt = ctx.act && ctx.entityOptions ? (g.ids || []).map((id) => ctx.entityOptions.get(id)).find(Boolean) : null;
  if (opt) {
    const pressed = ctx.selected ? ctx.selected.has(opt.id) : null;
    const b = el('button', { type: 'button', class: 'card group choosable', title: [opt.label || name, g.text].filter(Boolean).join('\n'), style,
      'data-opt': opt.id, 'aria-pressed': pressed == null ? null : String(pressed), onclick: () => ctx.act(opt) },
    el('span', { class: 'card-name', text: name }), el('span', { class: 'group-count', text: '×' + g.count }));
    return g.text ? el('span', { class: 'card-wrap' }, b, infoButton(name, g.text)) : b;
  }
  if (g.text) {
    return el('button', { type: 'button', class: 'card group', title: g.text, 'data-pops': '', style,
      onclick: (ev) => showPopover(ev.currentTarget, g.name || g.def, g.text) }, el('span', { class: 'card-name', text: label }));
  }
  return el('div', { class: 'card group', style }, el('span', { class: 'card-name', text: label }));
}

// Values can be long lists (a whole grid): keep them to one line.
function compactValue(v) {
  const s = valueText(v);
  return s.length > 200 ? s.slice(0, 197) + '…' : s;
}

function dictList(d, ctx) {
  const entries = Object.entries(d || {});
  if (!entries.length) return null;
  return el('dl', { class: 'kv' }, entries.map(([k, v]) => [el('dt', { text: ctx ? labelText(ctx, k) : k }), el('dd', { text: compactValue(v) })]));
}

// One seat's counters (and what only that seat knows), in `show` order when
// given (a name it lacks is skipped), labelled by the layout's [labels].
export function counterBox(s, ctx, show, title, compact = false) {
  const pick = (d) => {
    const all = Object.entries(d || {});
    if (!show) return Object.fromEntries(all);
    return Object.fromEntries(show.filter((k) => d && k in d).map((k) => [k, d[k]]));
  };
  const counters = pick(s.counters), secret = pick(s.secret);
  return el('div', { class: 'seat-box owner-' + s.seat + (s.seat === ctx.seat ? ' mine' : '') + (compact ? ' compact' : ''), 'data-seat': s.seat },
    el('h3', { text: title ?? seatName(ctx, s.seat) }),
    dictList(counters, ctx),
    Object.keys(secret).length ? [el('h4', { text: t('game.secret') }), dictList(secret, ctx)] : null);
}

// Every seat's counters a layout area has not already shown.
function seatsPanel(view, ctx) {
  const shown = ctx.countersShown || new Map();
  const seats = (view.seats || []).map((s) => {
    const done = shown.get(s.seat);
    if (!done) return s;
    if (done === true) return null;
    const left = (d) => d && Object.fromEntries(Object.entries(d).filter(([k]) => !done.has(k)));
    return { ...s, counters: left(s.counters), secret: left(s.secret) };
  }).filter((s) => s && (Object.keys(s.counters || {}).length || Object.keys(s.secret || {}).length));
  if (!seats.length) return el('div');
  return el('section', { class: 'seats-panel', 'aria-label': t('game.counters') }, seats.map((s) => counterBox(s, ctx)));
}

function varsPanel(vars, open) {
  const list = dictList(vars);
  if (!list) return el('div');
  return el('details', { class: 'vars', open }, el('summary', { text: t('game.vars') }), list);
}

export { pickText };
