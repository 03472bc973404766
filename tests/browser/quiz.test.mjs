// The quiz page of `handout html`, tested in a real browser: Debian's Chromium
// driven by playwright-core. Generates pages with the real `handout` binary,
// opens them from file:// URLs, and answers every question type right and
// wrong, by mouse and by keyboard, at phone and laptop widths, in light and
// dark colour schemes, and runs axe-core on every shipped worksheet's quiz.
//
// Environment (set by tests/CMakeLists.txt):
//   HANDOUT_BINARY      the handout program (default ../../build/handout)
//   HANDOUT_SOURCE_DIR  the source tree (default ../..)
//   HANDOUT_SCREENSHOT_DIR  where quiz-phone.png and quiz-laptop.png go
//                       (default: the temporary folder; docs/images to update the README's),
//                       and their -dark twins
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// playwright-core comes from tests/browser/package-lock.json (`npm ci --prefix tests/browser`).
let chromium;
try {
  ({ chromium } = await import('playwright-core'));
} catch {
  throw new Error('playwright-core is not installed: run `npm ci --prefix tests/browser` (./run-tests does)');
}

const here = path.dirname(fileURLToPath(import.meta.url));
const sourceDir = process.env.HANDOUT_SOURCE_DIR || path.resolve(here, '../..');
const binary = process.env.HANDOUT_BINARY || path.join(sourceDir, 'build/handout');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'handout-quiz-'));
const shotDir = process.env.HANDOUT_SCREENSHOT_DIR || tmp;

// Chromium as this machine needs it: no sandbox (root), no background
// network traffic of its own, a fresh profile.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let context;
const leaks = [];  // every request for something other than file: or data:

/** Writes the quiz of `worksheet` (a shipped worksheet's name, or a path
 *  in the source tree ending in .yaml) for `seed`; returns its file:// URL. */
function quiz(worksheet, seed) {
  const file = worksheet.endsWith('.yaml') ? path.join(sourceDir, worksheet)
    : path.join(sourceDir, 'worksheets', `${worksheet}.yaml`);
  const out = path.join(tmp, `${path.basename(worksheet, '.yaml')}-s${seed}.html`);
  if (!fs.existsSync(out)) {
    execFileSync(binary, ['html', file, '--seed', String(seed), '-o', out], { stdio: 'pipe' });
  }
  return pathToFileURL(out).href;
}

/** Opens the quiz of `worksheet` for `seed` with nothing stored from earlier
 *  tests (unless `keep`); `hash` is put after `#` in the address. */
async function open(worksheet, seed, viewport = { width: 1280, height: 900 }, { hash = '', keep = false } = {}) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  // No smooth scrolling: a click may otherwise land while the page still moves.
  await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
  const url = quiz(worksheet, seed) + (hash ? `#${hash}` : '');
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
  if (!keep && await page.evaluate(() => localStorage.length > 0)) {
    await page.evaluate(() => localStorage.clear());
    await page.goto('about:blank');
    await page.goto(url);
    await page.waitForSelector('html[data-ready="true"]');
  }
  return page;
}

/** Reloads a page and waits until its script has run. */
async function reload(page) {
  await page.reload();
  await page.waitForSelector('html[data-ready="true"]');
}

before(async () => {
  const profile = fs.mkdtempSync(path.join(tmp, 'profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, viewport: { width: 1280, height: 900 },
  });
  context.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith('file:') && !url.startsWith('data:')) leaks.push(url);
  });
});

after(async () => {
  await context?.close();
  assert.deepEqual(leaks, [], 'no request may leave the page');
});

// ---- Finding questions and answering them ---------------------------------

/** The form of the question whose legend contains `text` (or of `type`). */
function question(page, text, type) {
  if (type) return page.locator(`form.q[data-type="${type}"]`);
  return page.locator('form.q', { has: page.locator('legend', { hasText: text }) });
}

async function score(page) {
  return page.locator('#score').textContent();
}

async function feedback(form) {
  return (await form.locator('.feedback').innerText()).replace(/\s+/g, ' ').trim();
}

async function locked(form) {
  return form.locator('fieldset').evaluate((f) => f.disabled);
}

/** Picks the option of a <select> whose text ends with `suffix`. */
async function chooseEnding(select, suffix) {
  const value = await select.evaluate((s, end) =>
    [...s.options].find((o) => o.textContent.endsWith(end))?.value, suffix);
  assert.notEqual(value, undefined, `no option ending in ${suffix}`);
  await select.selectOption({ value });
}

// The answers of worksheets/forces-and-motion.yaml, by question, as actions
// that work on any seed (options are found by their text, not their letter).
const FORCES = {
  unit: { prompt: 'Which unit is force measured in?' },
  box: { prompt: 'What happens to the box?' },
  multi: { prompt: 'Which of these are' },
  tf: { prompt: 'In a vacuum' },
  numeric: { prompt: 'A trolley travels 12 m' },
  match: { prompt: 'Match each quantity' },
  order: { prompt: 'Put the steps' },
  short: { prompt: 'A ball rolling on grass' },
};
const ORDER = ['Mark the start and finish lines', 'Measure the distance between them',
  'Time the trolley between the lines', 'Divide the distance by the time'];
const MATCH = [['Force', 'newton'], ['Mass', 'kilogram'], ['Speed', 'metres per second'], ['Time', 'second']];

