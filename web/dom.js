import { t } from './i18n.js';

// Building DOM from data. Server strings only ever become text nodes or
// attribute values, never markup (the page must not run a pack's text).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v == null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else if (k === 'style' && typeof v === 'object') {
      // Custom properties (--x) only take through setProperty.
      for (const [sk, sv] of Object.entries(v)) if (sv != null) node.style.setProperty(sk.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase()), String(sv));
    }
    else if (k in node && typeof v !== 'string') node[k] = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children.flat(Infinity)) {
    if (c == null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

// Empties a node, then appends children (nulls skipped, strings as text).
export function clear(node, ...children) {
  while (node.firstChild) node.removeChild(node.firstChild);
  append(node, children);
  return node;
}

// One popover for the whole page: the card text a touch screen cannot hover,
// or a short menu (`body` a node).
let pop = null, popAnchor = null;
export function showPopover(anchor, title, body) {
  hidePopover();
  popAnchor = anchor;
  pop = el('div', { class: 'popover', role: 'dialog', 'aria-label': title },
    el('strong', { text: title }), body instanceof Node ? body : el('p', { text: body }),
    el('button', { type: 'button', class: 'popover-close', text: '×', 'aria-label': t('game.close'), onclick: hidePopover }));
  document.body.append(pop);
  const r = anchor.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  pop.style.width = w + 'px';
  pop.style.left = Math.max(8, Math.min(r.left + window.scrollX, window.scrollX + window.innerWidth - w - 8)) + 'px';
  pop.style.top = (r.bottom + window.scrollY + 4) + 'px';
  (pop.querySelector('.menu button') || pop.querySelector('button')).focus();
}

// Focus goes back to the card that opened it, for the keyboard.
export function hidePopover() {
  if (!pop) return;
  const hadFocus = pop.contains(document.activeElement);
  pop.remove();
  pop = null;
  if (hadFocus && popAnchor && popAnchor.isConnected) popAnchor.focus();
  popAnchor = null;
}

document.addEventListener('keydown', (e) => { if (e.key === 'Escape') hidePopover(); });
document.addEventListener('click', (e) => {
  if (pop && !pop.contains(e.target) && !e.target.closest('[data-pops]')) hidePopover();
});
