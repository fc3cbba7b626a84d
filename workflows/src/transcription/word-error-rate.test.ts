import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { normalizeWords, numberToWords, wordErrorRate } from './word-error-rate.ts';

test('numbers and references are compared as spoken words', () => {
  assert.equal(numberToWords(16), 'sixteen');
  assert.equal(numberToWords(28), 'twenty eight');
  assert.equal(numberToWords(119), 'one hundred nineteen');
  assert.deepEqual(normalizeWords('John 3:16, 2nd Timothy!'), ['john', 'three', 'sixteen', 'second', 'timothy']);
  assert.equal(wordErrorRate('John chapter three verse sixteen', 'John chapter 3 verse 16.'), 0);
});

test('substitutions, deletions and insertions each count once against the reference length', () => {
  assert.equal(wordErrorRate('a b c d', 'a x c d'), 0.25);
  assert.equal(wordErrorRate('a b c d', 'a c d'), 0.25);
  assert.equal(wordErrorRate('a b c d', 'a b c d e f'), 0.5);
  assert.equal(wordErrorRate('a b', ''), 1);
  assert.equal(wordErrorRate('', ''), 0);
});
