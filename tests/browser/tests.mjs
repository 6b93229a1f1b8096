// The browser tests run.mjs runs, by name. Each gets a fresh page and the
// server's address; games are made through the lobby or the API, then
// played by clicks on the page, as a person plays them.

// A small seeded generator: the same clicks on every run.
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s % n;
  };
}

async function newGame(base, body) {
  const res = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const j = await res.json();
  if (res.status !== 201) throw new Error(`POST /api/games: ${res.status} ${j.error}`);
  return j;
}

function check(ok, what) {
  if (!ok) throw new Error(what);
}

// One choice by clicks: an option button at random (a set: as many as it
// asks for, then the confirm button). Waits until the page has drawn the
// next state, so the next click is never on a stale button.
async function clickAChoice(page, pick) {
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
  await page.waitForFunction((v) => document.body.dataset.version !== v, version, { timeout: 30000 });
  return true;
}

// Clicks choices until `done()` says so or the game is over; returns how many.
async function playUntil(page, pick, done, most = 2000) {
  let clicks = 0;
  while (clicks < most) {
    if (await page.locator('.result').count()) return clicks;
    if (done && (await done())) return clicks;
    await page.waitForSelector('.decision button.option:not([disabled]), .result', { timeout: 30000 });
    if (await page.locator('.result').count()) return clicks;
    if (await clickAChoice(page, pick)) clicks++;
  }
  throw new Error(`still playing after ${most} clicks`);
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

  // Dungeon Lords' first practice dungeon: a fight played to its end.
  async 'dungeon-lords: a practice fight by clicks'({ page, base, shot }) {
    const g = await newGame(base, { pack: 'dungeon-lords', setup: 'practice-1', seats: ['human'], seed: 4 });
    await page.goto(base + g.links.seats['1']);
    await page.waitForSelector('.decision button.option');
    await shot('dungeon-lords-practice.png');
    const clicks = await playUntil(page, rng(4));
    check(clicks >= 1, 'the fight asked nothing');
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
    let moved = false;
    await playUntil(page, rng(6), async () => {
      moved = moved || /→/.test(await page.locator('.log').innerText());
      return moved;
    }, 300);
    check(moved, 'no hero moved');
    await shot('dorn-moved.png');
  },
};
