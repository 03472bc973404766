// The quiz page's script (embedded by `handout html`). It renders the variant
// stored in #quiz-data, lets the student answer each question type its own
// way, keeps a running score, and on "Try again" reshuffles to a new seed with
// a port of the project's shuffle (docs/shuffle.md), so a seed gives the same
// order and letters here as on the PDF. A sheet code typed on the first screen
// or given after `#` opens that seed's variant (one page serves a class set),
// and answers are kept in the browser's storage per sheet code.
(function () {
  'use strict';

  // ---- The project's PRNG and shuffle (docs/shuffle.md), with BigInt ------

  const MASK64 = (1n << 64n) - 1n;

  /** SplitMix64: one 64-bit state; next() returns a BigInt in [0, 2^64). */
  class SplitMix64 {
    constructor(seed) { this.state = BigInt(seed) & MASK64; }
    next() {
      this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK64;
      let z = this.state;
      z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK64;
      z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK64;
      return z ^ (z >> 31n);
    }
    /** Uniform integer in [0, bound): Lemire's multiply-shift on the high
     *  32 bits of a draw, rejecting the biased low range. */
    below(bound) {
      if (bound <= 1) return 0;
      const b = BigInt(bound);
      const draw = () => this.next() >> 32n;
      let m = draw() * b;
      let low = m & 0xFFFFFFFFn;
      if (low < b) {
        const threshold = ((1n << 32n) - b) % b;
        while (low < threshold) {
          m = draw() * b;
          low = m & 0xFFFFFFFFn;
        }
      }
      return Number(m >> 32n);
    }
  }

  /** Fisher–Yates from the last free position down over the unpinned
   *  positions; returns order[k] = index of the item placed at k. */
  function shuffledOrder(pinned, rng) {
    const order = pinned.map((_, i) => i);
    const free = [];
    pinned.forEach((p, i) => { if (!p) free.push(i); });
    for (let k = free.length; k > 1; --k) {
      const j = rng.below(k);
      const a = free[k - 1], b = free[j];
      [order[a], order[b]] = [order[b], order[a]];
    }
    return order;
  }

  // ---- Encoded answers ------------------------------------------------------

  /** The key stream of question `index` (the same bytes as key_stream in
   *  src/html/html.cpp): SplitMix64 outputs, least significant byte first. */
  function keyStream(length, seed, index) {
    const rng = new SplitMix64(0x48616E646F757400n ^ (BigInt(seed) << 16n) ^ BigInt(index));
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 8) {
      let word = rng.next();
      for (let b = 0; b < 8 && i + b < length; ++b) {
        out[i + b] = Number(word & 0xFFn);
        word >>= 8n;
      }
    }
    return out;
  }

  function decodeSecret(text, seed, index) {
    const raw = atob(text);
    const key = keyStream(raw.length, seed, index);
    const bytes = new Uint8Array(raw.length);
    for (let i = 0; i < raw.length; ++i) bytes[i] = raw.charCodeAt(i) ^ key[i];
    return JSON.parse(new TextDecoder().decode(bytes));
  }

  // ---- State ----------------------------------------------------------------

  const data = JSON.parse(document.getElementById('quiz-data').textContent);
  const questionsBox = document.getElementById('questions');
  const scoreBox = document.getElementById('score');
  const summaryBox = document.getElementById('summary');
  const codeBox = document.getElementById('sheet-code');
  const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

  const state = { seed: data.seed, score: 0, answered: 0, total: 0, count: 0, restoring: false };

  /** The sheet code of `seed`, as the printed sheets write it (codes.js). */
  const codeOf = (seed) => handoutCodes.codeOf(data.fp, seed);

  // Every question remembers the index its answers were encoded with.
  let keyIndex = 0;
  for (const section of data.sections)
    for (const q of section.questions) q.keyIndex = keyIndex++;

  /** The question's answers (decoded on first use). `perm` then follows the
   *  question through reshuffles. */
  function secret(q) {
    if (!q.secret) {
      q.secret = decodeSecret(q.sec, data.keySeed, q.keyIndex);
      q.perm = q.secret.perm || null;
    }
    return q.secret;
  }

  /** Reshuffles every section to `seed`, with the same draws in the same
   *  order as make_variant (src/variant/variant.cpp). */
  function reshuffle(seed) {
    const rng = new SplitMix64(seed);
    const shuffling = seed !== 0;
    let number = 0;
    for (const section of data.sections) {
      // Back to source order, with every shuffled list in source order too.
      const source = section.questions.slice().sort((a, b) => a.si - b.si);
      for (const q of source) {
        secret(q);
        if (!q.perm) continue;
        const unshuffle = (list) => {
          const out = new Array(list.length);
          q.perm.forEach((src, pos) => { out[src] = list[pos]; });
          return out;
        };
        if (q.opts) { q.opts = unshuffle(q.opts); q.opin = unshuffle(q.opin); }
        if (q.bank) q.bank = unshuffle(q.bank);
        if (q.right) q.right = unshuffle(q.right);
        if (q.items) q.items = unshuffle(q.items);
      }
      // (1) The question order; (2) each question's draws, in source order.
      const order = shuffledOrder(source.map((q) => !shuffling || !data.shuffleQ || q.pin), rng);
      for (const q of source) {
        const fixed = !shuffling || !data.shuffleO || !q.shuffle;
        const apply = (list, perm) => perm.map((i) => list[i]);
        let perm = null;
        if (q.opts) {
          perm = shuffledOrder(q.opin.map((p) => fixed || p === 1), rng);
          q.opts = apply(q.opts, perm);
          q.opin = apply(q.opin, perm);
        } else if (q.bank) {
          perm = shuffledOrder(q.bank.map(() => fixed), rng);
          q.bank = apply(q.bank, perm);
        } else if (q.right) {
          perm = shuffledOrder(q.right.map(() => fixed), rng);
          q.right = apply(q.right, perm);
        } else if (q.items) {
          perm = shuffledOrder(q.items.map(() => fixed), rng);
          q.items = apply(q.items, perm);
        }
        q.perm = perm;
      }
      section.questions = order.map((k) => source[k]);
      for (const q of section.questions) q.n = ++number;
    }
    state.seed = seed;
  }

  // ---- DOM helpers ----------------------------------------------------------

  /** An element with attributes (`html` sets innerHTML of trusted, escaped
   *  markup from handout; `text` sets textContent) and children. */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === 'html') node.innerHTML = v;
      else if (k === 'text') node.textContent = v;
      else if (k === 'class') node.className = v;
      else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
      else node.setAttribute(k, v === true ? '' : v);
    }
    for (const c of children) if (c) node.append(c);
    return node;
  }

  /** Points as a number for people: whole and half points exactly, a
   *  partial multi's share (2/3) to two decimals. */
  const pointsNumber = (n) => String(Math.round(n * 100) / 100);

  /** The page's words, in the worksheet's language (src/html/quiz_labels.cpp):
   *  `say('right', { points: '2 points' })` fills the {points} of the message. */
  const WORDS = data.words;
  const say = (key, vars = {}) => WORDS[key].replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

  /** The word for points after `n`, in the language's plural form (as
   *  points_label in src/model/points.cpp). */
  function pointWord(n) {
    const w = WORDS.pointForms;
    const half = !Number.isInteger(n), i = Math.floor(n);
    const slavic = (one) => {
      if (half) return w.fraction;
      if (one) return w.one;
      return i % 10 >= 2 && i % 10 <= 4 && (i % 100 < 12 || i % 100 > 14) ? w.few : w.many;
    };
    // Arabic, Hebrew, Hindi (and Persian) and Urdu: CLDR's rules; a fraction (½, 0.67) is
    // Arabic's and Hebrew's "other" form, Hebrew's one below 1.
    const whole = Number.isInteger(n);
    if (w.rule === 'arabic') {
      if (!whole) return w.many;
      if (n === 1) return w.one;
      if (n === 2) return w.two;
      return n % 100 >= 3 && n % 100 <= 10 ? w.few : w.many;
    }
    if (w.rule === 'hebrew') {
      if ((n === 1) || (i === 0 && !whole)) return w.one;
      return n === 2 ? w.two : w.many;
    }
    if (w.rule === 'hindi') return i === 0 || n === 1 ? w.one : w.many;
    if (w.rule === 'urdu') return n === 1 ? w.one : w.many;
    if (w.rule === 'one-below-two') return n < 2 ? w.one : w.many;
    if (w.rule === 'russian') return slavic(i % 10 === 1 && i % 100 !== 11);
    if (w.rule === 'polish') return slavic(n === 1);
    return n === 1 || n === 0.5 ? w.one : w.many;
  }
  /** "2 points"; "2分" in Chinese, Japanese and Korean (the words' gap). */
  const pointsText = (n) => `${pointsNumber(n)}${WORDS.pointForms.gap}${pointWord(n)}`;

  function updateScore() {
    scoreBox.textContent = say('score', { score: pointsNumber(state.score), total: pointsText(state.total),
      answered: state.answered, count: state.count });
  }

  // ---- Answering ------------------------------------------------------------

  /** Shows the verdict, the correct answer and the explanation; locks the
   *  question; moves focus to the feedback so keyboard users hear it and
   *  Tab on to the next question. `answer` is a DOM node or HTML string. */
  function finish(q, box, right, answer, verdictText, earned = right ? q.points : 0) {
    const s = secret(q);
    const fb = box.querySelector('.feedback');
    fb.className = 'feedback ' + (right ? 'right' : 'wrong');
    fb.replaceChildren();
    fb.append(el('p', { class: 'verdict', text: verdictText ||
      (right ? say('right', { points: pointsText(q.points) }) : say('notQuite')) }));
    if (answer !== null) {
      const p = el('p', {}, el('strong', { text: say('correctAnswer') }));
      if (typeof answer === 'string') p.append(el('span', { html: answer }));
      else p.append(answer);
      fb.append(p);
    }
    if (s.ex) fb.append(el('p', { class: 'explain', html: s.ex }));
    box.querySelector('fieldset').disabled = true;
    box.dataset.state = right ? 'right' : 'wrong';
    state.answered += 1;
    state.score += earned;
    updateScore();
    if (state.restoring) return;
    saveAnswer(q, box);
    fb.focus({ preventScroll: false });
    const last = box === lastQuestion();
    if (state.answered === state.count || last) showSummary(true);
    else if (!summaryBox.hidden) showSummary(false);
  }

  /** A message that does not lock the question (e.g. nothing chosen yet). */
  function notice(box, text) {
    const fb = box.querySelector('.feedback');
    fb.className = 'feedback';
    fb.replaceChildren(el('p', { class: 'notice', text }));
  }

  function tag(node, right, text) {
    node.classList.add(right ? 'is-right' : 'is-wrong');
    const t = node.querySelector('.tag');
    if (t) t.textContent = text;
  }

  /** Marks a text box or drop-down right or wrong in words as well as colour:
   *  a ✓/✗ mark with the word after it, and aria-invalid on a wrong one. */
  function markField(control, right) {
    control.classList.add(right ? 'is-right' : 'is-wrong');
    if (!right) control.setAttribute('aria-invalid', 'true');
    const id = `${control.id}-mark`;
    control.setAttribute('aria-describedby', id);
    control.after(el('span', { class: `mark ${right ? 'is-right' : 'is-wrong'}`, id,
      text: right ? say('markRight') : say('markWrong') }));
  }

  const same = (a, b) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

  // ---- One renderer per question type -----------------------------------------

  function renderChoice(q, box, set) {
    const list = el('div', { class: 'options' + (q.opts.every((o) => o.length < 40) ? ' wide' : '') });
    q.opts.forEach((html, pos) => {
      list.append(el('button', { type: 'button', class: 'option', 'data-pos': pos, onclick: () => {
        const s = secret(q);
        const right = q.perm[pos] === s.a;
        const correctPos = q.perm.indexOf(s.a);
        const buttons = list.querySelectorAll('.option');
        tag(buttons[pos], right, right ? say('yourAnswerRight') : say('yourAnswerWrong'));
        if (!right) tag(buttons[correctPos], true, say('correct'));
        finish(q, box, right, `${LETTERS[correctPos]} · ${q.opts[correctPos]}`);
      } }, el('span', { class: 'letter', text: LETTERS[pos] }), el('span', { html }), el('span', { class: 'tag' })));
    });
    set.append(list);
  }

  function renderTrueFalse(q, box, set) {
    const list = el('div', { class: 'options tf' });
    for (const value of [true, false]) {
      list.append(el('button', { type: 'button', class: 'option', 'data-value': String(value), onclick: (ev) => {
        const s = secret(q);
        const right = value === s.t;
        tag(ev.currentTarget, right, right ? say('yourAnswerRight') : say('yourAnswerWrong'));
        if (!right) tag(list.querySelector(`[data-value="${s.t}"]`), true, say('correct'));
        finish(q, box, right, s.t ? say('true') : say('false'));
      } }, el('span', { text: value ? say('true') : say('false') }), el('span', { class: 'tag' })));
    }
    set.append(list);
  }

  function renderMulti(q, box, set) {
    set.append(el('p', { class: 'hint', text: say('tickHint') }));
    const list = el('div', { class: 'options' });
    q.opts.forEach((html, pos) => {
      const id = `q${q.n}-opt${pos}`;
      // Enter ticks or unticks (it would otherwise submit the form): only
      // the Check button checks.
      const toggleOnEnter = (ev) => {
        if (ev.key !== 'Enter') return;
        ev.preventDefault();
        ev.currentTarget.click();
      };
      list.append(el('label', { class: 'option', for: id },
        el('input', { type: 'checkbox', id, value: pos, onkeydown: toggleOnEnter }),
        el('span', { class: 'letter', text: LETTERS[pos] }), el('span', { html }), el('span', { class: 'tag' })));
    });
    set.append(list, checkButton(() => {
      const boxes = [...list.querySelectorAll('input')];
      if (!boxes.some((b) => b.checked)) return notice(box, say('tickFirst'));
      const s = secret(q);
      const correct = q.perm.map((src) => s.as.includes(src));
      let right = true, ticksRight = 0, ticksWrong = 0;
      boxes.forEach((b, pos) => {
        const label = b.closest('.option');
        if (correct[pos] && b.checked) { ticksRight += 1; tag(label, true, say('ticked')); }
        else if (correct[pos]) { right = false; tag(label, false, say('missed')); }
        else if (b.checked) { right = false; ticksWrong += 1; tag(label, false, say('wrongTick')); }
      });
      const letters = [], texts = [];
      correct.forEach((c, pos) => { if (c) { letters.push(LETTERS[pos]); texts.push(q.opts[pos]); } });
      // `scoring: partial` (score_multi in src/variant/score.cpp): each right
      // tick earns points / right options, each wrong one costs as much, never below 0.
      const earned = right ? q.points
        : s.sc === 'partial' ? Math.max(0, (q.points * (ticksRight - ticksWrong)) / s.as.length) : 0;
      finish(q, box, right, `${letters.join(', ')} · ${texts.join('; ')}`,
        !right && earned > 0 ? say('partly', { earned: pointsNumber(earned), points: pointsText(q.points) }) : undefined, earned);
    }));
  }

  function renderShort(q, box, set) {
    const id = `q${q.n}-text`;
    const area = el('textarea', { id, rows: 3 });
    set.append(el('div', { class: 'field' }, el('label', { for: id, text: say('yourAnswer') }), area));
    const model = el('div', { class: 'model', hidden: true, tabindex: '-1' });
    const show = el('button', { type: 'button', class: 'btn secondary', text: say('showModel'), onclick: () => {
      const s = secret(q);
      area.readOnly = true;
      show.disabled = true;
      const mark = (right) => () => finish(q, box, right, null,
        right ? say('markedRight', { points: pointsText(q.points) }) : say('markedWrong'));
      model.replaceChildren(
        el('p', {}, el('strong', { text: say('modelAnswer') }), el('span', { html: s.model })),
        el('p', { class: 'hint', text: say('compare') }),
        el('div', { class: 'actions' },
          el('button', { type: 'button', class: 'btn', text: say('gotRight'), onclick: mark(true) }),
          el('button', { type: 'button', class: 'btn secondary', text: say('gotWrong'), onclick: mark(false) })));
      model.hidden = false;
      model.focus();
    } });
    set.append(el('div', { class: 'actions' }, show), model);
  }

  function renderFill(q, box, set) {
    const text = el('p', { class: 'fill-text' });
    let gap = 0;
    for (const part of q.parts) {
      if (part === null) {
        gap += 1;
        const id = `q${q.n}-gap${gap}`;
        text.append(el('label', { class: 'gapno', for: id, text: `(${gap})` }),
          el('input', { type: 'text', id, autocomplete: 'off', autocapitalize: 'off', spellcheck: 'false',
            'aria-label': say('gap', { n: gap }), onkeydown: nextGapOnEnter }), ' ');
      } else {
        text.append(el('span', { html: part }));
      }
    }
    set.append(el('p', { class: 'hint', text: say('gapHint') }), text);
    if (q.bank) {
      set.append(el('p', { class: 'hint', id: `q${q.n}-bank`, text: say('wordBank') }),
        el('ul', { class: 'bank', 'aria-labelledby': `q${q.n}-bank` }, ...q.bank.map((w) => el('li', { html: w }))));
    }
    /** Enter in a gap moves on to the next empty one; in the last, it checks. */
    function nextGapOnEnter(ev) {
      if (ev.key !== 'Enter') return;
      ev.preventDefault();
      const inputs = [...text.querySelectorAll('input')];
      const from = inputs.indexOf(ev.currentTarget);
      const empty = [...inputs.slice(from + 1), ...inputs.slice(0, from)].find((i) => i.value.trim() === '');
      if (empty && ev.currentTarget.value.trim() !== '') empty.focus();
      else box.querySelector('button[type=submit]').click();
    }
    let warnedEmpty = false;
    set.append(checkButton(() => {
      const inputs = [...text.querySelectorAll('input')];
      if (inputs.every((i) => i.value.trim() === '')) return notice(box, say('gapsFirst'));
      const empty = inputs.flatMap((i, k) => (i.value.trim() === '' ? [k + 1] : []));
      if (empty.length && !warnedEmpty) {
        warnedEmpty = true;
        return notice(box, say(empty.length === 1 ? 'gapEmpty' : 'gapsEmpty', { gaps: empty.join(', ') }));
      }
      const s = secret(q);
      let right = true;
      inputs.forEach((input, i) => {
        const ok = same(input.value, s.gaps[i]);
        right = right && ok;
        markField(input, ok);
      });
      const answer = el('span');
      s.gaps.forEach((g, i) => answer.append(el('span', { text: `(${i + 1}) ${g}` }), i + 1 < s.gaps.length ? '  ' : ''));
      finish(q, box, right, answer);
    }));
  }

  /** A <select> per row, labelled by the row's text. */
  function selectRows(q, rows, choices) {
    const box = el('div', { class: 'rows' });
    rows.forEach((labelHtml, i) => {
      const id = `q${q.n}-row${i}`;
      box.append(el('div', { class: 'field' }, el('label', { for: id, html: labelHtml }),
        el('select', { id }, el('option', { value: '', text: say('choose') }),
          ...choices.map((c, k) => el('option', { value: k, text: c })))));
    });
    return box;
  }

  /** The plain text of a piece of handout's escaped markup (for <option>). */
  function plain(html) {
    const t = document.createElement('template');
    t.innerHTML = html;
    return t.content.textContent;
  }

  function renderMatch(q, box, set) {
    set.append(el('p', { class: 'hint', text: say('matchHint') }));
    const right = el('ol', { class: 'lettered', 'aria-label': say('answersToChoose') },
      ...q.right.map((html) => el('li', { html })));
    set.append(el('div', { class: 'columns' }, right));
    const rows = selectRows(q, q.left.map((html, i) => `${i + 1}. ${html}`),
      q.right.map((html, k) => `${LETTERS[k]} · ${plain(html)}`));
    set.append(rows, checkButton(() => {
      const selects = [...rows.querySelectorAll('select')];
      if (selects.some((s) => s.value === '')) return notice(box, say('matchFirst'));
      // Each left item's right item: its own index, unless pairs share one.
      const { to: shared } = secret(q);
      const to = (i) => (shared ? shared[i] : i);
      let ok = true;
      selects.forEach((sel, i) => {
        const good = q.perm[Number(sel.value)] === to(i);
        ok = ok && good;
        markField(sel, good);
      });
      const answer = el('span');
      q.left.forEach((html, i) => {
        const pos = q.perm.indexOf(to(i));
        answer.append(el('span', { html: `${i + 1} → ${LETTERS[pos]}` }), i + 1 < q.left.length ? ', ' : '');
      });
      finish(q, box, ok, answer);
    }));
  }

  function renderOrder(q, box, set) {
    set.append(el('p', { class: 'hint', text: say('orderHint') }));
    const positions = q.items.map((_, k) => String(k + 1));
    const rows = selectRows(q, q.items, positions);
    set.append(rows, checkButton(() => {
      const selects = [...rows.querySelectorAll('select')];
      if (selects.some((s) => s.value === '')) return notice(box, say('orderFirst'));
      const twice = positions.filter((_, k) => selects.filter((s) => s.value === String(k)).length > 1);
      if (twice.length) {
        return notice(box, say('orderTwice', { places: twice.join(say('and')) }));
      }
      secret(q);
      let ok = true;
      selects.forEach((sel, pos) => {
        const good = Number(sel.value) === q.perm[pos];
        ok = ok && good;
        markField(sel, good);
      });
      const inOrder = new Array(q.items.length);
      q.perm.forEach((src, pos) => { inOrder[src] = q.items[pos]; });
      finish(q, box, ok, el('ol', {}, ...inOrder.map((html) => el('li', { html }))));
    }));
  }

  /** Reads a number as people write it, by the grammar of the worksheet
   *  loader (src/text/number.cpp; both are tested on tests/data/numbers.tsv):
   *  70000, 70 000, 70,000, 1.234,5, 3,5, 3e8, 3 × 10^8, −4. Returns
   *  {value}, {ambiguous: [decimal, thousands]} (3,141) or {} (not a number). */
  function readNumber(input) {
    let s = input.replace(/\u2212/g, '-').replace(/[\u00a0\u202f\u2009]/g, ' ').trim();
    let sign = 1;
    if (/^[-+]/.test(s)) { if (s[0] === '-') sign = -1; s = s.slice(1); }
    const sup = { '\u2070': '0', '\u00b9': '1', '\u00b2': '2', '\u00b3': '3', '\u2074': '4', '\u2075': '5',
      '\u2076': '6', '\u2077': '7', '\u2078': '8', '\u2079': '9', '\u207b': '-' };
    const power = (t) => {
      const m = /^10(?:\^([-+]?\d{1,6})|([\u2070\u00b9\u00b2\u00b3\u2074-\u2079\u207b]+))$/.exec(t);
      if (!m) return null;
      const e = m[1] !== undefined ? m[1] : [...m[2]].map((c) => sup[c]).join('');
      return /^[-+]?\d{1,6}$/.test(e) ? Number(e) : null;
    };
    const plain = (t) => {
      if (!/^(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return {};
      const v = Number(t);
      return Number.isFinite(v) ? { value: v } : { tooLarge: true };
    };
    const grouped = (t, sep) => {
      const parts = t.split(sep);
      if (parts.length < 2 || !/^[1-9]\d{0,2}$/.test(parts[0])) return '';
      return parts.slice(1).every((g) => /^\d{3}$/.test(g)) ? parts.join('') : '';
    };
    const body = (t) => {
      let mant = t, exp = '';
      const e = t.search(/[eE]/);
      if (e >= 0) { mant = t.slice(0, e); exp = t.slice(e); }
      const commas = (mant.match(/,/g) || []).length, dots = (mant.match(/\./g) || []).length;
      let group = mant.includes(' ') ? ' ' : '', decimal = '';
      if (commas && dots) {
        const commaLast = mant.lastIndexOf(',') > mant.lastIndexOf('.');
        if (group) return {};
        decimal = commaLast ? ',' : '.'; group = commaLast ? '.' : ',';
      } else if (dots) {
        if (dots === 1) decimal = '.'; else if (group) return {}; else group = '.';
      } else if (commas) {
        if (group || commas === 1) decimal = ','; else group = ',';
      }
      let int = mant, frac = null;
      if (decimal) {
        if (mant.split(decimal).length !== 2) return {};
        [int, frac] = mant.split(decimal);
      }
      if (group) { int = grouped(int, group); if (!int) return {}; }
      if (frac === null) return plain(int + exp);
      const r = plain(`${int}.${frac}${exp}`);
      if (r.value !== undefined && decimal === ',' && !group && !exp && frac.length === 3 && grouped(mant, ',')) {
        if (frac === '000') return plain(int + frac);
        return { ambiguous: [r.value, Number(int + frac)] };
      }
      return r;
    };
    let r = null;
    for (const times of ['\u00d7', '\u00b7', '\u22c5', 'x', 'X', '*']) {
      const at = s.indexOf(times);
      if (at < 0) continue;
      const e = power(s.slice(at + times.length).trim());
      if (e === null) return {};
      r = body(s.slice(0, at).trim());
      if (r.value !== undefined) r = plain(`${r.value}e${e}`);
      break;
    }
    if (r === null) { const e = power(s); r = e === null ? body(s) : plain(`1e${e}`); }
    if (r.value !== undefined) return { value: sign * r.value };
    if (r.ambiguous) return { ambiguous: r.ambiguous.map((v) => sign * v) };
    return r.tooLarge ? { tooLarge: true } : {};
  }
  window.handoutReadNumber = readNumber;  // for the browser test of the shared table

  function renderNumeric(q, box, set) {
    const id = `q${q.n}-num`;
    const input = el('input', { type: 'text', id, inputmode: 'decimal', autocomplete: 'off' });
    set.append(el('div', { class: 'field' }, el('label', { for: id, text: say('yourAnswer') }),
      el('div', { class: 'numeric-row' }, input, q.unit ? el('span', { class: 'unit', html: q.unit }) : null)));
    set.append(checkButton(() => {
      const read = readNumber(input.value);
      if (read.ambiguous) {
        const [decimal, thousands] = read.ambiguous;
        return notice(box, say('ambiguous', { input: input.value.trim(), a: thousands, b: decimal }));
      }
      if (read.value === undefined) return notice(box, say('notNumber'));
      const x = read.value;
      const s = secret(q);
      const right = Math.abs(x - s.v) <= s.tol + 1e-9 * Math.max(1, Math.abs(s.v));
      markField(input, right);
      finish(q, box, right, s.vt + (s.tt ? ` ± ${s.tt}` : '') + (q.unit ? ` ${q.unit}` : ''));
    }));
  }

  /** A Check button; the question's form submits to it, so Enter in a text
   *  box checks too. */
  function checkButton(onCheck) {
    const button = el('button', { type: 'submit', class: 'btn', text: say('check') });
    button.onCheck = onCheck;
    return el('div', { class: 'actions' }, button);
  }

  const RENDER = { choice: renderChoice, truefalse: renderTrueFalse, multi: renderMulti, short: renderShort,
    fill: renderFill, match: renderMatch, order: renderOrder, numeric: renderNumeric };

  function renderQuestion(q) {
    // "Question 3." is read before the prompt, apart from it; the eye sees "3.".
    const legend = el('legend', {}, el('span', { class: 'num' }, el('span', { class: 'sr', text: `${say('question')} ` }),
      `${q.n}.`), ' ', el('span', { class: 'prompt', html: q.prompt || (q.type === 'fill' ? say('fillIn') : '') }));
    if (q.points !== 1) legend.append(' ', el('span', { class: 'points', text: `(${pointsText(q.points)})` }));
    const set = el('fieldset', { class: 'question' }, legend);
    if (q.img) {
      set.append(el('figure', {}, el('img', { src: q.img,
        alt: q.alt || say('pictureAlt', { n: q.n }),
        style: q.imgW ? `width:${q.imgW}mm` : null })));
    }
    const box = el('form', { class: 'q', id: `q${q.n}`, 'data-type': q.type, novalidate: true });
    box.addEventListener('submit', (ev) => {
      ev.preventDefault();
      const button = box.querySelector('button[type=submit]');
      if (button && !box.querySelector('fieldset').disabled) {
        recordClick(q, box, button);
        button.onCheck();
      }
    });
    // Every button press is kept, in order, so the answer can be replayed
    // from storage (the Check of a form goes through submit, above).
    box.addEventListener('click', (ev) => {
      const button = ev.target.closest('button');
      if (button && button.type !== 'submit' && !button.disabled) recordClick(q, box, button);
    }, true);
    q.clicks = [];
    box.append(set);
    RENDER[q.type](q, box, set);
    // The feedback lives outside the fieldset so that locking keeps it readable.
    box.append(el('div', { class: 'feedback', role: 'status', 'aria-live': 'polite', tabindex: '-1' }));
    return box;
  }

  function render() {
    questionsBox.replaceChildren();
    state.score = 0;
    state.answered = 0;
    state.total = 0;
    state.count = 0;
    for (const section of data.sections) {
      if (section.title) questionsBox.append(el('h2', { html: section.title }));
      if (section.instructions) questionsBox.append(el('p', { class: 'section-instructions', html: section.instructions }));
      if (section.passage) questionsBox.append(el('p', { class: 'passage', html: section.passage }));
      for (const q of section.questions) {
        questionsBox.append(renderQuestion(q));
        state.total += q.points;
        state.count += 1;
      }
    }
    summaryBox.hidden = true;
    summaryBox.replaceChildren();
    codeBox.textContent = codeOf(state.seed);
    updateScore();
    restoreAnswers();
  }

  const lastQuestion = () => [...questionsBox.querySelectorAll('form.q')].pop();

  /** Links to the questions whose state is `which` ('wrong' or unanswered). */
  function questionLinks(which) {
    const forms = [...questionsBox.querySelectorAll('form.q')].filter((f) =>
      (which === 'wrong' ? f.dataset.state === 'wrong' : !f.dataset.state));
    return forms.map((f) => el('li', {}, el('a', { href: `#${f.id}`, text: `${say('question')} ${f.id.slice(1)}` })));
  }

  /** The summary after the last question: score, sheet code, the questions
   *  to look at again and any not answered yet. `focus` moves focus to it. */
  function showSummary(focus) {
    const percent = state.total ? Math.round((100 * state.score) / state.total) : 0;
    const done = state.answered === state.count;
    const wrong = questionLinks('wrong');
    const skipped = questionLinks('skipped');
    summaryBox.replaceChildren(
      el('h2', { id: 'summary-title', tabindex: '-1', text: done ? say('finished') : say('notFinished') }),
      el('p', { text: say(done ? 'scoredDone' : 'scoredSoFar', { score: pointsNumber(state.score),
        total: pointsText(state.total), percent, answered: state.answered, count: state.count }) }),
      el('p', {}, `${say('sheetCode')} `, el('span', { class: 'code', text: codeOf(state.seed) })),
      skipped.length ? el('p', { class: 'skipped-title', text: say('notAnswered', { n: skipped.length }) }) : null,
      skipped.length ? el('ul', { class: 'links skipped' }, ...skipped) : null,
      wrong.length ? el('p', { text: say('notRight', { n: wrong.length }) }) : null,
      wrong.length ? el('ul', { class: 'links wrong' }, ...wrong) : null,
      done && !wrong.length ? el('p', { text: say('allRight') }) : null,
      el('p', { class: 'hint', text: say('tryHint') }),
      el('div', { class: 'actions' },
        el('button', { type: 'button', class: 'btn', id: 'try-again', text: say('tryAgain'), onclick: () => restart() }),
        el('button', { type: 'button', class: 'btn secondary', text: say('startOver'), onclick: startOver })));
    summaryBox.hidden = false;
    if (focus) summaryBox.querySelector('h2').focus();
  }

  /** A new round: the given seed, or a random one other than the current.
   *  A worksheet with numbers that vary (`fixed`) holds only its own seed's
   *  numbers: its round starts the same sheet over. */
  function restart(seed) {
    if (data.fixed) { startOver(); return; }
    let next = seed;
    while (next === undefined || (seed === undefined && (next === 0 || next === state.seed))) {
      next = crypto.getRandomValues(new Uint32Array(1))[0];
    }
    show(next);
    window.scrollTo(0, 0);
    document.getElementById('title').focus();
  }

  /** Shows the variant of `seed` (with its stored answers), and remembers it
   *  as this worksheet's current sheet, in storage and in the address. */
  function show(seed) {
    if (seed !== state.seed) reshuffle(seed);
    render();
    store.set(currentKey, String(seed));
    if (seed !== data.seed || location.hash) {
      try { history.replaceState(null, '', `#${codeOf(seed)}`); } catch { /* e.g. a sandboxed frame */ }
    }
  }

  /** Forgets this sheet's answers and shows it again, unanswered. */
  function startOver() {
    store.remove(answersKey());
    render();
    window.scrollTo(0, 0);
    document.getElementById('title').focus();
  }

  // ---- Stored answers (per sheet code) ------------------------------------------

  /** localStorage, or nothing when the browser refuses it (private modes). */
  const store = (() => {
    try {
      const s = window.localStorage;
      s.setItem('handout:probe', '1');
      s.removeItem('handout:probe');
      return { get: (k) => s.getItem(k), set: (k, v) => s.setItem(k, v), remove: (k) => s.removeItem(k) };
    } catch {
      return { get: () => null, set: () => {}, remove: () => {} };
    }
  })();
  // The sheet this page (as handout wrote it) showed last, so a reload comes back to it.
  const currentKey = `handout:current:${codeOf(data.seed)}`;
  const answersKey = () => `handout:${codeOf(state.seed)}`;

  function recordClick(q, box, button) {
    if (!state.restoring) q.clicks.push([...box.querySelectorAll('button')].indexOf(button));
  }

  /** What was typed, ticked and chosen in a question, in document order. */
  const fieldValues = (box) => [...box.querySelectorAll('input, select, textarea')]
    .filter((c) => c.closest('fieldset'))
    .map((c) => (c.type === 'checkbox' ? c.checked : c.value));

  function saveAnswer(q, box) {
    let saved = {};
    try { saved = JSON.parse(store.get(answersKey()) || '{}'); } catch { saved = {}; }
    saved[q.n] = { v: fieldValues(box), c: q.clicks };
    store.set(answersKey(), JSON.stringify(saved));
  }

  /** Replays the stored answers of this sheet: the same values, then the
   *  same presses, without moving focus. */
  function restoreAnswers() {
    let saved;
    try { saved = JSON.parse(store.get(answersKey()) || 'null'); } catch { saved = null; }
    if (!saved) return;
    state.restoring = true;
    for (const box of questionsBox.querySelectorAll('form.q')) {
      const answer = saved[box.id.slice(1)];
      if (!answer) continue;
      const fields = [...box.querySelectorAll('input, select, textarea')].filter((c) => c.closest('fieldset'));
      fields.forEach((c, i) => {
        if (c.type === 'checkbox') c.checked = answer.v[i] === true;
        else if (answer.v[i] !== undefined) c.value = answer.v[i];
      });
      for (const index of answer.c) {
        if (box.dataset.state) break;
        const button = box.querySelectorAll('button')[index];
        if (!button || button.disabled) continue;
        if (button.type === 'submit') button.onCheck();
        else button.click();
      }
    }
    state.restoring = false;
    if (state.answered === state.count || lastQuestion()?.dataset.state) showSummary(false);
  }

  // ---- Opening a sheet from its code ----------------------------------------------

  /** The seed of a code of this worksheet; null when it is another
   *  worksheet's (or an edited one's); { typo } or { checkFails } when it
   *  is this worksheet's code mistyped (codes.js); undefined when it is no
   *  sheet code. Codes W2 (before check characters) and W1 (handout 0.1)
   *  are read from their stems. */
  function seedOfCode(text) {
    const typed = handoutCodes.normal(text);
    let seed = handoutCodes.read(text, data.fp);
    for (const stem of data.stems) {
      if (seed !== undefined) break;
      const s = handoutCodes.normal(stem);
      if (!typed.startsWith(s)) continue;
      const digits = typed.slice(s.length);
      if (/^(0|[1-9][0-9]{0,9})$/.test(digits) && Number(digits) <= 0xFFFFFFFF) seed = Number(digits);
    }
    // Numbers that vary: only this page's own seed has its numbers here.
    if (typeof seed === 'number') return data.fixed && seed !== data.seed ? null : seed;
    if (seed !== undefined) return seed;
    return /^W[0-9]/.test(typed) && typed.length > 8 ? null : undefined;
  }

  const codeMessage = document.getElementById('code-message');

  /** Opens the sheet of a typed code; says why when it cannot. */
  function openCode(text) {
    const seed = seedOfCode(text);
    if (seed === undefined) {
      codeMessage.textContent = say('notCode', { text: text.trim(), example: codeOf(1) });
      return false;
    }
    if (seed === null) {
      codeMessage.textContent = say('otherSheet', { text: text.trim() });
      return false;
    }
    if (typeof seed === 'object') {
      codeMessage.textContent = seed.typo ? say('typo', { text: text.trim(), code: seed.typo })
        : say('checkFails', { text: text.trim() });
      return false;
    }
    show(seed);
    codeMessage.textContent = say('showing', { code: codeOf(seed) });
    return true;
  }

  document.getElementById('code-form').addEventListener('submit', (ev) => {
    ev.preventDefault();
    openCode(document.getElementById('code-input').value);
  });
  document.getElementById('start-over').addEventListener('click', startOver);
  window.addEventListener('hashchange', () => {
    const text = decodeURIComponent(location.hash.slice(1));
    if (text && text !== codeOf(state.seed)) openCode(text);
  });
  document.getElementById('start').hidden = false;

  // The first sheet: the code after `#`, else the one this browser had open,
  // else the seed handout wrote.
  const fromHash = location.hash ? seedOfCode(decodeURIComponent(location.hash.slice(1))) : undefined;
  const stored = Number(store.get(currentKey));
  if (typeof fromHash === 'number') show(fromHash);
  else if (store.get(currentKey) !== null && Number.isInteger(stored) && stored >= 0 && stored <= 0xFFFFFFFF) show(stored);
  else render();
  if (location.hash && typeof fromHash !== 'number') openCode(decodeURIComponent(location.hash.slice(1)));
  // For tests and the curious: the current seed, and a restart with a chosen seed.
  window.handoutQuiz = { get seed() { return state.seed; }, restart, SplitMix64, shuffledOrder, seedOfCode };
  document.documentElement.dataset.ready = 'true';
})();
