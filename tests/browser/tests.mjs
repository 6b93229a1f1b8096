// The browser tests run.mjs runs, by name. Each gets a fresh page and the
// server's address; games are made through the lobby or the API, then
// played by clicks on the page, as a person plays them.

// A small seeded generator: the same clicks on every run.
export function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

export async function newGame(base, body) {
  const res = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await res.json();
  if (res.status !== 201) throw new Error(`POST /api/games: ${res.status} ${j.error}`);
  return j;
}

export function check(ok, what) {
  if (!ok) throw new Error(what);
}

// One choice by clicks: an option button at random (a set: as many as it
// asks for, then the confirm button). Waits until the page has drawn the
// next state, so the next click is never on a stale button.
export async function clickAChoice(page, pick, endIt = false) {
  const panel = page.locator('.decision');
  const options = panel.locator('button.option:not([disabled])');
  const n = await options.count();
  if (n === 0) return false;
  const version = await page.locator('body').getAttribute('data-version');
  const hint = panel.locator('[data-pick-min]');
  if (await hint.count()) {
    const min = Number(await hint.getAttribute('data-pick-min'));
    const chosen = new Set();
    while (chosen.size < Math.max(min, 1) && chosen.size < n) chosen.add(pick(n));
    for (const i of chosen) await options.nth(i).click();
    await panel.locator('button.confirm').click();
  } else {
    await options.nth(pick(n)).click();
  }
  // The next version; or the question whether to end the game losing (a
  // concession), answered "no", which leaves the game as it was; or a
  // refusal the page shows (a failure: the page offered what the server
  // would not take).
  await page.waitForFunction((v) => document.body.dataset.version !== v || document.querySelector('.status.error, .confirm-end'),
    version, { timeout: 30000 });
  if (await page.locator('.confirm-end').count()) {
    if (endIt) {  // the game ends here, as the player chose
      await page.click('.confirm-end .end-yes');
      await page.waitForSelector('.result');
      return true;
    }
    await page.click('.confirm-end .end-no');
    await page.waitForSelector('.confirm-end', { state: 'detached' });
    await page.waitForSelector('.decision button.option:not([disabled])');
    return false;
  }
  const refused = page.locator('.status.error');
  if (await refused.count()) throw new Error(`the server refused a choice the page offered: ${await refused.innerText()}`);
  return true;
}

// Clicks choices until `done()` says so or the game is over; returns how many.
// `giveUpAfter`: from that many clicks on, a losing game-ending choice
// (a concession) is confirmed when picked, not declined.
export async function playUntil(page, pick, done, most = 2000, giveUpAfter = Infinity) {
  let clicks = 0;
  while (clicks < most) {
    if (await page.locator('.result').count()) return clicks;
    if (done && (await done())) return clicks;
    await page.waitForSelector('.decision button.option:not([disabled]), .result', { timeout: 30000 });
    if (await page.locator('.result').count()) return clicks;
    if (await clickAChoice(page, pick, clicks >= giveUpAfter)) clicks++;
  }
  throw new Error(`still playing after ${most} clicks`);
}


// The state of a seat through the API (`link` is the seat's page link).
async function stateOf(base, link) {
  const [, id, seat] = link.match(/\/game\/([^/]+)\/seat\/(\d+)/);
  const t = link.split('t=')[1];
  return { id, seat: +seat, t, st: await (await fetch(`${base}/api/games/${id}/state?seat=${seat}&t=${t}`)).json() };
}

// Chooses by the API for seat 1 until `want(decision)` says a decision is the
// one a test needs; `prefer` picks an option otherwise (bots move meanwhile).
async function driveTo(base, link, want, prefer, most = 300) {
  for (let i = 0; i < most; i++) {
    const { id, seat, t, st } = await stateOf(base, link);
    const d = (st.view.decisions || []).find((x) => x.seat === seat && x.options);
    if (st.view.over) throw new Error('the game ended before the decision wanted');
    if (!d) { await new Promise((r) => setTimeout(r, 100)); continue; }
    if (want(d, st)) return st;
    const o = prefer(d.options, i);
    const option = d.pick ? d.options.slice(0, Math.max(1, d.pick.min)).map((x) => x.id).join(',') : o.id;
    await fetch(`${base}/api/games/${id}/choose`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ seat, t, option, version: st.version }) });
  }
  throw new Error('the decision wanted never came');
}

