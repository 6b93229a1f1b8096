// Whole games of the four games by clicks (run.mjs --suite whole): each
// against bots in one language and in hot seat in the other, to the end.
import { newGame, rng, check, playUntil, clickAChoice } from './tests.mjs';

// A hot-seat game to its end: every cover is clicked, every question answered.
async function hotSeat(page, base, body, seed, shot, giveUpAfter) {
  const g = await newGame(base, body);
  await page.goto(base + g.links.table);
  const pick = rng(seed);
  let clicks = 0, covers = 0;
  for (;;) {
    await page.waitForSelector('.handoff button, .decision button.option:not([disabled]), .result', { timeout: 60000 });
    if (await page.locator('.result').count()) break;
    const cover = page.locator('.handoff button');
    if (await cover.count()) {
      if (covers === 1) await shot();
      const v = await page.locator('body').getAttribute('data-version');
      await cover.click();
      await page.waitForFunction((x) => document.body.dataset.version !== x, v, { timeout: 30000 });
      covers++;
      continue;
    }
    if (await clickAChoice(page, pick, clicks >= giveUpAfter)) clicks++;
    check(clicks < 20000, 'still playing after 20000 clicks');
  }
  return { clicks, covers };
}

// Random clicks never win Dorn: from `giveUpAfter` clicks on, the player
// who picks the concession confirms it, and the game ends as Dorn ends one.
function whole(pack, extra, humanSeat, bots, lang, seed, giveUpAfter = Infinity) {
  return async ({ page, base, shot }) => {
    const seats = bots.slice();
    seats.splice(humanSeat - 1, 0, 'human');
    const g = await newGame(base, { pack, ...extra, seats, lang, seed });
    await page.goto(base + g.links.seats[String(humanSeat)]);
    const clicks = await playUntil(page, rng(seed), null, 20000, giveUpAfter);
    await shot(`whole-${pack}-${lang}.png`);
    console.log(`     ${pack} (${lang}) against ${bots.join(', ')}: over after ${clicks} clicks`);
  };
}

function hot(pack, extra, seats, lang, seed, giveUpAfter = Infinity) {
  return async ({ page, base, shot }) => {
    const r = await hotSeat(page, base, { pack, ...extra, seats: Array(seats).fill('human'), lang, seed }, seed,
      () => shot(`hot-${pack}-${lang}.png`), giveUpAfter);
    await shot(`hot-${pack}-${lang}-over.png`);
    console.log(`     ${pack} (${lang}) hot seat, ${seats} people: over after ${r.clicks} clicks and ${r.covers} hand-offs`);
  };
}

export const tests = {
  'dungeon-lords against a bot, en': whole('dungeon-lords', {}, 1, ['greedy'], 'en', 11),
  'dungeon-lords hot seat, cs': hot('dungeon-lords', {}, 2, 'cs', 12),
  'thunderstone against a bot, cs': whole('thunderstone-dragonspire', {}, 1, ['greedy'], 'cs', 13),
  'thunderstone hot seat, en': hot('thunderstone-dragonspire', {}, 2, 'en', 14),
  'dorn: the heroes against the Lord bot, en': whole('dorn', {}, 2, ['greedy'], 'en', 15, 150),
  'dorn hot seat, cs': hot('dorn', {}, 2, 'cs', 16, 150),
  'prophecy with the Water Realm against a bot, cs': whole('prophecy', { with: ['prophecy-water-realm'] }, 1, ['greedy'], 'cs', 17),
  'prophecy hot seat, en': hot('prophecy', {}, 2, 'en', 18),
};