async function answerForces(page, right) {
  const results = {};
  const q = (key) => question(page, FORCES[key].prompt);

  await q('unit').getByRole('button', { name: right ? 'newton' : 'joule' }).click();
  await q('box').getByRole('button', { name: right ? 'It speeds up to the right' : 'It stays still' }).click();

  const multi = q('multi');
  for (const name of right ? ['gravity', 'friction', 'tension'] : ['gravity', 'mass']) {
    await multi.getByRole('checkbox', { name }).check();
  }
  await multi.getByRole('button', { name: 'Check' }).click();

  await q('tf').getByRole('button', { name: right ? 'False' : 'True' }).click();

  // Case and surrounding spaces do not count; the words do.
  const fill = question(page, null, 'fill');
  const words = right ? ['Pull', '  newtons ', 'FORCE METER'] : ['push', 'newtons', 'force meter'];
  for (let i = 0; i < 3; ++i) await fill.getByRole('textbox', { name: `Gap ${i + 1}` }).fill(words[i]);
  await fill.getByRole('button', { name: 'Check' }).click();

  const numeric = q('numeric');
  await numeric.getByRole('textbox', { name: 'Your answer' }).fill(right ? '3.0' : '4');
  await numeric.getByRole('button', { name: 'Check' }).click();

  const match = q('match');
  for (let i = 0; i < MATCH.length; ++i) {
    const unit = right ? MATCH[i][1] : MATCH[(i + 1) % MATCH.length][1];
    await chooseEnding(match.getByRole('combobox', { name: `${i + 1}. ${MATCH[i][0]}` }), `· ${unit}`);
  }
  await match.getByRole('button', { name: 'Check' }).click();

  const order = q('order');
  for (let i = 0; i < ORDER.length; ++i) {
    const position = right ? i + 1 : ORDER.length - i;
    await order.getByRole('combobox', { name: ORDER[i] }).selectOption({ value: String(position - 1) });
  }
  await order.getByRole('button', { name: 'Check' }).click();

  const short = q('short');
  await short.getByRole('textbox', { name: 'Your answer' }).fill('Friction slows it down.');
  await short.getByRole('button', { name: 'Show model answer' }).click();
  assert.match(await short.locator('.model').textContent(), /Friction from the grass acts against the motion/);
  await short.getByRole('button', { name: right ? 'I got it right' : 'I got it wrong' }).click();

  for (const key of Object.keys(FORCES)) results[key] = await feedback(q(key));
  results.fill = await feedback(fill);
  return results;
}

/** WCAG contrast of two CSS rgb()/rgba() colours. */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** The contrast of the focused element's outline against the page. */
async function focusContrast(page) {
  const [outline, paper] = await page.evaluate(() => [getComputedStyle(document.activeElement).outlineColor,
    getComputedStyle(document.body).backgroundColor]);
  return contrast(outline, paper);
}

/** Answers every question of any worksheet, some right and some wrong: the
 *  first option, the first tick box, `x` in every gap, 1 for a number, the
 *  letters and positions in the order shown, the model answer marked right. */
async function answerAll(page) {
  for (const form of await page.locator('form.q').all()) {
    const type = await form.getAttribute('data-type');
    if (type === 'choice' || type === 'truefalse') {
      await form.locator('.option').first().click();
      continue;
    }
    if (type === 'short') {
      await form.locator('textarea').fill('My answer.');
      await form.getByRole('button', { name: 'Show model answer' }).click();
      await form.getByRole('button', { name: 'I got it right' }).click();
      continue;
    }
    if (type === 'multi') await form.getByRole('checkbox').first().check();
    if (type === 'fill') for (const gap of await form.getByRole('textbox').all()) await gap.fill('x');
    if (type === 'numeric') await form.getByRole('textbox').fill('1');
    if (type === 'match' || type === 'order') {
      const selects = await form.locator('select').all();
      for (let i = 0; i < selects.length; ++i) await selects[i].selectOption({ index: i + 1 });
    }
    await form.getByRole('button', { name: 'Check' }).click();
  }
}

// ---- Tests ------------------------------------------------------------------

