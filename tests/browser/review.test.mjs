// The review page of `handout mark --report`, tested end to end in a real
// browser (Debian's Chromium driven by playwright-core, as quiz.test.mjs):
// a class printed with the real `handout batch --answer-sheet`, filled and
// scanned by scangen with hard marks (light pencil, half fills, ticks,
// crosses, stray marks; teacher boxes left empty), read by `handout mark`;
// then every flag is decided by keyboard only, the corrections file is
// downloaded, and `handout mark --fix` must give complete results with
// exactly the values typed. A second run starts from that file and
// overrides an answer that was read; the saved file must grow by that line.
//
// Environment (set by tests/CMakeLists.txt):
//   HANDOUT_BINARY      the handout program (default ../../build/handout)
//   HANDOUT_SCANGEN     the scan generator (default: scangen beside handout)
//   HANDOUT_SOURCE_DIR  the source tree (default ../..)
//   HANDOUT_SCREENSHOT_DIR  where review.png (1280 × 800) goes (default: the temporary
//                       folder; docs/images to update the docs'); review-tablet.png
//                       and review-print.png stay in the temporary folder
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  throw new Error('playwright-core is not installed: run `npm ci --prefix tests/browser` (./run-tests does)');
}

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = process.env.HANDOUT_SOURCE_DIR || path.resolve(here, '../..');
const binary = process.env.HANDOUT_BINARY || path.join(sourceDir, 'build/handout');
const scangen = process.env.HANDOUT_SCANGEN || path.join(path.dirname(binary), 'scangen');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'handout-review-'));
const shotDir = process.env.HANDOUT_SCREENSHOT_DIR || tmp;
const worksheet = path.join(sourceDir, 'worksheets', 'forces-and-motion.yaml');
const at = (name) => path.join(tmp, name);

const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

// A name and a scan file name that would run script if they were not escaped.
const HOSTILE_NAME = 'Eve <img src=x onerror="window.pwned=1">';
const HOSTILE_FILE = 'scan<img src=y onerror="window.pwned=2">.png';
const NAMES = ['Ada Lovelace', 'Alan Turing', HOSTILE_NAME, 'Grace Hopper', 'Katherine Johnson'];

let context;
const leaks = [];

/** Runs `handout mark` on the class; returns its exit status. */
function mark(out, extra = []) {
  const r = spawnSync(binary, ['mark', at('scan.pdf'), at(HOSTILE_FILE), '--from', worksheet, '--roster', at('roster.csv'),
    '-o', at(out), ...extra], { encoding: 'utf8' });
  if (r.status !== 0 && r.status !== 4) throw new Error(`handout mark failed (${r.status}): ${r.stderr}`);
  return r.status;
}

/** The cells of CSV `text` (RFC 4180: quoted cells may hold commas and doubled quotes). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; ++i) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; ++i; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; } else if (c !== '\r') cell += c;
  }
  if (cell || row.length) { row.push(cell); rows.push(row); }
  return rows;
}

/** responses.csv as objects. */
function responses(file) {
  const [names, ...rows] = parseCsv(fs.readFileSync(at(file), 'utf8'));
  return rows.map((row) => Object.fromEntries(row.map((v, i) => [names[i], v])));
}

before(async () => {
  fs.writeFileSync(at('roster.csv'), `name\n${NAMES.map((n) => `"${n.replaceAll('"', '""')}"`).join('\n')}\n`);
  execFileSync(binary, ['batch', worksheet, '--roster', at('roster.csv'), '--answer-sheet', '-o', at('class.pdf')],
    { stdio: 'pipe' });
  // Hard marks on half of the answer groups: plenty for a person to decide.
  execFileSync(scangen, [at('scan.pdf'), '--class', at('class.pdf'), '--from', worksheet, '--dpi', '150',
    '--hard', '0.5', '--seed', '5', '--truth', at('truth.csv')], { stdio: 'pipe' });
  // A page that is no sheet of this class, under a hostile file name.
  fs.copyFileSync(path.join(sourceDir, 'docs/images/type-choice.png'), at(HOSTILE_FILE));
  assert.equal(mark('results.csv', ['--report', at('review.html')]), 4, 'the class needs a person');
  // Two more students on question pages, the first one's page 2 (its digit grid, its teacher
  // boxes) unreadable: every question there is for a person, a number typed for the grid.
  fs.writeFileSync(at('roster2.csv'), 'name,seed\nHedy Lamarr,21\nAlan Kay,22\n');
  execFileSync(binary, ['batch', worksheet, '--roster', at('roster2.csv'), '-o', at('class2.pdf')], { stdio: 'pipe' });
  execFileSync(scangen, [at('scan2.pdf'), '--class', at('class2.pdf'), '--from', worksheet, '--dpi', '150',
    '--hard', '0.5', '--seed', '6', '--unreadable', '2'], { stdio: 'pipe' });
  const second = spawnSync(binary, ['mark', at('scan2.pdf'), '--from', worksheet, '--roster', at('roster2.csv'),
    '-o', at('pages-results.csv'), '--report', at('pages.html')]);
  assert.equal(second.status, 4, String(second.stderr));

  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('file:') && !url.startsWith('data:') && !url.startsWith('blob:')) leaks.push(url);
  });
});

