// The quiz page's sheet codes (src/html/codes.js) in node: the same check
// characters as handout prints (src/variant/sheet_code.cpp; the literals
// below are handout's codes of worksheets/split-the-work.yaml), and each
// kind of typo told apart from another worksheet's code (issue 32).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const codes = require('../src/html/codes.js');

const FP = 'V29VYB59M47DG';  // split-the-work.yaml

test('codes are written as handout prints them', () => {
  assert.equal(codes.codeOf(FP, 17), 'W3-V29V-YB59M47DG-17-5');
  assert.equal(codes.codeOf(FP, 3), 'W3-V29V-YB59M47DG-3-W');
  assert.equal(codes.checkSymbol('0000000000000', 36), 'U');
  assert.equal(codes.checkSymbol('0000000000000', 32), '*');
  assert.equal(codes.checkSymbol('0000000000001', 0), '7');
});

test('a code as printed or as typed opens its seed', () => {
  assert.equal(codes.read('W3-V29V-YB59M47DG-17-5', FP), 17);
  assert.equal(codes.read('w3 v29v yb59m47dg 17 5', FP), 17);
  assert.equal(codes.read('W3V29VYB59M47DG4294967295' + codes.checkSymbol(FP, 4294967295), FP), 4294967295);
});

test('every substitution is a typo, with the code meant', () => {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  for (let i = 0; i < FP.length; ++i) {
    for (const c of alphabet) {
      if (c === FP[i]) continue;
      const typed = FP.slice(0, i) + c + FP.slice(i + 1);
      assert.deepEqual(codes.read(`W3-${typed.slice(0, 4)}-${typed.slice(4)}-17-5`, FP),
        { typo: 'W3-V29V-YB59M47DG-17-5' }, typed);
    }
  }
  for (const seed of ['18', '27', '11', '77']) {
    assert.deepEqual(codes.read(`W3-V29V-YB59M47DG-${seed}-5`, FP), { checkFails: true }, seed);
  }
});

test('every transposition is a typo', () => {
  for (let i = 0; i + 1 < FP.length; ++i) {
    if (FP[i] === FP[i + 1]) continue;
    const typed = FP.slice(0, i) + FP[i + 1] + FP[i] + FP.slice(i + 2);
    assert.deepEqual(codes.read(`W3${typed}175`, FP), { typo: 'W3-V29V-YB59M47DG-17-5' }, typed);
  }
  assert.deepEqual(codes.read('W3-V29V-YB59M47DG-71-5', FP), { checkFails: true });
});

test('look-alikes: I, L and O are read as 1 and 0; 5 for S, 8 for B, Z for 2 are typos', () => {
  assert.equal(codes.read('W3-V29V-YB59M47DG-I7-5', FP), 17);
  assert.equal(codes.read('W3-V29V-YB59M47DG-l7-5', FP), 17);
  assert.deepEqual(codes.read('W3-V29V-Y859M47DG-17-5', FP), { typo: 'W3-V29V-YB59M47DG-17-5' });
  assert.deepEqual(codes.read('W3-V29V-YBS9M47DG-17-5', FP), { typo: 'W3-V29V-YB59M47DG-17-5' });
  assert.deepEqual(codes.read('W3-VZ9V-YB59M47DG-17-5', FP), { typo: 'W3-V29V-YB59M47DG-17-5' });
});

test('another worksheet, W2 codes and non-codes', () => {
  assert.equal(codes.read('W3-V29V-ABCDEFGHJ-17-5', FP), null);
  assert.equal(codes.read('W2-V29V-YB59M47DG-17', FP), undefined);  // quiz.js reads it from its stem
  assert.deepEqual(codes.read('W2-V29V-YB59M47D6-17', FP), { typo: 'W2-V29V-YB59M47DG-17' });
  assert.equal(codes.read('hello', FP), undefined);
  // Cut short: "17" reads as seed 1 with check 7, which does not fit.
  assert.deepEqual(codes.read('W3-V29V-YB59M47DG-17', FP), { checkFails: true });
});