test('every question type answered right: feedback, explanation, locking and full score', async () => {
  const page = await open('forces-and-motion', 3);
  assert.equal(await score(page), 'Score: 0 of 9 points · 0 of 9 answered');
  const fb = await answerForces(page, true);
  assert.match(fb.unit, /^✓ Right: \+1 point\. Correct answer: [A-D] · newton Force is measured in newtons/);
  assert.match(fb.box, /✓ Right.*It speeds up to the right.*resultant is 6 N/);
  assert.match(fb.multi, /✓ Right.*[A-E], [A-E], [A-E] · .*Mass and speed are not pushes or pulls/);
  assert.match(fb.tf, /✓ Right.*Correct answer: False Without air resistance/);
  // The explanation (`explain`) is shown to the student after answering.
  assert.match(fb.unit, /named after Isaac Newton/);
  assert.match(fb.fill, /✓ Right.*\(1\) pull \(2\) newtons \(3\) force meter.*newton meters/);
  assert.match(fb.numeric, /✓ Right.*Correct answer: 3 m\/s 12 m ÷ 4 s = 3 m\/s/);
  assert.match(fb.match, /✓ Right.*1 → [A-D], 2 → [A-D], 3 → [A-D], 4 → [A-D].*SI units/);
  assert.match(fb.order, /✓ Right.*Mark the start and finish lines.*Measure the distance/);
  assert.match(fb.short, /✓ You marked this right: \+1 point\. Accept any answer naming friction/);
  assert.equal(await score(page), 'Score: 9 of 9 points · 9 of 9 answered');

  // Every question is locked: its controls are disabled, and clicking changes nothing.
  for (const form of await page.locator('form.q').all()) assert.equal(await locked(form), true);
  await question(page, FORCES.unit.prompt).getByRole('button', { name: 'joule' }).click({ force: true });
  assert.equal(await score(page), 'Score: 9 of 9 points · 9 of 9 answered');

  const summary = page.locator('#summary');
  assert.match(await summary.textContent(), /You scored 9 of 9 points \(100%\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every question type answered wrong: shows the correct answer and the explanation', async () => {
  const page = await open('forces-and-motion', 3);
  const fb = await answerForces(page, false);
  const unitLetter = await question(page, FORCES.unit.prompt).locator('.option.is-right .letter').textContent();
  assert.match(fb.unit, new RegExp(`^✗ Not quite\\. Correct answer: ${unitLetter} · newton Force is measured`));
  assert.match(fb.box, /✗ Not quite.*It speeds up to the right/);
  assert.match(fb.multi, /✗ Not quite.*· .*(gravity|friction|tension)/);
  assert.match(fb.tf, /✗ Not quite\. Correct answer: False/);
  assert.match(fb.fill, /✗ Not quite.*\(1\) pull/);
  assert.match(fb.numeric, /✗ Not quite\. Correct answer: 3 m\/s/);
  assert.match(fb.match, /✗ Not quite.*1 → [A-D]/);
  assert.match(fb.order, /✗ Not quite.*Mark the start and finish lines/);
  assert.match(fb.short, /✗ You marked this wrong\./);
  assert.equal(await score(page), 'Score: 0 of 9 points · 9 of 9 answered');
  // The wrong choice and the right one are both marked, in words and not only colour.
  const unit = question(page, FORCES.unit.prompt);
  assert.match(await unit.locator('.option.is-wrong').textContent(), /joule.*Your answer ✗/);
  assert.match(await unit.locator('.option.is-right').textContent(), /newton.*Correct ✓/);
  // Gaps: each marked; "push" is wrong but "newtons" right.
  const gaps = question(page, null, 'fill').locator('input');
  assert.deepEqual(await gaps.evaluateAll((l) => l.map((i) => i.className)), ['is-wrong', 'is-right', 'is-right']);
  assert.match(await page.locator('#summary').textContent(), /You scored 0 of 9 points \(0%\)/);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('incomplete answers get a hint and do not lock the question', async () => {
  const page = await open('forces-and-motion', 3);
  const numeric = question(page, FORCES.numeric.prompt);
  await numeric.getByRole('textbox', { name: 'Your answer' }).fill('three');
  await numeric.getByRole('button', { name: 'Check' }).click();
  assert.equal(await feedback(numeric), 'Type a number, like 3, 2.5, 70000 or 3e8.');
  assert.equal(await locked(numeric), false);
  await numeric.getByRole('textbox', { name: 'Your answer' }).fill('3,141');  // thousands or decimals?
  await numeric.getByRole('button', { name: 'Check' }).click();
  assert.equal(await feedback(numeric), '3,141 could be 3141 or 3.141: type 3141 or 3.141.');
  assert.equal(await locked(numeric), false);
  await numeric.getByRole('textbox', { name: 'Your answer' }).fill('3,0');  // a decimal comma is fine
  await numeric.getByRole('button', { name: 'Check' }).click();
  assert.match(await feedback(numeric), /^✓ Right/);

  const match = question(page, FORCES.match.prompt);
  await match.getByRole('button', { name: 'Check' }).click();
  assert.equal(await feedback(match), 'Choose a letter for every item first.');
  const multi = question(page, FORCES.multi.prompt);
  await multi.getByRole('button', { name: 'Check' }).click();
  assert.equal(await feedback(multi), 'Tick at least one option first.');
  assert.equal(await score(page), 'Score: 1 of 9 points · 1 of 9 answered');
  await page.close();
});

test('keyboard only: Tab, Space and Enter answer questions; focus is visible and follows feedback', async () => {
  const page = await open('forces-and-motion', 3);
  const focused = () => page.evaluate(() => {
    const a = document.activeElement;
    return { tag: a.tagName, text: a.textContent.trim(), cls: a.className, outline: getComputedStyle(a).outlineStyle };
  });
  // The first Tab reaches the skip link, which jumps to the questions.
  await page.keyboard.press('Tab');
  assert.equal((await focused()).text, 'Skip to the questions');
  // Tab to the first question (true/false in seed 3), answer with Space.
  await page.keyboard.press('Tab');
  let f = await focused();
  const inQuestion = () => page.evaluate(() => !!document.activeElement.closest('form.q'));
  while (!await inQuestion()) { await page.keyboard.press('Tab'); f = await focused(); }
  assert.equal(f.text, 'True');
  assert.notEqual(f.outline, 'none', 'focus must be visible');
  await page.keyboard.press('Tab');
  assert.equal((await focused()).text, 'False');
  // The focus ring is at least 3:1 against the page behind it.
  assert.ok(await focusContrast(page) >= 3, `focus ring contrast ${await focusContrast(page)}`);
  await page.keyboard.press('Space');
  f = await focused();
  assert.match(f.cls, /feedback right/, 'focus moves to the feedback');
  assert.match(f.text, /✓ Right/);

  // Next: the fill question: Tab into gap 1, type, Tab on, Enter submits.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Gap 1');
  await page.keyboard.type('pull');
  await page.keyboard.press('Tab');
  await page.keyboard.type('newtons');
  await page.keyboard.press('Tab');
  await page.keyboard.type('force meter');
  await page.keyboard.press('Enter');
  assert.match((await focused()).text, /✓ Right.*\(3\) force meter/);

  // Then the choice with the picture: Tab to the right option, Enter.
  const box = question(page, FORCES.box.prompt);
  const rightIndex = await box.locator('.option').evaluateAll((l) =>
    l.findIndex((b) => b.textContent.includes('It speeds up to the right')));
  for (let i = 0; i <= rightIndex; ++i) await page.keyboard.press('Tab');
  assert.match((await focused()).text, /It speeds up to the right/);
  await page.keyboard.press('Enter');
  assert.match((await focused()).text, /✓ Right/);

  // Then the multi question: Space ticks, Tab reaches Check, Enter checks.
  const labels = await question(page, FORCES.multi.prompt).locator('.option').allTextContents();
  for (const label of labels) {
    await page.keyboard.press('Tab');
    if (/gravity|friction|tension/.test(label)) await page.keyboard.press('Space');
  }
  await page.keyboard.press('Tab');
  assert.equal((await focused()).text, 'Check');
  await page.keyboard.press('Enter');
  assert.match((await focused()).text, /✓ Right/);
  assert.equal(await score(page), 'Score: 4 of 9 points · 4 of 9 answered');
  await page.close();
});

test('a 360 px wide phone screen never scrolls sideways', async () => {
  for (const [worksheet, seed] of [['forces-and-motion', 3], ['parallelism-quiz', 1]]) {
    const page = await open(worksheet, seed, { width: 360, height: 780 });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.equal(await overflow(), 0, `${worksheet} before answering`);
    if (worksheet === 'forces-and-motion') await answerForces(page, false);
    assert.equal(await overflow(), 0, `${worksheet} after answering`);
    await page.close();
  }
});

test('the page shows the same variant as handout html for the same seed after Try again', async () => {
  // The order and letters the browser's port of the shuffle gives for a seed
  // must equal the C++ shuffle's: compare every printed list.
  const shown = (page) => page.evaluate(() => [...document.querySelectorAll('form.q')].map((f) => ({
    prompt: f.querySelector('legend').textContent,
    lists: [...f.querySelectorAll('.option, .bank li, ol.lettered li, .rows label')]
      .map((n) => n.textContent),
  })));
  for (const worksheet of ['forces-and-motion', 'parallelism-quiz']) {
    const page = await open(worksheet, 1);
    for (const seed of [2, 3, 77, 4000000000]) {
      await page.evaluate((s) => window.handoutQuiz.restart(s), seed);
      const reference = await open(worksheet, seed);
      assert.deepEqual(await shown(page), await shown(reference), `${worksheet} seed ${seed}`);
      assert.equal(await page.locator('#sheet-code').textContent(),
        await reference.locator('#sheet-code').textContent());
      await reference.close();
    }
    await page.close();
  }
});

test('Try again reshuffles to a new seed, resets the score and still marks answers right', async () => {
  const page = await open('parallelism-quiz', 1);
  const code = await page.locator('#sheet-code').textContent();
  assert.match(code, /^W3-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{9}-1-[0-9A-HJKMNP-TV-Z*~$=U]$/);
  // Answer all eight with the first option: the score is whatever it is.
  for (const form of await page.locator('form.q').all()) await form.locator('.option').first().click();
  assert.match(await page.locator('#summary').textContent(), /You scored \d of 8 points/);
  const before = await page.locator('legend').allTextContents();
  await page.getByRole('button', { name: 'Try again' }).click();
  const next = await page.locator('#sheet-code').textContent();
  assert.notEqual(next, code);
  assert.equal(next.slice(0, 16), code.slice(0, 16), 'the fingerprint stays');
  assert.equal(await score(page), 'Score: 0 of 8 points · 0 of 8 answered');
  assert.equal(await page.locator('#summary').isHidden(), true);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'title');
  assert.notDeepEqual(await page.locator('legend').allTextContents(), before);
  await page.close();

  // After a reshuffle, the right answers (found by text) still score fully.
  const forces = await open('forces-and-motion', 3);
  await forces.evaluate(() => window.handoutQuiz.restart(123456));
  assert.match(await forces.locator('#sheet-code').textContent(), /-123456-[0-9A-HJKMNP-TV-Z*~$=U]$/);
  await answerForces(forces, true);
  assert.equal(await score(forces), 'Score: 9 of 9 points · 9 of 9 answered');
  assert.deepEqual(forces.errors, []);
  await forces.close();
});

test('the port of the PRNG gives the published SplitMix64 outputs', async () => {
  const page = await open('parallelism-quiz', 1);
  const values = await page.evaluate(() => {
    const rng = new window.handoutQuiz.SplitMix64(0);
    return [rng.next(), rng.next(), rng.next()].map((v) => v.toString(16).toUpperCase().padStart(16, '0'));
  });
  assert.deepEqual(values, ['E220A8397B1DCDAF', '6E789E6AA1B965F4', '06C45D188009454F']);
  await page.close();
});

test('printing hides the buttons and the score bar; reduced motion turns smooth scrolling off', async () => {
  const page = await open('forces-and-motion', 3);
  await page.emulateMedia({ media: 'print' });
  assert.equal(await page.locator('#scorebar').isHidden(), true);
  assert.equal(await question(page, FORCES.multi.prompt).getByRole('button', { name: 'Check' }).isHidden(), true);
  await page.emulateMedia({ media: 'screen', reducedMotion: 'reduce' });
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'auto');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  assert.equal(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior), 'smooth');
  await page.close();
});

test('screenshots of a quiz in progress at 360 px and 1280 px, light and dark', async () => {
  for (const [base, viewport, top] of [['quiz-phone', { width: 360, height: 780 }, 'form[data-type="fill"]'],
    ['quiz-laptop', { width: 1280, height: 800 }, '#q1']]) for (const scheme of ['light', 'dark']) {
    const name = `${base}${scheme === 'dark' ? '-dark' : ''}.png`;
    const page = await open('forces-and-motion', 3, viewport);
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: scheme });
    // One right, one wrong, one being typed.
    await question(page, FORCES.tf.prompt).getByRole('button', { name: 'False' }).click();
    const fill = question(page, null, 'fill');
    await fill.getByRole('textbox', { name: 'Gap 1' }).fill('push');
    await fill.getByRole('textbox', { name: 'Gap 2' }).fill('newtons');
    await fill.getByRole('textbox', { name: 'Gap 3' }).fill('force meter');
    await fill.getByRole('button', { name: 'Check' }).click();
    await question(page, FORCES.box.prompt).getByRole('button', { name: 'It speeds up to the right' }).focus();
    await page.evaluate((selector) => {
      document.querySelector(selector).scrollIntoView();
      window.scrollBy(0, -document.getElementById('scorebar').offsetHeight - 12);
    }, top);
    await page.screenshot({ path: path.join(shotDir, name) });
    assert.ok(fs.statSync(path.join(shotDir, name)).size > 10000);
    await page.close();
  }
});

