// Tabula's browser tests (docs/web.md): playwright-core driving Debian's
// chromium, headless, against a real `tabula serve` on a free port with a
// fresh data folder. Every test plays by clicks, as a person would.
//
//   node tests/browser/run.mjs build/tools/tabula [--shots DIR] [--only WORD] [--suite whole]
//
// The default suite (tests.mjs) is CI's; `--suite whole` (whole_games.mjs)
// plays whole games of the four games by clicks, against bots and in hot
// seat, in English and Czech: minutes, for a release or a change of the page.
//
// Exits 77 (ctest's "skipped") when chromium or playwright-core is missing,
// saying how to install them; 1 when a test fails; 0 when all pass.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const tabula = args[0];
const option = (name) => { const i = args.indexOf(name); return i > 0 ? args[i + 1] : undefined; };
const shots = option('--shots') || join(here, '..', '..', 'build', 'browser-shots');
const only = option('--only');
const { tests } = await import(option('--suite') === 'whole' ? './whole_games.mjs' : './tests.mjs');

if (!tabula || !existsSync(tabula)) {
  console.error('usage: node tests/browser/run.mjs PATH/TO/tabula [--shots DIR] [--only WORD]');
  process.exit(2);
}
const chromium = process.env.CHROMIUM || '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`browser tests skipped: no Chromium at ${chromium} (apt-get install chromium, or set CHROMIUM)`);
  process.exit(77);
}
let playwright;
try {
  playwright = await import('playwright-core');
} catch {
  console.log('browser tests skipped: playwright-core is not installed (npm ci --prefix tests/browser)');
  process.exit(77);
}

// `tabula serve` on a free port; resolves to { base, stop } once it listens.
function serve(data) {
  return new Promise((resolve, reject) => {
    // TABULA_WEB=web/ tries a changed page without building it in.
    const web = process.env.TABULA_WEB ? ['--web', process.env.TABULA_WEB] : [];
    const child = spawn(tabula, ['serve', '--port', '0', '--data', data, ...web], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/[0-9.]+:\d+/);
      if (m) resolve({ base: m[0], child, stop: () => new Promise((done) => { child.once('exit', done); child.kill('SIGTERM'); }) });
    });
    child.once('exit', (code) => reject(new Error(`tabula serve exited (${code}) before it listened: ${err || out}`)));
  });
}

const data = mkdtempSync(join(tmpdir(), 'tabula-browser-'));
mkdirSync(shots, { recursive: true });
const server = await serve(data);
const browser = await playwright.chromium.launch({ executablePath: chromium, args: ['--no-sandbox', '--disable-gpu'] });
let failed = 0, ran = 0;
try {
  for (const [name, test] of Object.entries(tests)) {
    if (only && !name.includes(only)) continue;
    ran++;
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    const problems = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && !/403|409/.test(m.text())) problems.push(`console: ${m.text()}`); });
    const started = Date.now();
    try {
      await test({ page, context, base: server.base, shot: (file) => page.screenshot({ path: join(shots, file), fullPage: true }) });
      if (problems.length) throw new Error(problems.join('\n'));
      console.log(`ok   ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    } catch (e) {
      failed++;
      console.log(`FAIL ${name}: ${e.message}`);
      await page.screenshot({ path: join(shots, `failed-${name.replace(/[^a-z0-9]+/gi, '-')}.png`), fullPage: true }).catch(() => {});
    }
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(data, { recursive: true, force: true });
}
console.log(`${ran - failed} of ${ran} browser tests passed; screenshots in ${shots}`);
process.exit(failed ? 1 : 0);
