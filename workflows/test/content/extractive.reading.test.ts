// Reading a beam-search transcript back into the preacher's sentences (ADR 0016, session 8): full
// stops that end nothing, comma-joined sentences, and words doubled at a window edge. Each test
// failed on the code before the rule.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';
import { readSentences, withoutDoubledWords } from '../../src/content/generation/extractive.reading.ts';
import { splitSentences } from '../../src/content/generation/extractive.text.ts';

const texts = (transcript: string) => analyseSermon(transcript, []).sentences.map((s) => s.text);

test('a full stop inside a number, between a chapter and its verse or before a lower-case word ends no sentence', () => {
  const pieces = splitSentences('Point two, grace came while we were sinners, Romans 5.8. Jesus said in Matthew 6. 34, do not be anxious for tomorrow. Paul tells Timothy the same in 2 Timothy 3, 16 and 17. every scripture is God-breathed. The service begins at 10.30 next week.').map((s) => s.text);
  assert.deepEqual(pieces, [
    'Point two, grace came while we were sinners, Romans 5.8.',
    'Jesus said in Matthew 6. 34, do not be anxious for tomorrow.',
    'Paul tells Timothy the same in 2 Timothy 3, 16 and 17. every scripture is God-breathed.',
    'The service begins at 10.30 next week.',
  ]);
});

test('a capitalised word the sermon writes in lower case after a comma starts a sentence; names, "I" and quotations do not', () => {
  const sentences = texts(
    'Ruth said, where you go, I will go, And where you stay, I will stay. She went and she stayed and she gleaned. ' +
      'Boaz was kind, and he saw her, and he redeemed the land, And the widow held a grandson in her arms. ' +
      'He says, And the Lord is my portion. Keep going, God is faithful to finish what he started in you.',
  );
  assert.ok(sentences.includes('Ruth said, where you go, I will go.'), sentences.join(' | '));
  assert.ok(sentences.includes('And where you stay, I will stay.'), sentences.join(' | '));
  assert.ok(sentences.includes('And the widow held a grandson in her arms.'), sentences.join(' | '));
  assert.ok(sentences.includes('He says, And the Lord is my portion.'), sentences.join(' | '));
  assert.ok(sentences.includes('Keep going, God is faithful to finish what he started in you.'), sentences.join(' | '));
});

test('"let us pray" after a comma is the call to prayer, and the prayer after it is not content', () => {
  const transcript = 'Love sends us out to our neighbours. So this week, share a meal with a neighbour, let us pray, Father, thank you that your love sends us out. Help us to love as we are loved. Amen.';
  const a = analyseSermon(transcript, []);
  const byText = new Map(a.sentences.map((s) => [s.text, s.index]));
  assert.ok(byText.has('So this week, share a meal with a neighbour.'), [...byText.keys()].join(' | '));
  assert.ok(a.housekeeping.has(byText.get('Let us pray.')!), [...byText.keys()].join(' | '));
  assert.ok(a.housekeeping.has(byText.get('Father, thank you that your love sends us out.')!), [...byText.keys()].join(' | '));
});

test('a church notice is not cut into clauses that could pass for content', () => {
  const sentences = readSentences('Before we begin, the potluck is next Sunday after the service, Bring a dish to share, and the sign-up sheet is in the lobby.').map((s) => s.text);
  assert.equal(sentences.length, 1);
});

test('a word doubled where one recognition window hands over to the next is read once', () => {
  assert.equal(withoutDoubledWords('A seed sits in the ground all all winter, and nothing seems to happen.'), 'A seed sits in the ground all winter, and nothing seems to happen.');
  assert.equal(withoutDoubledWords('God showed his love in that while While we were yet sinners.'), 'God showed his love in that while we were yet sinners.');
  assert.equal(withoutDoubledWords('a coin for every time the sister third third, and one day'), 'a coin for every time the sister third, and one day');
  // English doubles some words; a pause between two is the preacher's; three running is a stutter
  // the content steps reject whole.
  for (const kept of ['He said that that was enough.', 'They had had enough.', 'Do not be anxious for tomorrow, tomorrow will worry about itself.', 'The lung lung lung comes first.']) assert.equal(withoutDoubledWords(kept), kept);
  assert.ok(texts('The seed sits in the ground all all winter and waits for the spring.').includes('The seed sits in the ground all winter and waits for the spring.'));
});