// ---- Quiz fixes (issue 14) ---------------------------------------------------

test('Enter on a tick box ticks it and never checks the question; only Check does', async () => {
  const page = await open('forces-and-motion', 3);
  const multi = question(page, FORCES.multi.prompt);
  const box = multi.getByRole('checkbox', { name: 'gravity' });
  await box.focus();
  await page.keyboard.press('Enter');
  assert.equal(await box.isChecked(), true);
  assert.equal(await locked(multi), false, 'Enter must not check the question');
  assert.equal(await feedback(multi), '');
  await page.keyboard.press('Enter');
  assert.equal(await box.isChecked(), false, 'a second Enter unticks');
  assert.equal(await score(page), 'Score: 0 of 9 points · 0 of 9 answered');
  await page.close();
});

test('right and wrong in gaps, numbers, match and order rows are marked in words and aria-invalid', async () => {
  const page = await open('forces-and-motion', 3);
  await answerForces(page, false);
  const fill = question(page, null, 'fill');
  assert.deepEqual(await fill.locator('.mark').allTextContents(), ['✗ wrong', '✓ right', '✓ right']);
  assert.deepEqual(await fill.locator('input').evaluateAll((l) => l.map((i) => i.getAttribute('aria-invalid'))),
    ['true', null, null]);
  // The mark describes its field, so a screen reader says it with the field.
  assert.equal(await fill.getByRole('textbox', { name: 'Gap 1' }).evaluate((i) =>
    document.getElementById(i.getAttribute('aria-describedby')).textContent), '✗ wrong');
  const numeric = question(page, FORCES.numeric.prompt);
  assert.deepEqual(await numeric.locator('.mark').allTextContents(), ['✗ wrong']);
  assert.equal(await numeric.getByRole('textbox').getAttribute('aria-invalid'), 'true');
  for (const key of ['match', 'order']) {
    const marks = await question(page, FORCES[key].prompt).locator('.mark').allTextContents();
    assert.equal(marks.length, 4, key);
    assert.ok(marks.includes('✗ wrong'), key);
    assert.equal(await question(page, FORCES[key].prompt).locator('select[aria-invalid="true"]').count(),
      marks.filter((m) => m === '✗ wrong').length, key);
  }
  // In forced-colours mode the marks are still there (they are text).
  await page.emulateMedia({ forcedColors: 'active' });
  assert.equal(await fill.locator('.mark').first().isVisible(), true);
  await page.close();
});

