// Session 9: telling the preacher reading the passage aloud from the preacher's own point. Each
// test fails on 3e3aa0a.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';
import { passageTerms, readsPassage } from '../../src/content/generation/extractive.discourse.ts';
import type { Citation } from '../../src/content/scripture/scripture.identify.ts';

const psalm23 = passageTerms('Yahweh is my shepherd: I shall lack nothing. He makes me lie down in green pastures. He leads me beside still waters. He restores my soul.');

test("a point in the passage's words but in an order of its own is the preacher's, not the reading", () => {
  // Three of its four words are the psalm's, one pair of neighbours ("still waters") is.
  assert.ok(!readsPassage('The shepherd knows where the still waters are.', [psalm23]));
  assert.ok(!readsPassage('Our soul is restored where the shepherd leads.', [psalm23]));
  // Read aloud, in the passage's order, it is still the reading.
  assert.ok(readsPassage('He makes me lie down in green pastures, he leads me beside still waters.', [psalm23]));
  assert.ok(readsPassage('He leads me beside still waters.', [psalm23]));
});

test('a sentence inside a quotation the scripture step found is the passage read aloud, however misheard', () => {
  const misheard = 'Come to me, all who lay boar and our heavy latent, and I will give you rest.';
  const transcript = `Rest is a gift before it is a habit. Jesus spoke to tired people on a hillside. ${misheard} Nobody earns that rest. We receive it when we stop running. So this week, take one evening without your phone and spend it with God.`;
  const start = transcript.indexOf(misheard);
  const quotation: Citation = { osis: 'Matt.11.28', display: 'Matthew 11:28', book: 'Matt', chapter: 11, verseStart: 28, start, end: start + misheard.length - 1, source: misheard, mode: 'quoted' };
  const a = analyseSermon(transcript, [quotation]);
  const sentence = a.sentences.find((s) => s.text === misheard);
  assert.ok(sentence, a.sentences.map((s) => s.text).join(' | '));
  assert.ok(a.readings.has(sentence.index));
  // The same words cited only by a spoken reference elsewhere are not read aloud.
  const spokenOnly: Citation = { ...quotation, mode: 'spoken' };
  const spoken = analyseSermon(transcript, [spokenOnly]);
  assert.ok(!spoken.readings.has(sentence.index));
});
