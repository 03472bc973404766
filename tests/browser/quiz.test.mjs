// The quiz page of `handout html`, tested in a real browser: Debian's Chromium
// driven by playwright-core. Generates pages with the real `handout` binary,
// opens them from file:// URLs, and answers every question type right and
// wrong, by mouse and by keyboard, at phone and laptop widths.
//
// Environment (set by tests/CMakeLists.txt):
//   HANDOUT_BINARY      the handout program (default ../../build/handout)
//   HANDOUT_SOURCE_DIR  the source tree (default ../..)
//   HANDOUT_SCREENSHOT_DIR  where quiz-phone.png and quiz-laptop.png go
//                       (default: the temporary folder; docs/images to update the README's)
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

/** Writes the quiz of `worksheet` for `seed` and returns its file:// URL. */
function quiz(worksheet, seed) {
  const out = path.join(tmp, `${worksheet}-s${seed}.html`);
  if (!fs.existsSync(out)) {
    execFileSync(binary, ['html', path.join(sourceDir, 'worksheets', `${worksheet}.yaml`), '--seed', String(seed),
      '-o', out], { stdio: 'pipe' });
  }
  return pathToFileURL(out).href;
}

async function open(worksheet, seed, viewport = { width: 1280, height: 900 }) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.errors = errors;
  // No smooth scrolling: a click may otherwise land while the page still moves.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(quiz(worksheet, seed));
  await page.waitForSelector('html[data-ready="true"]');
  return page;
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

// ---- Tests ------------------------------------------------------------------

test('every question type answered right: feedback, explanation, locking and full score', async () => {
  const page = await open('forces-and-motion', 3);
  assert.equal(await score(page), 'Score: 0 of 9 points · 0 of 9 answered');
  const fb = await answerForces(page, true);
  assert.match(fb.unit, /^✓ Right: \+1 point\. Correct answer: [A-D] · newton Force is measured in newtons/);
  assert.match(fb.box, /✓ Right.*It speeds up to the right.*resultant is 6 N/);
  assert.match(fb.multi, /✓ Right.*[A-E], [A-E], [A-E] · .*Mass and speed are not pushes or pulls/);
  assert.match(fb.tf, /✓ Right.*Correct answer: False Without air resistance/);
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
  assert.equal(await feedback(numeric), 'Type a number, like 3 or 2.5.');
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
  while (f.tag !== 'BUTTON') { await page.keyboard.press('Tab'); f = await focused(); }
  assert.equal(f.text, 'True');
  assert.notEqual(f.outline, 'none', 'focus must be visible');
  await page.keyboard.press('Tab');
  assert.equal((await focused()).text, 'False');
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
  assert.match(code, /^W1-[A-Za-z0-9_-]{13}-s1$/);
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
  assert.match(await forces.locator('#sheet-code').textContent(), /-s123456$/);
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

test('screenshots of a quiz in progress at 360 px and 1280 px', async () => {
  for (const [name, viewport, top] of [['quiz-phone.png', { width: 360, height: 780 }, 'form[data-type="fill"]'],
    ['quiz-laptop.png', { width: 1280, height: 800 }, '#q1']]) {
    const page = await open('forces-and-motion', 3, viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
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