test('an order question takes each position once', async () => {
  const page = await open('forces-and-motion', 3);
  const order = question(page, FORCES.order.prompt);
  for (const item of ORDER) await order.getByRole('combobox', { name: item }).selectOption({ value: '0' });
  await order.getByRole('button', { name: 'Check' }).click();
  assert.match(await feedback(order), /Each position goes to one item only: you chose 1 for more than one item/);
  assert.equal(await locked(order), false);
  assert.equal(await score(page), 'Score: 0 of 9 points · 0 of 9 answered');
  await page.close();
});

test('a match whose pairs share a right item lists it once and marks each row by its own, after Try again too', async () => {
  const SHARED = [['Frog', 'Amphibian'], ['Eagle', 'Bird'], ['Newt', 'Amphibian'], ['Salmon', 'Fish'],
    ['Sparrow', 'Bird']];
  const answer = async (page, right) => {
    const match = question(page, null, 'match');
    assert.equal(await match.locator('ol.lettered li').count(), 3, 'three classes for five animals');
    for (let i = 0; i < SHARED.length; ++i) {
      // Wrong: the newt taken for a bird.
      const kind = !right && SHARED[i][0] === 'Newt' ? 'Bird' : SHARED[i][1];
      await chooseEnding(match.getByRole('combobox', { name: `${i + 1}. ${SHARED[i][0]}` }), `· ${kind}`);
    }
    await match.getByRole('button', { name: 'Check' }).click();
    return match;
  };
  for (const seed of [1, 5]) {
    const page = await open('tests/data/match/shared.yaml', seed);
    const match = await answer(page, true);
    assert.match(await feedback(match), /✓ Right/);
    // Frog and newt point at the same letter in the answer shown.
    const letters = await match.evaluate((f) => [...f.querySelectorAll('ol.lettered li')].map((li) => li.textContent));
    const amphibian = 'ABC'[letters.indexOf('Amphibian')];
    assert.match(await feedback(match), new RegExp(`1 → ${amphibian}, 2 → [ABC], 3 → ${amphibian}`));
    await page.evaluate(() => window.handoutQuiz.restart(99));
    assert.match(await feedback(await answer(page, true)), /✓ Right/, 'reshuffled');
    assert.deepEqual(page.errors, []);
    await page.close();
  }
  const page = await open('tests/data/match/shared.yaml', 2);
  const match = await answer(page, false);
  assert.match(await feedback(match), /✗ Not quite/);
  assert.equal(await match.locator('select[aria-invalid="true"]').count(), 1, 'only the newt row is wrong');
  await page.close();
});

test('an empty gap gets a warning first; Enter in a gap moves to the next empty one', async () => {
  const page = await open('forces-and-motion', 3);
  const fill = question(page, null, 'fill');
  await fill.getByRole('textbox', { name: 'Gap 1' }).fill('pull');
  await fill.getByRole('textbox', { name: 'Gap 1' }).press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Gap 2');
  assert.equal(await locked(fill), false);
  await fill.getByRole('button', { name: 'Check' }).click();
  assert.match(await feedback(fill), /^Gaps 2, 3 are empty\..*press Check again/);
  assert.equal(await locked(fill), false);
  await fill.getByRole('button', { name: 'Check' }).click();
  assert.match(await feedback(fill), /✗ Not quite/);
  await page.close();
});

test('the first screen says that a tapped choice counts at once, before the first question', async () => {
  const page = await open('forces-and-motion', 3);
  const start = page.locator('#start');
  assert.equal(await start.isVisible(), true);
  assert.match(await start.textContent(), /tapping an option chooses it, and it cannot be changed/);
  const before = await page.evaluate(() =>
    document.getElementById('start').compareDocumentPosition(document.querySelector('form.q')) &
      Node.DOCUMENT_POSITION_FOLLOWING);
  assert.ok(before, 'the note comes before the questions');
  await page.close();
});

test('the score bar is a landmark and never covers the question in view, at any text size', async () => {
  // 360 × 780 at 100 %, and the same phone at 200 % zoom (180 × 390 CSS px)
  // or with a 32 px default font (200 % text), then a laptop.
  for (const [viewport, fontSize, sticky] of [[{ width: 360, height: 780 }, 16, true],
    [{ width: 180, height: 390 }, 16, false], [{ width: 360, height: 780 }, 32, false],
    [{ width: 1280, height: 800 }, 16, true]]) {
    const page = await open('forces-and-motion', 3, viewport);
    if (fontSize !== 16) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Page.setFontSizes', { fontSizes: { standard: fontSize } });
      await reload(page);
    }
    const label = `${viewport.width}×${viewport.height} at ${fontSize}px`;
    assert.equal(await page.getByRole('region', { name: 'Score' }).locator('#score').count(), 1);
    const position = await page.locator('#scorebar').evaluate((b) => getComputedStyle(b).position);
    assert.equal(position === 'sticky', sticky, `${label}: ${position}`);
    // Answer the numeric question (wrong), scrolled into view by focus: its
    // verdict is below the bar, and the bar covers at most an eighth of the screen.
    const numeric = question(page, FORCES.numeric.prompt);
    await numeric.getByRole('textbox').fill('4');
    await numeric.getByRole('button', { name: 'Check' }).click();
    const [bar, verdict, height] = await page.evaluate(() => [
      document.getElementById('scorebar').getBoundingClientRect().bottom,
      document.activeElement.getBoundingClientRect().top, window.innerHeight]);
    assert.ok(verdict >= bar - 1 || verdict < 0 || position !== 'sticky', `${label}: verdict under the bar`);
    if (position === 'sticky') assert.ok(bar <= height / 8, `${label}: bar ${bar} of ${height}`);
    await page.close();
  }
});

test('the focus ring is at least 3:1 against the page, light and dark', async () => {
  for (const scheme of ['light', 'dark']) {
    const page = await open('forces-and-motion', 3);
    await page.emulateMedia({ colorScheme: scheme });
    for (const selector of ['form.q .option', '#code-input', 'form.q button[type=submit]']) {
      await page.locator(selector).first().focus();
      assert.notEqual(await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle), 'none');
      assert.ok(await focusContrast(page) >= 3, `${scheme} ${selector}: ${await focusContrast(page)}`);
    }
    await page.close();
  }
});

test('a dark colour scheme: light text on a dark page', async () => {
  const page = await open('forces-and-motion', 3);
  await page.emulateMedia({ colorScheme: 'dark' });
  const [ink, paper] = await page.evaluate(() => [getComputedStyle(document.body).color,
    getComputedStyle(document.body).backgroundColor]);
  assert.ok(contrast(ink, paper) >= 7, `${ink} on ${paper}`);
  assert.ok(contrast(paper, 'rgb(0, 0, 0)') < 2, `the page is dark: ${paper}`);
  await page.close();
});

