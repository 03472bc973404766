// Sheet codes as the quiz page reads them (embedded before quiz.js by
// `handout html`; tests/quiz_codes.test.mjs runs it in node). The rules are
// those of src/variant/sheet_code.cpp: a code W3-XXXX-XXXXXXXXX-<seed>-<check>
// ends in Crockford's check symbol of fingerprint × 2^32 + seed, so a typo is
// told apart from the code of another (or an edited) worksheet.
const handoutCodes = (() => {
  'use strict';

  const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const CHECK_SYMBOLS = `${CROCKFORD}*~$=U`;

  /** Crockford's check symbol of fingerprint × 2^32 + seed (mod 37). */
  function checkSymbol(fp, seed) {
    let rest = 0;
    for (const c of fp) rest = (rest * 32 + Math.max(0, CROCKFORD.indexOf(c))) % 37;
    rest = (rest * (2 ** 32 % 37) + (seed % 37)) % 37;
    return CHECK_SYMBOLS[rest];
  }

  /** The code printed on sheet `seed` of the worksheet with fingerprint `fp`. */
  const codeOf = (fp, seed) => `W3-${fp.slice(0, 4)}-${fp.slice(4)}-${seed}-${checkSymbol(fp, seed)}`;

  /** A code as a person may type it: any case, spaces and dashes ignored,
   *  I and L read as 1, O as 0. */
  const normal = (text) => text.toUpperCase().replace(/[\s\-\u2010-\u2015]/g, '')
    .replace(/[IL]/g, '1').replace(/O/g, '0');

  /** A seed written as handout writes it, or undefined. */
  const seedOf = (digits) =>
    (/^(0|[1-9][0-9]{0,9})$/.test(digits) && Number(digits) <= 0xFFFFFFFF ? Number(digits) : undefined);

  /** True when `typed` is `right` with one character wrong or two
   *  neighbours swapped (an edit changes the whole hash instead). */
  function oneTypoFrom(typed, right) {
    const differ = [];
    for (let i = 0; i < right.length; ++i) if (typed[i] !== right[i]) differ.push(i);
    if (differ.length === 1) return true;
    const [a, b] = differ;
    return differ.length === 2 && b === a + 1 && typed[a] === right[b] && typed[b] === right[a];
  }

  /** What `text` is for the worksheet with fingerprint `fp`, when it has
   *  the shape of a W3 or W2 code: its seed (a number); { typo: the code
   *  probably meant } or { checkFails: true } for a mistyped code of this
   *  worksheet; null for the code of another (or an edited) worksheet.
   *  Undefined for anything else, and for a W2 code of this worksheet
   *  (quiz.js reads those from their stems). */
  function read(text, fp) {
    // W2: the fingerprint, then the seed; W3: then the check, the last character.
    const m = /^W([23])([0-9A-Z]{13})([0-9]+[0-9A-Z*~$=]?)$/.exec(normal(text));
    if (!m) return undefined;
    const [, version, typed, rest] = m;
    const digits = version === '3' ? rest.slice(0, -1) : rest;
    const check = version === '3' ? rest.slice(-1) : '';
    if (typed.length !== fp.length) return undefined;
    const seed = seedOf(digits);
    if (seed === undefined) return undefined;
    if (typed === fp) {
      if (version === '2') return undefined;
      return check === checkSymbol(fp, seed) ? seed : { checkFails: true };
    }
    if (!oneTypoFrom(typed, fp)) return null;
    return { typo: version === '2' ? `W2-${fp.slice(0, 4)}-${fp.slice(4)}-${seed}` : codeOf(fp, seed) };
  }

  return { checkSymbol, codeOf, normal, read };
})();
if (typeof module === 'object') module.exports = handoutCodes;