after(async () => {
  await context?.close();
  assert.deepEqual(leaks, [], 'no request may leave the page');
});

async function open(file, viewport = { width: 1280, height: 800 }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  page.errors = errors;
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  await page.goto(pathToFileURL(at(file)).href);
  await page.waitForSelector('html[data-ready="true"]');
  return page;
}

/** The page's data, and for each flagged item its sheet code and question. */
async function flagged(page) {
  return page.evaluate(() => {
    const data = JSON.parse(document.getElementById('review-data').textContent);
    return [...document.querySelectorAll('#flags > .item')].map((el) => {
      const sheet = data.sheets[Number(el.dataset.s)];
      return { sheet: sheet.code, name: sheet.name, ...sheet.questions[Number(el.dataset.q)] };
    });
  });
}

/** The focused item's sheet code and question number. */
async function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement.closest('.item[data-s]');
    if (!el) return null;
    const data = JSON.parse(document.getElementById('review-data').textContent);
    const sheet = data.sheets[Number(el.dataset.s)];
    return `${sheet.code},${sheet.questions[Number(el.dataset.q)].q}`;
  });
}

/** What to answer to flagged item `i` of question `q`, and the keys that type it. */
function answerFor(q, i) {
  if (i % 7 === 3) return { value: '', keys: ['Space'] };  // no answer
  const chars = (text) => [...text];
  switch (q.type) {
    case 'choice':
    case 'truefalse': {
      const v = q.choices[i % q.choices.length];
      return { value: v, keys: [v.toLowerCase()] };
    }
    case 'multi': {
      const v = q.choices.filter((_, k) => (k + i) % 2 === 0);
      return { value: v.join(';'), keys: [...v].reverse() };  // the order typed does not matter
    }
    case 'match':
    case 'order': {
      // Row r takes choice (r + i) mod n; the last row is left blank with "-".
      const v = q.rows.map((_, r) => (r === q.rows.length - 1 ? '-' : q.choices[(r + i) % q.choices.length]));
      return { value: v.join(';'), keys: v };
    }
    default:
      if (q.choices.length) {  // a teacher box: a half point, or the full points
        const v = i % 2 ? q.choices[q.choices.length - 1] : '0.5';
        return { value: v, keys: chars(v) };
      }
      return { value: '-2.5', keys: chars('-2.5') };  // a digit grid
  }
}

async function download(page) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Control+s')]);
  assert.equal(file.suggestedFilename(), 'corrections.csv');
  const saved = at(`corrections-${Date.now()}.csv`);
  await file.saveAs(saved);
  return saved;
}

/** Decides every flagged item of `page` by keyboard only, in page order; returns the
 *  value typed for each ("sheet,question" → marked). */
async function decideEveryFlag(page, items) {
  await page.keyboard.press('j');  // from nowhere to the first item
  const expected = new Map();
  for (let i = 0; i < items.length; ++i) {
    const q = items[i];
    assert.equal(await focused(page), `${q.sheet},${q.q}`, `item ${i} has the focus`);
    const { value, keys } = answerFor(q, i);
    for (const key of keys) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    expected.set(`${q.sheet},${q.q}`, value);
    if (i === 1) {
      // Backspace takes a decision back; deciding again keeps the new one.
      await page.keyboard.press('k');
      await page.keyboard.press('Backspace');
      assert.match(await page.locator('#progress').textContent(), /^1 of /);
      for (const key of keys) await page.keyboard.press(key);
      await page.keyboard.press('Enter');  // and on to the next one still undecided
    }
    if (i === 2) {
      // Delete undoes a decision too; the arrows move like j and k.
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Delete');
      assert.match(await page.locator('#progress').textContent(), /^2 of /);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      assert.equal(await focused(page), `${q.sheet},${q.q}`);
      for (const key of keys) await page.keyboard.press(key);
      await page.keyboard.press('Enter');
    }
  }
  assert.match(await page.locator('#progress').textContent(), new RegExp(`^${items.length} of ${items.length} decided`));

  assert.match(await page.locator('#progress').textContent(), new RegExp(`^${items.length} of ${items.length} decided`));
  return expected;
}