test('question numbers are read apart from the prompt; pictures have their alt text', async () => {
  const page = await open('forces-and-motion', 3);
  assert.equal(await page.getByRole('group', { name: /^Question 1\. \S/ }).count(), 1);
  const group = page.getByRole('group', { name: /^Question \d+\. The diagram shows a box/ });
  assert.equal(await group.count(), 1);
  assert.match(await group.getByRole('img').getAttribute('alt'), /^A box on the ground, pushed to the right/);
  await page.close();
});

test('after the last answer, focus moves to a summary of score, code, wrong and skipped questions', async () => {
  const page = await open('parallelism-quiz', 1);
  const forms = await page.locator('form.q').all();
  // Skip question 2; answer the others with the first option, the last one last.
  for (const form of forms.slice(2, -1)) await form.locator('.option').first().click();
  assert.equal(await page.locator('#summary').isHidden(), true, 'no summary before the last question');
  await forms[0].locator('.option').first().click();
  await forms.at(-1).locator('.option').first().click();
  // The last question answered with question 2 skipped: the summary points to it.
  const summary = page.locator('#summary');
  assert.equal(await page.evaluate(() => document.activeElement.closest('#summary') !== null), true);
  assert.equal(await summary.isVisible(), true);
  assert.match(await summary.textContent(), /Not answered yet \(1\):Question 2/);
  await forms[1].locator('.option').first().click();
  assert.equal(await page.evaluate(() => document.activeElement.closest('#summary') !== null), true);
  const text = await summary.textContent();
  assert.match(text, /^Finished!You scored \d of 8 points \(\d+%\)\./);
  assert.match(text, new RegExp(`Sheet code ${await page.locator('#sheet-code').textContent()}`));
  const wrong = await page.locator('form.q[data-state="wrong"]').evaluateAll((l) => l.map((f) => f.id));
  assert.deepEqual(await summary.locator('ul.wrong a').evaluateAll((l) => l.map((a) => a.getAttribute('href'))),
    wrong.map((id) => `#${id}`));
  assert.equal(await summary.locator('ul.skipped').count(), 0);
  await page.close();
});

test('answers survive a reload, and so does the seed after Try again; Start over clears them', async () => {
  const page = await open('forces-and-motion', 3);
  const unit = () => question(page, FORCES.unit.prompt);
  await unit().getByRole('button', { name: 'newton' }).click();
  const fill = question(page, null, 'fill');
  for (const [i, w] of ['pull', 'newtons', 'force meter'].entries()) {
    await fill.getByRole('textbox', { name: `Gap ${i + 1}` }).fill(w);
  }
  await fill.getByRole('button', { name: 'Check' }).click();
  const short = question(page, FORCES.short.prompt);
  await short.getByRole('textbox').fill('Friction.');
  await short.getByRole('button', { name: 'Show model answer' }).click();
  await short.getByRole('button', { name: 'I got it wrong' }).click();
  const before = await score(page);
  assert.equal(before, 'Score: 2 of 9 points · 3 of 9 answered');
  await reload(page);
  assert.equal(await score(page), before);
  assert.equal(await locked(unit()), true);
  assert.match(await feedback(unit()), /✓ Right/);
  assert.equal(await question(page, null, 'fill').getByRole('textbox', { name: 'Gap 3' }).inputValue(), 'force meter');
  assert.match(await feedback(question(page, FORCES.short.prompt)), /You marked this wrong/);
  assert.deepEqual(page.errors, []);

  // Try again, answer one, reload: the same new seed with its answer.
  await page.evaluate(() => window.handoutQuiz.restart(4242));
  await question(page, FORCES.tf.prompt).getByRole('button', { name: 'True' }).click();
  await reload(page);
  assert.match(await page.locator('#sheet-code').textContent(), /-4242-[0-9A-HJKMNP-TV-Z*~$=U]$/);
  assert.equal(await score(page), 'Score: 0 of 9 points · 1 of 9 answered');
  // Start over: nothing answered, same sheet.
  await page.getByRole('button', { name: 'Start over' }).first().click();
  assert.equal(await score(page), 'Score: 0 of 9 points · 0 of 9 answered');
  await reload(page);
  assert.equal(await score(page), 'Score: 0 of 9 points · 0 of 9 answered');
  assert.match(await page.locator('#sheet-code').textContent(), /-4242-[0-9A-HJKMNP-TV-Z*~$=U]$/);
  await page.close();
});

