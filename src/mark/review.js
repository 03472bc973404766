// review.html (handout mark --report): the teacher decides here what the
// scanner left to a person, and saves the decisions as the corrections file
// `handout mark --fix` reads (sheet,question,marked; docs/marking.md).
//
// The page's data (a JSON element written by src/mark/review_page.cpp) lists
// every sheet's questions with what was read and the answers each may take
// on that sheet. Decisions live in one Map, kept in localStorage under the
// run's identity (a reload keeps them) and started from the corrections the
// run was given, so the saved file holds those and the new ones. Text from
// the data is only ever set as textContent.
(() => {
  'use strict';
  const data = JSON.parse(document.getElementById('review-data').textContent);
  const storeKey = `handout-review:${data.run}`;
  const $ = (id) => document.getElementById(id);

  // ---- Decisions ----------------------------------------------------------
  const decisions = new Map();  // JSON [sheet, question] → {sheet, question, marked}
  const keyOf = (sheet, question) => JSON.stringify([sheet, question]);

  function load() {
    let rows = data.corrections;
    try {
      const kept = JSON.parse(localStorage.getItem(storeKey) || 'null');
      if (Array.isArray(kept)) rows = kept;
    } catch { /* no storage (private window): start from the corrections */ }
    for (const [sheet, question, marked] of rows) {
      decisions.set(keyOf(sheet, question), { sheet: String(sheet), question: Number(question), marked: String(marked) });
    }
  }

  function store() {
    const rows = [...decisions.values()].map((d) => [d.sheet, d.question, d.marked]);
    try { localStorage.setItem(storeKey, JSON.stringify(rows)); } catch { /* kept in the page only */ }
  }

  /** A CSV cell as RFC 4180 writes it (quoted only when it must be). */
  const cell = (text) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

  function csv() {
    const lines = ['sheet,question,marked'];
    for (const d of decisions.values()) lines.push([d.sheet, String(d.question), d.marked].map(cell).join(','));
    return `${lines.join('\n')}\n`;
  }

  // ---- What a question may take ----------------------------------------------
  /** How a question is answered here: one of its choices, several, one per row, a number, or points. */
  function kindOf(q) {
    if (q.type === 'choice' || q.type === 'truefalse') return 'one';
    if (q.type === 'multi') return 'many';
    if (q.type === 'match' || q.type === 'order') return 'rows';
    return q.choices.length ? 'points' : 'number';  // a teacher box's scores, else a numeric grid
  }

  /** A number as --fix reads it: digits with at most one point, perhaps a minus sign. */
  function number(text) {
    const t = text.trim().replace(',', '.').replace('\u2212', '-');
    return /^-?(\d+\.?\d*|\.\d+)$/.test(t) ? t : null;
  }

  /** Points the teacher may give: a half-point step from 0 to the full points. */
  function points(text, q) {
    const t = number(text);
    if (t === null) return null;
    const v = Number(t);
    const most = Math.max(...q.choices.map(Number));
    if (v < 0 || v > most + 1e-9 || Math.abs(v * 2 - Math.round(v * 2)) > 1e-9) return null;
    return String(v);
  }

  const shown = (marked) => (marked === '' ? 'no answer' : marked);

  // ---- One question on the page ------------------------------------------------
  const items = [];          // every Item built, flagged ones first
  const byKey = new Map();   // decision key → its Items (a flagged one and its row in All answers)

  class Item {
    constructor(el, sheet, q, flagged) {
      Object.assign(this, { el, sheet, q, flagged, kind: kindOf(q), key: keyOf(sheet.code, q.q) });
      this.reset();
      el.item = this;
      const box = el.querySelector('.decide');
      this.build(box);
      items.push(this);
      if (!byKey.has(this.key)) byKey.set(this.key, []);
      byKey.get(this.key).push(this);
      el.addEventListener('focus', () => current(this));
      el.addEventListener('click', () => current(this));
    }

    /** Forgets what is being chosen (not the decision). */
    reset() {
      this.none = false;
      this.one = null;
      this.many = new Set();
      this.cells = this.q.rows.map(() => null);
      this.at = 0;
      this.typed = '';
      if (this.input) this.input.value = '';
    }

    button(value, text, onPress, extra = '', html = '') {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `choice ${extra}`.trim();
      b.dataset.v = value;
      b.setAttribute('aria-pressed', 'false');
      if (value !== '') {
        const k = document.createElement('kbd');
        k.textContent = value;
        b.append(k);
      }
      // A text with formulas comes as HTML with MathML, made by handout.
      if (html) b.insertAdjacentHTML('beforeend', html);
      else if (text) b.append(document.createTextNode(text));
      b.addEventListener('click', (e) => { e.stopPropagation(); this.el.focus(); onPress(); });
      return b;
    }

    build(box) {
      const q = this.q;
      const row = document.createElement('div');
      row.className = 'choices';
      this.buttons = [];
      if (this.kind === 'rows') {
        const table = document.createElement('table');
        table.className = 'rows';
        this.rowEls = q.rows.map((label, r) => {
          const tr = table.insertRow();
          const th = document.createElement('th');
          th.scope = 'row';
          th.textContent = `${q.type === 'match' ? `${r + 1}. ` : ''}`;
          if (q.rowsHtml) th.insertAdjacentHTML('beforeend', q.rowsHtml[r]);
          else th.append(label);
          tr.append(th);
          const td = tr.insertCell();
          const cells = document.createElement('div');
          cells.className = 'choices';
          for (let k = 0; k < q.choices.length; ++k) {
            const b = this.button(q.choices[k], q.type === 'match' ? q.texts[k] : '', () => this.setRow(r, q.choices[k]),
              '', q.type === 'match' && q.textsHtml ? q.textsHtml[k] : '');
            b.dataset.row = String(r);
            b.title = q.texts[k] || '';
            cells.append(b);
            this.buttons.push(b);
          }
          const blank = this.button('-', '', () => this.setRow(r, '-'), 'none');
          blank.dataset.row = String(r);
          blank.title = 'row left blank';
          cells.append(blank);
          this.buttons.push(blank);
          td.append(cells);
          return tr;
        });
        box.append(table);
      } else if (this.kind === 'number') {
        this.input = document.createElement('input');
        this.input.className = 'number';
        this.input.inputMode = 'decimal';
        this.input.autocomplete = 'off';
        this.input.setAttribute('aria-label', 'the number');
        this.input.placeholder = 'type the number';
        this.input.addEventListener('input', () => { this.none = false; this.render(); });
        row.append(this.input);
      } else {
        q.choices.forEach((v, k) => {
          const press = this.kind === 'many' ? () => this.toggle(v) : () => { this.pick(v); this.accept(); };
          const b = this.button(v, this.kind === 'points' ? '' : q.texts[k], press, '',
            this.kind !== 'points' && q.textsHtml ? q.textsHtml[k] : '');
          row.append(b);
          this.buttons.push(b);
        });
      }
      const none = this.button('', 'no answer', () => { this.chooseNone(); this.accept(); }, 'none');
      none.dataset.v = '';
      none.title = 'no answer (Space)';
      this.noneButton = none;
      row.append(none);
      if (this.kind !== 'one' && this.kind !== 'points') {
        const ok = document.createElement('button');
        ok.type = 'button';
        ok.className = 'accept';
        ok.textContent = 'Accept';
        ok.title = 'Enter';
        ok.addEventListener('click', (e) => { e.stopPropagation(); this.accept(); });
        row.append(ok);
      }
      box.append(row);
      this.line = document.createElement('div');
      this.line.className = 'decision';
      box.append(this.line);
      this.render();
    }

    // -- choosing (pending until accepted) --
    pick(v) { this.none = false; this.one = v; this.typed = ''; this.render(); }
    toggle(v) {
      this.none = false;
      if (this.many.has(v)) this.many.delete(v); else this.many.add(v);
      this.render();
    }
    setRow(r, v) {
      this.none = false;
      this.cells[r] = v;
      this.at = Math.min(r + 1, this.cells.length - 1);
      if (this.cells.every((c) => c !== null)) this.at = r;
      this.render();
    }
    chooseNone() { this.reset(); this.none = true; this.render(); }

    /** What would be written if accepted now; null when nothing is chosen. */
    pending() {
      if (this.none) return '';
      switch (this.kind) {
        case 'one': return this.one;
        case 'points': return this.typed ? points(this.typed, this.q) : this.one;
        case 'many': return this.many.size ? this.q.choices.filter((c) => this.many.has(c)).join(';') : null;
        case 'rows': {
          if (this.cells.every((c) => c === null)) return null;
          const cells = this.cells.map((c) => c ?? '-');
          return cells.every((c) => c === '-') ? '' : cells.join(';');
        }
        default: return this.input.value.trim() ? number(this.input.value) : null;
      }
    }

    /** A key typed on this item; true when it meant something here. */
    type(key) {
      const q = this.q;
      const upper = key.toUpperCase();
      if (this.kind === 'one' && q.choices.includes(upper)) { this.pick(upper); return true; }
      if (this.kind === 'many' && q.choices.includes(upper)) { this.toggle(upper); return true; }
      if (this.kind === 'rows' && (q.choices.includes(upper) || key === '-')) {
        this.setRow(this.at, key === '-' ? '-' : upper);
        return true;
      }
      if (this.kind === 'points' && /^[0-9.,]$/.test(key)) {
        this.none = false;
        this.typed += key;
        const v = points(this.typed, q);
        this.one = v !== null && q.choices.includes(v) ? v : null;
        this.render();
        return true;
      }
      if (this.kind === 'number' && /^[0-9.,\-]$/.test(key)) {
        this.input.focus();
        this.input.value += key;
        this.none = false;
        this.render();
        return true;
      }
      return false;
    }

    /** Backspace: takes back the last thing chosen, else the decision. */
    back() {
      if (this.kind === 'rows' && this.cells.some((c) => c !== null)) {
        let r = this.cells.length - 1;
        while (this.cells[r] === null) --r;
        this.cells[r] = null;
        this.at = r;
      } else if (this.kind === 'points' && this.typed) {
        this.typed = this.typed.slice(0, -1);
        this.one = null;
      } else if (this.none || this.one !== null || this.many.size) {
        this.reset();
      } else {
        this.undo();
        return;
      }
      this.render();
    }

    undo() {
      this.reset();
      decisions.delete(this.key);
      changed(this.key);
    }

    accept() {
      const v = this.pending();
      if (v === null) {
        this.hint = this.kind === 'number' ? 'type a number (or Space for no answer)'
          : this.kind === 'points' ? `type points from 0 to ${this.q.max}, in halves`
            : 'choose an answer first (or Space for no answer)';
        this.render();
        return;
      }
      decisions.set(this.key, { sheet: this.sheet.code, question: this.q.q, marked: v });
      this.reset();
      changed(this.key);
      next(this, true);
    }

    decision() { return decisions.get(this.key); }

    render() {
      const d = this.decision();
      const p = this.pending();
      const active = p !== null || this.none;
      const shownValue = active ? p : d ? d.marked : null;
      // Buttons show what is being chosen, else the decision.
      const single = this.kind === 'one' || this.kind === 'points';
      const parts = shownValue === null || shownValue === '' ? [] : shownValue.split(';');
      const read = this.q.read === '' ? [] : this.q.read.split(';');
      for (const b of this.buttons) {
        let on = false;
        if (this.kind === 'rows') {
          const r = Number(b.dataset.row);
          const cell = active ? this.cells[r] : parts[r] ?? null;
          on = cell === b.dataset.v;
        } else if (this.kind === 'many') {
          on = active ? this.many.has(b.dataset.v) : parts.includes(b.dataset.v);
        } else if (single) {
          on = shownValue === b.dataset.v;
        }
        b.setAttribute('aria-pressed', String(on));
        // What the scanner read, outlined (a row's by its place, a letter's anywhere).
        const wasRead = this.kind === 'rows' ? read[Number(b.dataset.row)] === b.dataset.v : read.includes(b.dataset.v);
        b.classList.toggle('read', wasRead);
      }
      this.noneButton.setAttribute('aria-pressed', String(shownValue === ''));
      if (this.rowEls) this.rowEls.forEach((tr, r) => tr.classList.toggle('at', r === this.at));
      if (this.input && !active && d && document.activeElement !== this.input) this.input.value = d.marked;
      this.el.classList.toggle('decided', Boolean(d));
      // The line under the buttons: what is decided and what Enter would do.
      this.line.replaceChildren();
      const say = (text, cls) => {
        const s = document.createElement('span');
        if (cls) s.className = cls;
        s.textContent = text;
        this.line.append(s);
      };
      if (d) {
        say('decided:');
        say(shown(d.marked), 'value');
        const undo = document.createElement('button');
        undo.type = 'button';
        undo.textContent = 'Undo';
        undo.title = 'Backspace or Delete';
        undo.addEventListener('click', (e) => { e.stopPropagation(); this.undo(); this.el.focus(); });
        this.line.append(undo);
      } else if (!this.flagged) {
        say(`read: ${shown(this.q.read)} (${this.q.status})`);
      }
      if (active && p !== (d && d.marked)) say(p === null ? '' : `Enter to accept ${shown(p)}`);
      if (this.hint) { say(this.hint, 'hint'); this.hint = ''; }
    }
  }

  // ---- Moving between items -------------------------------------------------
  let at = null;
  function current(item) {
    if (at && at !== item) at.el.classList.remove('current');
    at = item;
    item.el.classList.add('current');
  }

  /** Items a person can reach now (visible), in page order. */
  function reachable() {
    return [...document.querySelectorAll('.item[data-s]')].filter((el) => el.item && el.offsetParent !== null)
      .map((el) => el.item);
  }

  function go(item) {
    item.el.focus({ preventScroll: true });
    item.el.scrollIntoView({ block: 'nearest' });
    current(item);
  }

  function move(from, step) {
    const list = reachable();
    if (!list.length) return;
    const i = from ? list.indexOf(from) : -1;
    go(list[Math.max(0, Math.min(list.length - 1, i + step))]);
  }

  /** After a decision: the next flagged item still undecided, else the next one. */
  function next(from, afterDecision) {
    const list = reachable();
    const i = list.indexOf(from);
    if (afterDecision && from.flagged) {
      const flagged = list.filter((it) => it.flagged);
      const k = flagged.indexOf(from);
      const rest = [...flagged.slice(k + 1), ...flagged.slice(0, k)];
      const open = rest.find((it) => !it.decision());
      if (open) { go(open); return; }
      if (flagged.every((it) => it.decision())) { go(from); return; }
    }
    if (i >= 0 && i + 1 < list.length) go(list[i + 1]);
  }

  // ---- Progress and saving ---------------------------------------------------------
  function changed(key) {
    for (const it of byKey.get(key) || []) it.render();
    store();
    progress();
  }

  function progress() {
    const flagged = items.filter((it) => it.flagged);
    const done = flagged.filter((it) => it.decision()).length;
    const extra = decisions.size - done;
    let text = flagged.length ? `${done} of ${flagged.length} decided` : 'nothing to decide';
    if (flagged.length && done === flagged.length) text += ' — all decided: save the corrections';
    if (extra > 0) text += ` (${extra} other correction${extra === 1 ? '' : 's'} kept)`;
    $('progress').textContent = text;
    $('progress-bar').max = Math.max(1, flagged.length);
    $('progress-bar').value = done;
  }

  function saved(text) {
    $('saved').textContent = text;
  }

  $('download').addEventListener('click', () => {
    const url = URL.createObjectURL(new Blob([csv()], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'corrections.csv';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    saved(`corrections.csv saved (${decisions.size} line${decisions.size === 1 ? '' : 's'}): run the same command with --fix corrections.csv`);
  });

  $('copy').addEventListener('click', async () => {
    const text = csv();
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const area = document.createElement('textarea');
      area.value = text;
      document.body.append(area);
      area.select();
      document.execCommand('copy');
      area.remove();
    }
    saved(`${decisions.size} correction line${decisions.size === 1 ? '' : 's'} copied`);
  });

  // ---- All answers: any sheet, found by name or code ----------------------------------
  function sheetList() {
    const list = $('sheets');
    if (!list) return;
    data.sheets.forEach((sheet, s) => {
      const li = document.createElement('li');
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      const open = sheet.questions.filter((q) => q.points === null).length;
      summary.textContent = !sheet.scanned ? `${sheet.name || '(no name)'} · not scanned`
        : `${sheet.name || '(no name)'} · ${sheet.code} · ${sheet.points ?? '?'} of ${sheet.max}` +
          (open ? ` · ${open} to decide` : '');
      details.append(summary);
      details.addEventListener('toggle', () => { if (details.open && !details.built) build(details, sheet, s); });
      li.append(details);
      li.dataset.find = `${sheet.name} ${sheet.code}`.toLowerCase();
      list.append(li);
    });
    $('find').addEventListener('input', filter);
    $('find').addEventListener('keydown', (e) => {
      if (e.key !== 'Enter') return;
      const first = [...list.children].find((li) => !li.hidden);
      if (!first) return;
      const details = first.querySelector('details');
      details.open = true;
      if (!details.built) build(details, data.sheets[Number(first.dataset.s)], Number(first.dataset.s));
      const item = details.querySelector('.item');
      if (item) go(item.item);
      e.preventDefault();
      e.stopPropagation();  // this Enter found the sheet: it decides nothing
    });
    [...list.children].forEach((li, s) => { li.dataset.s = String(s); });
  }

  function filter() {
    const words = $('find').value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const li of $('sheets').children) li.hidden = !words.every((w) => li.dataset.find.includes(w));
  }

  function build(details, sheet, s) {
    details.built = true;
    const ul = document.createElement('ul');
    ul.className = 'items';
    sheet.questions.forEach((q, i) => {
      const li = document.createElement('li');
      li.className = 'item';
      li.tabIndex = 0;
      li.dataset.s = String(s);
      li.dataset.q = String(i);
      li.setAttribute('aria-label', `question ${q.q} of ${sheet.name || sheet.code}`);
      const what = document.createElement('div');
      what.className = 'what';
      const head = document.createElement('p');
      const b = document.createElement('b');
      b.textContent = `Q${q.q}`;
      head.append(b, ` (printed as ${q.n}) ${q.type} · read ${shown(q.read)} · ${q.status}` +
        (q.points !== null ? ` · ${q.points} of ${q.max}` : ' · to decide') + (q.fixed ? ' · corrected' : ''));
      const prompt = document.createElement('p');
      prompt.className = 'prompt';
      if (q.promptHtml) prompt.innerHTML = q.promptHtml;
      else prompt.textContent = q.prompt;
      const decide = document.createElement('div');
      decide.className = 'decide';
      what.append(head, prompt, decide);
      li.append(what);
      ul.append(li);
      new Item(li, sheet, q, false);  // registers itself in items
    });
    details.append(ul);
  }

  // ---- Keyboard ------------------------------------------------------------------
  function onKey(e) {
    if ((e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 's') {  // save: the corrections file
      e.preventDefault();
      $('download').click();
      return;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = document.activeElement;
    const item = el && el.closest && el.closest('.item[data-s]')?.item;
    const inInput = el && el.tagName === 'INPUT';
    if (!item) {
      // Outside the items, the moving keys come back to the current one.
      if (inInput || !['j', 'k', 'ArrowDown', 'ArrowUp'].includes(e.key)) return;
      const list = reachable();
      const back = at && list.includes(at) ? at : list[0];
      if (back) go(back);
      e.preventDefault();
      return;
    }
    const onButton = el.tagName === 'BUTTON';
    let done = true;
    switch (e.key) {
      case 'Enter': if (onButton) return; item.accept(); break;
      case 'ArrowDown': move(item, 1); break;
      case 'ArrowUp': move(item, -1); break;
      case 'ArrowRight': if (inInput) return; move(item, 1); break;
      case 'ArrowLeft': if (inInput) return; move(item, -1); break;
      case 'Escape': if (inInput) item.el.focus(); else done = false; break;
      case ' ': if (onButton) return; item.chooseNone(); break;
      case 'Delete': if (inInput && el.value) return; item.undo(); break;
      case 'Backspace':
        if (inInput && el.value) return;
        item.back();
        break;
      default:
        if (e.key.length !== 1) { done = false; break; }
        if (inInput) {
          if (/^[0-9.,\-]$/.test(e.key)) return;  // typed into the number
          done = e.key === 'j' || e.key === 'k';
          if (done) move(item, e.key === 'j' ? 1 : -1);
          break;
        }
        if (item.type(e.key)) break;
        if (e.key === 'j' || e.key === 'k') move(item, e.key === 'j' ? 1 : -1);
        else done = false;
    }
    if (done) e.preventDefault();
  }

  // ---- Start ----------------------------------------------------------------------
  load();
  for (const el of document.querySelectorAll('#flags > .item')) {
    const sheet = data.sheets[Number(el.dataset.s)];
    new Item(el, sheet, sheet.questions[Number(el.dataset.q)], true);  // registers itself in items
  }
  sheetList();
  const how = $('how');
  if (how) {
    how.replaceChildren();
    const p = document.createElement('p');
    const code = (text) => {
      const c = document.createElement('code');
      c.textContent = text;
      return c;
    };
    const anyFlag = items.some((it) => it.flagged);
    p.append(anyFlag ? 'Decide each answer below, by mouse or keyboard, then save the corrections file and run the '
      : 'Nothing to decide. Any answer read can still be changed under All answers: save the corrections file and run the ',
      'same ', code('handout mark'), ' command again with ', code('--fix corrections.csv'),
      '. A dashed outline shows what the scanner read.',
      data.corrections.length ? ` This page started from the ${data.corrections.length} corrections that run was ` +
        'given; the file you save holds them too: save it over the old one.' : '');
    const keys = document.createElement('ul');
    keys.className = 'keys';
    for (const [k, text] of [['A B C… T F 0–9', 'choose (rows in turn, - a blank row)'], ['Space', 'no answer'],
      ['Enter', 'accept, next'], ['↓ ↑ j k', 'move'], ['Backspace', 'take back'], ['Delete', 'undo'],
      ['Ctrl+S', 'save corrections.csv']]) {
      const li = document.createElement('li');
      const kbd = document.createElement('kbd');
      kbd.textContent = k;
      li.append(kbd, ` ${text}`);
      keys.append(li);
    }
    how.append(p, keys);
  }
  document.documentElement.classList.add('js');
  const all = $('all');
  if (all) all.hidden = false;
  $('toolbar').hidden = false;
  for (const it of items) it.render();
  progress();
  document.addEventListener('keydown', onKey);
  const first = items.find((it) => it.flagged && !it.decision()) || items[0];
  if (first) current(first);
  document.documentElement.dataset.ready = 'true';
})();