/** Each value decided reads back from `responses` as typed, and is scored. */
function assertAsTyped(expected, file) {
  const rows = responses(file);
  for (const [where, value] of expected) {
    const [sheet, question] = where.split(',');
    const row = rows.find((r) => r.sheet === sheet && r.question === question);
    assert.equal(row.marked, value, `${where} reads as typed`);
    assert.notEqual(row.points, '', `${where} is scored`);
  }
}

test('every flag is decided by keyboard, saved, and --fix completes the results with the values typed', async () => {
  const page = await open('review.html');
  const items = await flagged(page);
  const kinds = new Set(items.map((q) => q.type));
  assert.ok(items.length >= 10, `only ${items.length} flags`);
  for (const kind of ['choice', 'multi', 'match', 'order', 'short']) assert.ok(kinds.has(kind), `no ${kind} flagged`);
  assert.match(await page.locator('#progress').textContent(), new RegExp(`^0 of ${items.length} decided`));

  const expected = await decideEveryFlag(page, items);

  // A reload keeps the decisions (localStorage, keyed by the run).
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
  assert.match(await page.locator('#progress').textContent(), new RegExp(`^${items.length} of ${items.length} decided`));

  const saved = await download(page);
  const lines = fs.readFileSync(saved, 'utf8').trimEnd().split('\n');
  assert.equal(lines[0], 'sheet,question,marked');
  assert.deepEqual(new Map(lines.slice(1).map((l) => [l.split(',').slice(0, 2).join(','), l.split(',')[2]])), expected);
  fs.copyFileSync(saved, at('corrections.csv'));

  // Copy all puts the same text on the clipboard.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.locator('#copy').click();
  await page.waitForFunction(() => /copied/.test(document.getElementById('saved').textContent));
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), fs.readFileSync(saved, 'utf8'));
  assert.deepEqual(page.errors, []);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.close();

  // The corrections settle every question: exit 0 (the stray page aside, which is scanned
  // apart), no `?` in results.csv, and each answer as typed.
  const status = spawnSync(binary, ['mark', at('scan.pdf'), '--from', worksheet, '--roster', at('roster.csv'),
    '-o', at('fixed-results.csv'), '--fix', at('corrections.csv'), '--report', at('fixed.html')]).status;
  assert.equal(status, 0);
  assert.doesNotMatch(fs.readFileSync(at('fixed-results.csv'), 'utf8'), /\?/);
  assertAsTyped(expected, 'fixed-responses.csv');
});

test('an unreadable page leaves every question on it to a person; numbers and points are typed', async () => {
  const page = await open('pages.html');
  const items = await flagged(page);
  const kinds = new Set(items.map((q) => q.type));
  for (const kind of ['numeric', 'match', 'order', 'short']) assert.ok(kinds.has(kind), `no ${kind} flagged`);
  assert.ok(items.some((q) => q.type === 'numeric' && !q.choices.length), 'a digit grid: a number is typed');
  const expected = await decideEveryFlag(page, items);
  const saved = await download(page);
  assert.deepEqual(page.errors, []);
  await page.close();
  const r = spawnSync(binary, ['mark', at('scan2.pdf'), '--from', worksheet, '--roster', at('roster2.csv'),
    '-o', at('pages-fixed-results.csv'), '--fix', saved], { encoding: 'utf8' });
  assert.equal(r.status, 4, 'the unreadable page itself still needs a person');
  assert.doesNotMatch(r.stderr, /answers? needs? a person/);
  assert.doesNotMatch(fs.readFileSync(at('pages-fixed-results.csv'), 'utf8'), /\?/);
  assertAsTyped(expected, 'pages-fixed-responses.csv');
});