test('a sheet code after # or typed on the first screen opens that printed variant (as its PDF prints it), offline', async () => {
  // The variant as `handout html --seed 17` writes it, to compare with.
  const shown = (p) => p.evaluate(() => [...document.querySelectorAll('form.q')].map((f) =>
    [...f.querySelectorAll('legend, .option, .bank li, ol.lettered li, .rows label')].map((n) => n.textContent)));
  const reference = await open('forces-and-motion', 17);
  const code17 = await reference.locator('#sheet-code').textContent();
  const expected = await shown(reference);
  await reference.close();

  // One page (written for seed 1) serves the whole class set.
  const byHash = await open('forces-and-motion', 1, undefined, { hash: code17 });
  assert.equal(await byHash.locator('#sheet-code').textContent(), code17);
  assert.deepEqual(await shown(byHash), expected);
  assert.deepEqual(byHash.errors, []);
  await byHash.close();

  const page = await open('forces-and-motion', 1);
  const field = page.getByRole('textbox', { name: /Marking a printed sheet/ });
  // Typed as a person reads it off paper: lower case, spaces around.
  await field.fill(`  ${code17.toLowerCase()} `);
  await page.getByRole('button', { name: 'Open this sheet' }).click();
  assert.equal(await page.locator('#sheet-code').textContent(), code17);
  assert.deepEqual(await shown(page), expected);
  assert.match(await page.locator('#code-message').textContent(), /Showing sheet .*-17-[0-9A-HJKMNP-TV-Z*~$=U]:/);
  // Marking it: the right answers score fully on seed 17's letters.
  await answerForces(page, true);
  assert.equal(await score(page), 'Score: 9 of 9 points · 9 of 9 answered');

  // The printed sheet of that code: pdftotext finds every question's number
  // and first words, and each option's letter and text, in the quiz's order.
  const pdf = path.join(tmp, 'forces-and-motion-s17.pdf');
  execFileSync(binary, ['render', path.join(sourceDir, 'worksheets', 'forces-and-motion.yaml'), '--seed', '17',
    '--key', 'off', '-o', pdf], { stdio: 'pipe' });
  const printed = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  assert.ok(printed.includes(code17), 'the PDF is the sheet of that code');
  const onScreen = await page.evaluate(() => [...document.querySelectorAll('form.q')].map((f) => {
    const legend = f.querySelector('legend').cloneNode(true);
    const num = legend.querySelector('.num').textContent.replace('Question ', '').trim();
    legend.querySelectorAll('.num, .points').forEach((n) => n.remove());
    // A gap fill without a prompt prints its text with the gaps as the prompt.
    const lead = f.dataset.type === 'fill' ? f.querySelector('.fill-text') : legend;
    return {
      num, prompt: lead.textContent.replace(/\s+/g, ' ').trim().split(' ').slice(0, 3).join(' '),
      options: [...f.querySelectorAll('.option .letter')].map((l) =>
        `${l.textContent} ${l.nextElementSibling.textContent.replace(/\s+/g, ' ').trim()}`),
    };
  }));
  assert.equal(onScreen.length, 9);
  let at = 0;
  for (const q of onScreen) {
    const found = printed.indexOf(`${q.num} ${q.prompt}`, at);
    assert.ok(found >= at, `question ${q.num} ('${q.prompt}') next on the printed sheet`);
    at = found;
    for (const option of q.options) {
      const next = printed.indexOf(option, at);
      assert.ok(next >= at, `option '${option}' of question ${q.num} next on the printed sheet`);
      at = next;
    }
  }

  // Another worksheet's code, and no code at all, are refused in words.
  await field.fill('W1-ikBInz5lSdfBi-s3');
  await page.getByRole('button', { name: 'Open this sheet' }).click();
  assert.match(await page.locator('#code-message').textContent(), /code of another worksheet/);
  await field.fill('hello');
  await page.getByRole('button', { name: 'Open this sheet' }).click();
  assert.match(await page.locator('#code-message').textContent(), /is not a sheet code/);
  assert.equal(await page.locator('#sheet-code').textContent(), code17);

  // Typos (issue 32): one wrong character, two swapped, a look-alike (8 for
  // B, S for 5 …), and a seed that does not fit the check, each told as a
  // typo and none opening a sheet.
  const swapAt = (text, i) => text.slice(0, i) + text[i + 1] + text[i] + text.slice(i + 2);
  const fp = code17.slice(3, 7) + code17.slice(8, 17);
  const swap = [...fp].findIndex((c, i) => i > 0 && c !== fp[i - 1]) - 1;
  const lookAlike = { B: '8', 8: 'B', S: '5', 5: 'S', Z: '2', 2: 'Z', G: '6', 6: 'G' };
  const la = [...code17.slice(8, 17)].findIndex((c) => c in lookAlike) + 8;
  const typos = [
    [code17.slice(0, 9) + (code17[9] === 'X' ? 'Y' : 'X') + code17.slice(10), /has a typo: .*Did you mean/],
    [`W3-${swapAt(fp, swap).slice(0, 4)}-${swapAt(fp, swap).slice(4)}${code17.slice(17)}`, /has a typo: .*Did you mean/],
    [code17.slice(0, la) + lookAlike[code17[la]] + code17.slice(la + 1), /has a typo: .*Did you mean/],
    [code17.replace('-17-', '-71-'), /typo in its number or its last character/],
  ];
  for (const [typed, said] of typos) {
    await field.fill(typed);
    await page.getByRole('button', { name: 'Open this sheet' }).click();
    assert.match(await page.locator('#code-message').textContent(), said, typed);
    assert.equal(await page.locator('#sheet-code').textContent(), code17, typed);
  }
  await page.close();
});

