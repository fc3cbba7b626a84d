// Session 13: church notices by a model learned from the annotated sermons, beside the hand-written
// cues (ADR 0016, "Session 13: notices learned"). The sentences are written for these tests; the
// notice block without a heading word is missed by the cues alone (noticePassages, 54d8e32).
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { churchNotices, NOTICE_MODEL, noticeRuns, noticeTokens, withinNotices } from '../../src/content/generation/extractive.notices.model.ts';
import { alignWords, labelSentences, readNoticeData } from '../../eval/notices.data.ts';
import { trainNoticeModel, weightsFile, weightsJson } from '../../eval/notices.train.ts';
import { parseSermon } from '../../eval/eval.sermons.ts';
import { housekeepingTexts } from './housekeeping.ts';

const sentencesOf = (text: string) => text.split(/(?<=[.!?])\s+/).map((t) => ({ text: t }));
const taken = (text: string) => {
  const sentences = sentencesOf(text);
  return [...churchNotices(sentences)].sort((a, b) => a - b).map((i) => sentences[i]!.text);
};

// (Twelve sentences: how far a line is off the sermon's subject is measured in a text of a dozen or more.)
test('a notice block with no heading word, each line with one cue, is the notices as a run', () => {
  const text = [
    "The prophet went down to the potter's house and watched him at the wheel.",
    'The clay was marred in his hands, so he made it again into another vessel.',
    'God is not finished with the cracked pot.',
    'Our youth group is running a bake sale for the orphanage.',
    'Please bring a tray of something sweet.',
    'Everything is sold in the foyer.',
    'Back to the potter.',
    'The potter does not throw the clay away.',
    'He presses it down and begins again.',
    'What has God started in you that you think is ruined?',
    'Let him press you down and begin again.',
    'The hands that shaped you have not let go of the clay.',
  ].join(' ');
  assert.deepEqual(taken(text), ['Our youth group is running a bake sale for the orphanage.', 'Please bring a tray of something sweet.', 'Everything is sold in the foyer.', 'Back to the potter.']);
  // And the content step leaves them out.
  const housekeeping = housekeepingTexts(text);
  assert.ok(housekeeping.includes('Please bring a tray of something sweet.'), housekeeping.join(' | '));
  assert.ok(!housekeeping.includes('God is not finished with the cracked pot.'), housekeeping.join(' | '));
});

test('a sermon sentence full of days and places stays sermon', () => {
  const text = [
    'On Thursday evening Jesus washed their feet in the upper room, on Friday at noon the sky went dark over Jerusalem, and early on Sunday the women found the tomb in the garden empty.',
    'That same evening two friends walked seven miles to Emmaus, and at the table in their house he broke the bread.',
    'The risen Lord still meets tired people on the road home.',
    'So this week, at your kitchen table on Tuesday night, set a place for him.',
  ].join(' ');
  assert.deepEqual(taken(text), []);
});

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

// Session 16: notice lines the cues and the model miss between two notices, or after the last one at
// the end (sermons 59, 73 and 89 of the opened sets).
test('a line or two between two notices, and what follows a notice at the very end, are the notices', () => {
  const lines = (n: number, at: Record<number, string> = {}) => Array.from({ length: n }, (_, i) => ({ text: at[i] ?? 'Right, one more thing.' }));
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  // Forty sentences, notices at 30 and 33: the two between are theirs; at 30 and 34, three between, not.
  assert.deepEqual(sorted(withinNotices(new Set([30, 33]), lines(40, { 31: 'Okay, phones away.', 32: 'Thank you.' }))), [30, 31, 32, 33]);
  assert.deepEqual(sorted(withinNotices(new Set([30, 34]), lines(40, { 31: 'Okay, phones away.', 32: 'Thank you.' }))), [30, 34]);
  // A sentence that teaches between them is the sermon resumed.
  assert.deepEqual(sorted(withinNotices(new Set([30, 32]), lines(40, { 31: 'The father ran to his son while he was still far off.' }))), [30, 32]);
  // A notice among the last four of forty sentences takes what follows it; one earlier does not.
  assert.deepEqual(sorted(withinNotices(new Set([36]), lines(40, { 37: 'That is me finished, by the small print.' }))), [36, 37, 38, 39]);
  assert.deepEqual(sorted(withinNotices(new Set([34]), lines(40))), [34]);
  // In a short text the end is its last tenth: a notice in the middle of twelve lines takes nothing after it.
  assert.deepEqual(sorted(withinNotices(new Set([6]), lines(12))), [6]);
});