test('a run given corrections starts from them, and an answer read can be overridden', async (t) => {
  if (!fs.existsSync(at('corrections.csv'))) {
    t.skip('needs the first test');
    return;
  }
  const page = await open('fixed.html');
  const before = fs.readFileSync(at('corrections.csv'), 'utf8').trimEnd().split('\n');
  assert.match(await page.locator('#progress').textContent(), new RegExp(`${before.length - 1} other corrections kept`));

  // Find a sheet by its student's surname, open it, and answer a choice question read
  // (not corrected) otherwise.
  const data = await page.evaluate(() => JSON.parse(document.getElementById('review-data').textContent));
  const sheet = data.sheets.find((s) => s.name !== HOSTILE_NAME &&
    s.questions.some((q) => q.type === 'choice' && !q.fixed));
  assert.ok(sheet, 'a sheet with a choice question read');
  const index = sheet.questions.findIndex((q) => q.type === 'choice' && !q.fixed);
  const q = sheet.questions[index];
  const other = q.choices.find((c) => c !== q.read);
  await page.locator('#find').focus();
  await page.keyboard.type(sheet.name.split(' ').pop().toLowerCase());
  await page.keyboard.press('Enter');
  for (let k = 0; k < index; ++k) await page.keyboard.press('j');
  assert.equal(await focused(page), `${sheet.code},${q.q}`);
  await page.keyboard.press(other.toLowerCase());
  await page.keyboard.press('Enter');

  const saved = await download(page);
  const after = fs.readFileSync(saved, 'utf8').trimEnd().split('\n');
  assert.deepEqual(after, [...before, `${sheet.code},${q.q},${other}`], 'the file keeps growing');
  assert.deepEqual(page.errors, []);
  await page.close();

  const status = spawnSync(binary, ['mark', at('scan.pdf'), '--from', worksheet, '--roster', at('roster.csv'),
    '-o', at('again-results.csv'), '--fix', saved]).status;
  assert.equal(status, 0);
  const row = responses('again-responses.csv').find((r) => r.sheet === sheet.code && r.question === String(q.q));
  assert.equal(row.marked, other);
});

test('what comes from scans and rosters is shown as text, never run', async () => {
  const page = await open('review.html');
  assert.ok(await page.getByText(HOSTILE_FILE, { exact: false }).count() > 0, 'the file name shows as written');
  await page.locator('#find').fill('eve');
  await page.locator('#sheets details:visible summary').first().click();
  assert.ok(await page.locator('#sheets').getByText(HOSTILE_NAME, { exact: false }).count() > 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.equal(await page.locator('img[src="x"]').count(), 0);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the page reads at laptop and tablet widths and in print', async () => {
  for (const [name, viewport] of [['laptop', { width: 1280, height: 800 }], ['tablet', { width: 820, height: 1180 }]]) {
    const page = await open('review.html', viewport);
    // From a fresh start: the first answer decided, the second being chosen.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForSelector('html[data-ready="true"]');
    const items = await flagged(page);
    await page.keyboard.press('j');
    for (const key of answerFor(items[0], 0).keys) await page.keyboard.press(key);
    await page.keyboard.press('Enter');
    await page.keyboard.press(answerFor(items[1], 1).keys[0]);
    assert.match(await page.locator('#progress').textContent(), new RegExp(`^1 of ${items.length} decided`));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= viewport.width, `${name}: no sideways scrolling (${width} px)`);
    const crop = await page.locator('#flags .item img').first().boundingBox();
    assert.ok(crop && crop.width > 100, `${name}: the crop is shown`);
    const focus = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(focus, 'none', `${name}: the focus shows`);
    if (name === 'tablet') {  // by touch: one tap on an answer decides it
      await page.locator('#flags > .item').nth(2).getByRole('button', { name: 'no answer' }).click();
      assert.match(await page.locator('#progress').textContent(), new RegExp(`^2 of ${items.length} decided`));
    }
    await page.evaluate(() => document.getElementById('flags').scrollIntoView());
    await page.evaluate(() => window.scrollBy(0, -120));
    // The laptop picture is the one docs/marking.md and the README show.
    await page.screenshot({ path: name === 'laptop' ? path.join(shotDir, 'review.png') : at(`review-${name}.png`) });
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  const page = await open('review.html');
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('#toolbar').isVisible(), false, 'no buttons on paper');
  assert.equal(await page.locator('#flags .item button').first().isVisible(), false, 'no buttons on paper');
  assert.equal(await page.locator('#flags .item img').first().isVisible(), true);
  await page.screenshot({ path: at('review-print.png') });
  await page.close();
});

test('axe-core: no violation on the review page, flags and an open sheet, laptop and tablet', async () => {
  const axe = fs.readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');
  for (const viewport of [{ width: 1280, height: 800 }, { width: 820, height: 1180 }]) {
    const page = await open('review.html', viewport);
    await page.locator('#sheets details summary').first().click();
    await page.keyboard.press('j');
    await page.evaluate(axe);
    const result = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
    const found = result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
    assert.deepEqual(found, [], `${viewport.width}px`);
    await page.close();
  }
});