async function waitNewVersion(page, version) {
  await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 30000 });
}

export const tests = {
  // The lobby makes a game; its seat link plays a whole game against a bot.
  async 'connect-four: a whole game by clicks, made in the lobby'({ page, base, shot }) {
    await page.goto(base + '/');
    await page.selectOption('#pack', 'connect-four');
    await page.selectOption('#kind2', 'random');
    await page.click('button[type=submit]');
    const link = page.locator('ul.links a').first();
    await link.waitFor();
    await shot('lobby-made.png');
    await page.goto(await link.getAttribute('href'));
    const clicks = await playUntil(page, rng(1));
    check(clicks >= 4, `a game of Connect Four took ${clicks} clicks`);
    const result = await page.locator('.result').innerText();
    check(/wins|draw|vyhr|remíz/i.test(result), `the result reads "${result}"`);
    await shot('connect-four-over.png');
  },

  // docs/web.md "Links and tokens": a wrong or missing token opens nothing.
  async 'a wrong or missing token gets 403'({ page, base }) {
    const g = await newGame(base, { pack: 'connect-four', seats: ['human', 'human'], seed: 2 });
    const good = g.links.seats['1'];
    const wrong = good.replace(/t=[0-9a-f]+/, 't=' + '0'.repeat(32));
    let res = await page.goto(base + wrong);
    check(res.status() === 403, `a wrong token: ${res.status()}`);
    check((await page.content()).includes('does not open'), 'the 403 page says why');
    res = await page.goto(base + good.replace(/\?t=.*/, ''));
    check(res.status() === 403, `no token: ${res.status()}`);
    // Seat 1's token does not open seat 2.
    res = await page.goto(base + good.replace('/seat/1', '/seat/2'));
    check(res.status() === 403, `seat 1's token on seat 2: ${res.status()}`);
    const api = await fetch(`${base}/api/games/${g.id}/state?seat=2&t=${good.split('t=')[1]}`);
    check(api.status === 403, `the API with seat 1's token for seat 2: ${api.status}`);
    res = await page.goto(base + good);
    check(res.status() === 200, `the right token: ${res.status()}`);
  },

  // Hot seat: two people, one browser; nothing of the next seat is drawn
  // before they say only they can see the screen, and the last seat's view
  // is gone from the page while the cover shows.
  async 'hot seat: the screen is handed over between seats'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'connect-four', seats: ['human', 'human'], seed: 3 });
    await page.goto(base + g.links.table);
    const cover = page.locator('.handoff');
    const pick = rng(3);
    for (let turn = 0; turn < 4; turn++) {
      await cover.waitFor();
      check((await page.locator('.decision').count()) === 0, 'a decision shows under the hand-off cover');
      const text = await cover.innerText();
      const seat = turn % 2 === 0 ? 1 : 2;
      check(text.includes(String(seat)), `the cover names seat ${seat}: "${text}"`);
      if (turn === 1) await shot('hot-seat-handoff.png');
      await cover.locator('button').click();
      await page.waitForSelector('.decision button.option');
      check((await page.locator('.who').innerText()).includes(String(seat)), `the page is seat ${seat}'s`);
      await clickAChoice(page, pick);
    }
  },

  // docs/web.md "choose": a choice that ends the game with the seat losing
  // (Dorn's concession) is asked about first; "no" changes nothing.
  async 'a concession is confirmed first'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'dorn', seats: ['greedy', 'human'], seed: 8 });
    await page.goto(base + g.links.seats['2']);
    const concede = page.locator('.decision button.option[data-opt=concede]');
    await playUntil(page, rng(8), async () => (await concede.count()) > 0, 300);
    const version = await page.locator('body').getAttribute('data-version');
    await concede.click();
    await page.waitForSelector('.confirm-end');
    await shot('dorn-concede-asked.png');
    check((await page.locator('.confirm-end').innerText()).includes('do not win'), 'the question says the seat loses');
    await page.click('.confirm-end .end-no');
    await page.waitForSelector('.decision button.option[data-opt=concede]:not([disabled])');
    check((await page.locator('.result').count()) === 0, '"no" ended the game');
    check((await page.locator('body').getAttribute('data-version')) === version, '"no" changed the game');
    await concede.click();
    await page.click('.confirm-end .end-yes');
    await page.waitForSelector('.result');
  },

  // docs/web.md "POST /api/games/import": a game's log opened in the lobby
  // goes on where it stopped.
  async 'a saved game opens in the lobby and goes on'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'connect-four', seats: ['human', 'human'], seed: 7 });
    const token = (link) => link.split('t=')[1];
    for (const [seat, column] of [[1, '4'], [2, '3']]) {
      const st = await (await fetch(`${base}/api/games/${g.id}/state?seat=${seat}&t=${token(g.links.seats[seat])}`)).json();
      const r = await fetch(`${base}/api/games/${g.id}/choose`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ seat, t: token(g.links.seats[seat]), option: column, version: st.version }) });
      check(r.ok, `choose: ${r.status}`);
    }
    const log = await (await fetch(`${base}/api/games/${g.id}/log?t=${token(g.links.watch)}`)).text();
    await page.goto(base + '/');
    await page.setInputFiles('#import-file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(log) });
    await page.click('form.import button[type=submit]');
    const link = page.locator('ul.links a').first();
    await link.waitFor();
    await page.goto(await link.getAttribute('href'));
    await page.waitForSelector('.decision button.option');
    check((await page.locator('.disc').count()) === 2, 'the two discs of the saved game are on the board');
    await shot('imported.png');
    await clickAChoice(page, rng(7));
    check((await page.locator('.disc').count()) === 3, 'the game went on');
  },

  // docs/web.md "Layout keys": the newer keys' mistakes are found and located.
  async 'layouts: mistakes in counters, cells, marks and labels are located'({ page, base }) {
    await page.goto(base + '/');
    const errs = await page.evaluate(async () => {
      const { checkLayout } = await import('/app/layout.js');
      const { t } = await import('/app/i18n.js');
      return checkLayout({ file: 'x/web.toml', labels: { hp: 3 }, area: [
        { counters: '@all' },
        { counters: '@*', zone: 'hand' },
        { zone: 'dungeon@*', style: 'grid', columns: 5, x_prop: 'c', y_prop: 'r', cell_id: 'c{x}' },
        { zone: 'den', mark_var: 'fight@*..square', seat_columns: 2, hide_empty: 'yes' },
        { var: 'slots', style: 'grid', keys: 'diagonal' },
        { zone: 'a@*', seat_title: { en: 'Seat', cs: 'Hráč {n}' } },
        { counters: '@me', show: ['food'], seat_title: 'Lord {n}', hide_empty: true },
        { var: 'slots', style: 'grid', keys: 'rows', row_labels: { get_food: { en: 'Get Food' } } },
      ] }).map((e) => `${e.where}: ${t(e.key, e.args)}`);
    });
    const has = (re) => check(errs.some((e) => re.test(e)), `no error like ${re} in:\n${errs.join('\n')}`);
    has(/^top: 'labels': entry 'hp'/);
    has(/^area 1: 'counters' must name/);
    has(/^area 2: needs exactly one of 'zone', 'var' or 'counters'/);
    has(/^area 3: 'cell_id' needs 'cells = true'/);
    has(/^area 3: 'cell_id' must name \{x\} and \{y\}/);
    has(/^area 4: 'mark_var' must name/);
    has(/^area 4: 'seat_columns' needs '@\*'/);
    has(/^area 4: 'hide_empty' must be true or false/);
    has(/^area 5: 'keys' must be one of: rows, columns/);
    has(/^area 6: 'seat_title' must name/);
    check(!errs.some((e) => /^area [78]:/.test(e)), `good areas were faulted:\n${errs.join('\n')}`);
  },

  // Plural rules: English one/other, Czech 1 / 2–4 / 5+.
  async 'the page counts in each language’s plural'({ page, base }) {
    await page.goto(base + '/');
    const got = await page.evaluate(async () => {
      const i = await import('/app/i18n.js');
      const out = [];
      for (const l of ['en', 'cs']) {
        i.setLang(l, false);
        for (const n of [1, 2, 5]) out.push(i.t('game.count', { n }));
      }
      i.setLang('en', false);
      return out.join('|');
    });
    check(got === '1 card|2 cards|5 cards|1 karta|2 karty|5 karet', `plurals: ${got}`);
  },

  // Dungeon Lords' whole game: counters placed per lord, the central board's
  // slots as discs, every square of the dungeon drawn, and a tunnel dug by
  // a click on an empty square; ?lang=cs chooses Czech and is kept.
  async 'dungeon-lords: counters, the slots board and digging by a click'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'dungeon-lords', seats: ['human', 'greedy'], seed: 3 });
    const link = g.links.seats['1'];
    await driveTo(base, link, (d) => d.options.some((o) => /^c\d+r\d+$/.test(o.id) && o.entity == null),
      (opts, i) => opts.find((o) => /dig/.test(o.id)) || opts[i % opts.length]);
    await page.goto(base + link);
    await page.waitForSelector('.decision button.option');
    const lords = page.locator('.area-counters .seat-box');
    check((await lords.count()) === 2, `counter panels: ${await lords.count()}`);
    const first = await lords.first().innerText();
    check(/Seat 1/.test(first) && /food/.test(first) && /evil/.test(first), `seat 1's panel reads "${first}"`);
    check(first.indexOf('food') < first.indexOf('evil'), 'the counters are in the order of `show`');
    check((await page.locator('.grid.keyed .disc').count()) >= 2, 'the slots board shows who stands where');
    check((await page.locator('.grid.keyed .grid-head.row').first().innerText()) === 'Get Food', 'the rows are labelled');
    check((await page.locator('.area-grid .grid.cells').first().locator('.cell.slot').count()) === 20, 'every square of a dungeon is drawn');
    const dig = page.locator('.cell.slot.choosable > .place-btn');
    check((await dig.count()) >= 1, 'no square to dig by a click');
    const other = page.locator('.area-grid .area-zone[data-seat="2"] .cell.slot.choosable');
    check((await other.count()) === 0, "seat 2's squares choose for seat 1");
    await shot('dungeon-lords-dig.png');
    const tunnels = await page.locator('.area-zone[data-seat="1"] .grid.cells .card').count();
    const version = await page.locator('body').getAttribute('data-version');
    await dig.first().click();
    await waitNewVersion(page, version);
    await page.waitForFunction((n) => document.querySelectorAll('.area-zone[data-seat="1"] .grid.cells .card').length > n, tunnels, { timeout: 30000 });
    // A link with ?lang=cs opens in Czech and keeps it in the links it makes.
    await page.goto(base + link + '&lang=cs');
    await page.waitForSelector('.area-counters .seat-box');
    const cs = await page.locator('.area-counters .seat-box').first().innerText();
    check(/jídlo/.test(cs) && /Hráč 1/.test(await page.locator('.game-head').innerText()), `the Czech page reads "${cs}"`);
    check(/lang=cs/.test(await page.locator('a.replay-link').getAttribute('href')), 'the replay link lost ?lang=cs');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('dungeon-lords-cs-phone.png');
  },

  // Thunderstone: the Village's buy piles are buttons; a click buys.
  async 'thunderstone: a Village pile bought by a click'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'thunderstone-dragonspire', seats: ['human', 'greedy'], seed: 5 });
    const link = g.links.seats['1'];
    await driveTo(base, link, (d, st) => {
      const ids = new Set(st.view.zones.filter((z) => z.zone === 'village').flatMap((z) => (z.groups || []).flatMap((x) => x.ids || [])));
      return d.options.some((o) => ids.has(o.entity));
    }, (opts) => opts.find((o) => o.id === 'village') || opts[0]);
    await page.goto(base + link);
    const piles = page.locator('.area .card.group.choosable');
    await piles.first().waitFor();
    check(/×\d+/.test(await piles.first().innerText()), 'a pile shows its count');
    check((await page.locator('.area-counters .seat-box').count()) === 2, 'every player’s XP is placed');
    await shot('thunderstone-village.png');
    const version = await page.locator('body').getAttribute('data-version');
    await piles.first().click();
    await waitNewVersion(page, version);
    check(/buys|kupuje/i.test(await page.locator('.log').innerText()), 'the log tells of no buy');
  },

  // Dungeon Lords' first practice dungeon: a fight played to its end.
  async 'dungeon-lords: a practice fight by clicks'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'dungeon-lords', setup: 'practice-1', seats: ['human'], seed: 4 });
    await page.goto(base + g.links.seats['1']);
    await page.waitForSelector('.decision button.option');
    await shot('dungeon-lords-practice.png');
    // hide_empty: a practice fight has no tavern, and no box is drawn for it.
    check((await page.locator('.area[aria-label^="Tavern"]').count()) === 0, 'an empty tavern is drawn');
    let marked = false; // mark_var: the square being fought is highlighted
    const clicks = await playUntil(page, rng(4), async () => {
      marked = marked || (await page.locator('.area-grid .card.marked').count()) > 0;
      return false;
    });
    check(clicks >= 1, 'the fight asked nothing');
    check(marked, 'the square being fought was never marked');
    await shot('dungeon-lords-practice-over.png');
  },

  // Thunderstone: seat 1's first turn, until the turn passes to the bot.
  async 'thunderstone: a turn by clicks'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'thunderstone-dragonspire', seats: ['human', 'greedy'], seed: 5 });
    await page.goto(base + g.links.seats['1']);
    await page.waitForSelector('.decision button.option');
    await shot('thunderstone-turn.png');
    let passed = false;
    const clicks = await playUntil(page, rng(5), async () => {
      passed = passed || (await page.locator('.log').innerText()).includes('Seat 2');
      return passed;
    }, 200);
    check(clicks >= 1 && passed, `the turn did not pass to seat 2 after ${clicks} clicks`);
  },

  // Dorn: the heroes' player moves a hero.
  async 'dorn: a move by clicks'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'dorn', seats: ['greedy', 'human'], seed: 6 });
    await page.goto(base + g.links.seats['2']);
    await page.waitForSelector('.decision button.option');
    await shot('dorn-start.png');
    // The map's zoom: + widens it (it scrolls sideways), fit brings it back
    // to the area's width, and the zoom outlives a redraw.
    const map = page.locator('.map').first();
    const wide = async () => (await map.boundingBox()).width;
    const before = await wide();
    await page.locator('.map-tools .zoom').nth(1).click();
    check((await wide()) > before * 1.1, 'zooming in did not widen the map');
    await page.locator('.map-tools .zoom').nth(2).click();
    const fit = await wide();
    check(fit <= (await page.locator('.map-scroll').first().boundingBox()).width + 1, 'a fitted map is wider than its area');
    let moved = false;
    await playUntil(page, rng(6), async () => {
      moved = moved || /→/.test(await page.locator('.log').innerText());
      return moved;
    }, 300);
    check(moved, 'no hero moved');
    await shot('dorn-moved.png');
  },
};
