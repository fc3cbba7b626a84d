// Session 13: church notices by a model learned from the annotated sermons, beside the hand-written
// cues (ADR 0016, "Session 13: notices learned"): the runs, the word classes, the data step's
// labels and the shipped weights. The sentences are written for these tests.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { NOTICE_MODEL, noticeRuns, noticeTokens } from '../../src/content/generation/extractive.notices.model.ts';
import { alignWords, labelSentences, readNoticeData } from '../../eval/notices.data.ts';
import { trainNoticeModel, weightsFile, weightsJson } from '../../eval/notices.train.ts';
import { parseSermon } from '../../eval/eval.sermons.ts';

test('runs are decided together: a weak line inside the notices joins them, a lone weak line in the sermon does not', () => {
  assert.deepEqual(noticeRuns([-3, 2, -0.5, 2, -3], 1), [false, true, true, true, false]);
  assert.deepEqual(noticeRuns([-3, -3, 0.5, -3, -3], 1), [false, false, false, false, false]);
  assert.deepEqual(noticeRuns([-3, -3, 4, -3, -3], 1), [false, false, true, false, false]);
  assert.deepEqual(noticeRuns([], 1), []);
});

test('numbers, times, days and months are read as their classes', () => {
  assert.deepEqual(noticeTokens('Doors open at 6:30 on Friday the 12th of December, 40 places.'), ['doors', 'open', 'at', '#time', 'on', '#day', 'the', '#ord', 'of', '#month', '#num', 'places']);
});

test('a transcript sentence is labelled by the script paragraph most of its words were spoken in', () => {
  assert.deepEqual(alignWords(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']), [0, 1, 2, 3, -1]);
  const sermon = parseSermon(
    '99-test.sermon',
    [
      'title: Test',
      'speaker: Test',
      'style: topical',
      'voice: en',
      'speed: 160',
      '---',
      '@announce The craft fair is in the hall on Saturday. Please bring a cake.',
      'Grace is a gift we never earn.',
      '@reader For by grace you have been saved through faith.',
    ].join('\n'),
  );
  // Heard with a mishearing in each part and the reading run on to the sermon's last words.
  const labels = labelSentences(sermon, 'The craft fare is in the hall on Saturday. Please bring a cake. Grace is a gift we never earned. For by grace you have been shaved through faith.');
  assert.deepEqual(labels.map((s) => s.label), ['notice', 'notice', 'sermon', 'reader']);
});

test('the training script gives the checked-in weights from the checked-in data', () => {
  const model = trainNoticeModel(readNoticeData());
  assert.deepEqual(model, NOTICE_MODEL);
  assert.equal(weightsJson(model), fs.readFileSync(weightsFile, 'utf8'));
});