test('axe-core: no violation on every shipped quiz, before and after answering, phone and laptop, light and dark', async () => {
  const axe = fs.readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');
  // Every rule in the light scheme; in the dark one only what colours change.
  const run = async (page, label) => {
    if (!await page.evaluate(() => !!window.axe)) await page.evaluate(axe);
    const result = await page.evaluate((dark) => window.axe.run(document, {
      resultTypes: ['violations'], ...(dark ? { runOnly: ['color-contrast', 'link-in-text-block'] } : {}),
    }), label.includes('dark'));
    const found = result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
    assert.deepEqual(found, [], label);
  };
  const worksheets = fs.readdirSync(path.join(sourceDir, 'worksheets')).filter((f) => f.endsWith('.yaml'));
  assert.ok(worksheets.length >= 3);
  for (const file of worksheets) {
    const name = file.replace(/\.yaml$/, '');
    for (const viewport of [{ width: 360, height: 780 }, { width: 1280, height: 800 }]) {
      const page = await open(name, 1, viewport);
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await run(page, `${name} ${viewport.width}px ${scheme} before answering`);
      }
      await answerAll(page);
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await run(page, `${name} ${viewport.width}px ${scheme} after answering`);
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    }
  }
});
test('axe-core: no violation on a quiz with formulas (MathML), phone and laptop, light and dark', async () => {
  const axe = fs.readFileSync(path.join(here, 'node_modules/axe-core/axe.min.js'), 'utf8');
  const out = path.join(tmp, 'maths-s1.html');
  execFileSync(binary, ['html', path.join(sourceDir, 'tests/data/math/maths.yaml'), '--seed', '1', '-o', out],
    { stdio: 'pipe' });
  for (const viewport of [{ width: 360, height: 780 }, { width: 1280, height: 800 }]) {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // As open() does: no transitions, so colours are final when axe looks.
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' });
    await page.goto(pathToFileURL(out).href);
    await page.waitForSelector('html[data-ready="true"]');
    // The formulas are MathML the browser lays out: a fraction is taller than a line of text.
    const maths = await page.evaluate(() => [...document.querySelectorAll('math')].map((m) => ({
      frac: m.querySelector('mfrac') !== null, height: m.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(m.closest('p, label, div') || document.body).lineHeight) || 0,
    })));
    assert.ok(maths.length >= 10, `${maths.length} formulas`);
    assert.ok(maths.some((m) => m.frac && m.height > 20), JSON.stringify(maths.filter((m) => m.frac)));
    await page.evaluate(axe);
    for (const scheme of ['light', 'dark']) {
      await page.emulateMedia({ colorScheme: scheme });
      const result = await page.evaluate((dark) => window.axe.run(document, {
        resultTypes: ['violations'], ...(dark ? { runOnly: ['color-contrast', 'link-in-text-block'] } : {}),
      }), scheme === 'dark');
      const found = result.violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`);
      assert.deepEqual(found, [], `maths ${viewport.width}px ${scheme}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

// The quiz reads numbers by the loader's grammar: every row of the shared
// table tests/data/numbers.tsv (also read by the C++ text_test).
test('the quiz reads every number form of the shared table as the loader does', async () => {
  const page = await open('forces-and-motion', 3);
  const rows = fs.readFileSync(path.join(here, '..', 'data', 'numbers.tsv'), 'utf8').split('\n')
    .filter((line) => line !== '' && !line.startsWith('#')).map((line) => line.split('\t'));
  assert.ok(rows.length > 40);
  const results = await page.evaluate((texts) => texts.map((t) => window.handoutReadNumber(t)), rows.map((r) => r[0]));
  rows.forEach(([text, expected], i) => {
    const got = results[i];
    if (expected === 'ambiguous') assert.ok(got.ambiguous, text);
    else if (expected === 'invalid') assert.deepEqual(got, {}, text);
    else if (expected === 'too large') assert.ok(got.tooLarge, text);
    else assert.equal(got.value, Number(expected), text);
  });
  await page.close();
});

test('a multi scored partial earns a share per right tick, minus one per wrong tick; half points add up', async () => {
  const yaml = path.join(tmp, 'partial.yaml');
  fs.writeFileSync(yaml, [
    'id: partial', 'title: Partial', 'questions:',
    '  - {type: multi, prompt: "Which are prime?", options: [two, four, five, nine], answers: [two, five],',
    '     points: 2, scoring: partial}',
    '  - {type: truefalse, prompt: Halves exist., answer: true, points: 0.5}',
    '  - {type: multi, prompt: "Which are even?", options: [two, four, five], answers: [two, four]}', ''].join('\n'));
  const out = path.join(tmp, 'partial.html');
  execFileSync(binary, ['html', yaml, '--seed', '0', '-o', out], { stdio: 'pipe' });
  const page = await context.newPage();
  await page.goto(pathToFileURL(out).href);
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await score(page), 'Score: 0 of 3.5 points · 0 of 3 answered');
  // docs/format.md's worked example: A (two) alone earns 1 of 2.
  const prime = question(page, 'Which are prime?');
  await prime.getByRole('checkbox', { name: 'two' }).check();
  await prime.getByRole('button', { name: 'Check' }).click();
  assert.match(await feedback(prime), /^◐ Partly right: \+1 of 2 points\./);
  assert.equal(await score(page), 'Score: 1 of 3.5 points · 1 of 3 answered');
  const half = question(page, 'Halves exist.');
  await half.getByRole('button', { name: 'True' }).click();
  assert.equal(await score(page), 'Score: 1.5 of 3.5 points · 2 of 3 answered');
  // all-or-nothing (the default): one of two right ticks earns nothing.
  const even = question(page, 'Which are even?');
  await even.getByRole('checkbox', { name: 'two' }).check();
  await even.getByRole('button', { name: 'Check' }).click();
  assert.match(await feedback(even), /^✗ Not quite\./);
  assert.equal(await score(page), 'Score: 1.5 of 3.5 points · 3 of 3 answered');
  assert.deepEqual(page.errors ?? [], []);
  await page.close();
});

test('a Russian worksheet’s quiz speaks Russian: its lang, buttons, verdicts and plural forms of балл', async () => {
  const out = path.join(tmp, 'forces-ru.html');
  execFileSync(binary, ['html', path.join(sourceDir, 'tests/data/lang/forces-ru.yaml'), '--seed', '0', '-o', out],
    { stdio: 'pipe' });
  const page = await context.newPage();
  await page.goto(pathToFileURL(out).href);
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'ru');
  assert.equal(await score(page), 'Счёт: 0 из 10.5 балла · отвечено 0 из 5');
  const tf = question(page, 'В вакууме тяжёлый шар');
  await tf.getByRole('button', { name: 'Неверно' }).click();
  assert.match(await feedback(tf), /^✓ Верно: \+1\.5 балла\./);
  const multi = question(page, 'Что из этого');
  await multi.getByRole('checkbox', { name: 'трение' }).check();
  await multi.getByRole('button', { name: 'Проверить' }).click();
  assert.match(await feedback(multi), /^✗ Не совсем\. Правильный ответ: /);
  assert.equal(await score(page), 'Счёт: 1.5 из 10.5 балла · отвечено 2 из 5');
  assert.deepEqual(page.errors ?? [], []);
  await page.close();
});

test('an Arabic worksheet’s quiz reads right to left, in Arabic, with the dual and plural of درجة', async () => {
  const source = path.join(tmp, 'arabic-lang.yaml');
  fs.writeFileSync(source, 'lang: ar\n' + fs.readFileSync(path.join(sourceDir, 'tests/data/shaped/arabic.yaml'), 'utf8'));
  const out = path.join(tmp, 'arabic-lang.html');
  execFileSync(binary, ['html', source, '--seed', '0', '-o', out], { stdio: 'pipe' });
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(pathToFileURL(out).href);
  await page.waitForSelector('html[data-ready="true"]');
  assert.equal(await page.getAttribute('html', 'lang'), 'ar');
  assert.equal(await page.getAttribute('html', 'dir'), 'rtl');
  // The page is laid out right to left: the title starts at the right.
  assert.equal(await page.evaluate(() => getComputedStyle(document.body).direction), 'rtl');
  const title = await page.locator('h1').evaluate((h) => {
    const range = document.createRange();
    range.selectNodeContents(h);
    const text = range.getBoundingClientRect(), box = h.getBoundingClientRect();
    return { textLeft: text.left, textRight: text.right, boxLeft: box.left, boxRight: box.right };
  });
  assert.ok(title.boxRight - title.textRight < 2, `the title ends at the right: ${JSON.stringify(title)}`);
  assert.ok(title.textLeft - title.boxLeft > 100, `the title leaves the left side free: ${JSON.stringify(title)}`);
  assert.equal(await score(page), 'الدرجة: 0 من 4 درجات · أجبت عن 0 من 4');
  const tf = question(page, 'النصفان يساويان');
  await tf.getByRole('button', { name: 'صح' }).click();
  assert.match(await feedback(tf), /^✓ صحيح: \+1 درجة\./);
  const mc = question(page, 'أي الكسور أكبر');
  await mc.getByRole('button', { name: 'نصف' }).click();
  assert.equal(await score(page), 'الدرجة: 2 من 4 درجات · أجبت عن 2 من 4');
  // Nothing waits off the left edge (the hidden skip link): a phone never scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth));
  assert.deepEqual(page.errors ?? [], []);
  await page.close();
});
