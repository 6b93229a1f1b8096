// The journal, newest at the bottom, each line with the "why?" the server
// may answer (causes[i]: rule, card, layer; null when nothing may be said).
import { t } from './i18n.js';
import { el } from './dom.js';

// `from`: how many earlier lines the server left out (?lines=N); they are
// numbered on from there, and the replay shows them.
export const LOG_LINES = 400;
export function renderLog(journal, causes, from = 0) {
  // Room for the longest number ("533."), so none is clipped at the left.
  const list = el('ol', { class: 'log-lines', 'aria-live': 'polite', 'aria-relevant': 'additions', tabindex: '0', start: from + 1,
    style: { '--digits': String(Math.max(1, from + journal.length)).length } });
  journal.forEach((line, i) => {
    const why = el('div', { class: 'cause', hidden: true }, causeText(causes[i]));
    const btn = el('button', { type: 'button', class: 'why', text: t('game.why'), 'aria-expanded': 'false' });
    btn.addEventListener('click', () => {
      why.hidden = !why.hidden;
      btn.setAttribute('aria-expanded', String(!why.hidden));
    });
    list.append(el('li', {}, el('span', { class: 'line', text: typeof line === 'string' ? line : (line.text ?? JSON.stringify(line)) }), btn, why));
  });
  return el('section', { class: 'log' }, el('h2', { text: t('game.log') }),
    from > 0 ? el('p', { class: 'hint', text: t('game.log.earlier', { n: from }) }) : null, list);
}

// A cause is {rule, layer, card: {name, def, layer}} (the card's layer said
// when it differs from the rule's), or {choice: N} for a seat's choice.
function causeText(c) {
  if (!c) return t('game.why.none');
  if (c.choice) return t('game.cause.choice', { n: c.choice }); // a line the server wrote for a choice
  const parts = [];
  if (c.rule) parts.push(`${t('game.cause.rule')}: ${c.rule}`);
  const card = c.card && typeof c.card === 'object' ? c.card : c.card ? { name: c.card } : null;
  if (card) parts.push(`${t('game.cause.card')}: ${card.name || card.def}` + (card.layer && card.layer !== c.layer ? ` (${card.layer})` : ''));
  if (c.layer) parts.push(`${t('game.cause.layer')}: ${c.layer}`);
  return parts.length ? parts.join(' · ') : t('game.why.none');
}
