import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { lowConfidenceWords, PREACHER_PROMPT, recognitionPrompt, titlePrompt } from '../../src/transcription/recognition.vocabulary.ts';

const heard = (...pairs: Array<[string, number]>) => pairs.map(([word, probability], i) => ({ word, start: i, end: i + 0.5, probability }));

test('low-confidence words: a rare word with a doubt, or a word mostly unsure; never function words', () => {
  const low = lowConfidenceWords(
    heard(
      // misheard, confidently once: said twice, unsure once
      ['Orons', 0.23], ['Orons', 0.95],
      // heard right four times, one dip: trusted
      ['grace', 0.54], ['grace,', 0.28], ['Grace', 1.0], ['grace.', 0.89],
      // mostly unsure
      ['lung', 0.2], ['lung', 0.25], ['lung', 0.9],
      // once, sure
      ['weight', 0.87],
      // function words are never held against a headline
      ['the', 0.05], ['he', 0.1],
    ),
  );
  assert.deepEqual([...low].sort(), ['lung', 'orons']);
});

test('the short initial prompts hold no book list: the title alone, or one sentence with one written reference', () => {
  assert.equal(titlePrompt('The Anchor of Hope'), 'The Anchor of Hope.');
  assert.equal(titlePrompt(' Love That Lasts. '), 'Love That Lasts.');
  assert.equal(titlePrompt('  '), undefined);
  assert.equal(titlePrompt(undefined), undefined);
  assert.match(PREACHER_PROMPT, /Romans 8:28/);
  for (const prompt of [titlePrompt('The Anchor of Hope')!, PREACHER_PROMPT]) {
    assert.ok(!/Genesis|Exodus|Revelation/.test(prompt), prompt);
    assert.ok(prompt.length < recognitionPrompt().length / 4, prompt);
  }
});
