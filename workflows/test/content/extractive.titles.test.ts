// Titles and themes as headlines the sermon vouches for (session 8, issue 11): Whisper's confident
// mishearings ("Barly Field", "The Hebrew Word Is Keys") are said once, the preacher's thesis
// words come back. Each test failed on the session-start code (90c50bc).
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';
import { contentPool } from '../../src/content/generation/extractive.devotional.ts';
import { unevidenced, wordEvidence } from '../../src/content/generation/extractive.evidence.ts';
import { sectionTitle, titleKey } from '../../src/content/generation/extractive.wording.ts';

test('a word is vouched for when the sermon says it in two sentences (function words too) or its scripture has it', () => {
  const evidence = wordEvidence(
    [{ text: 'The barly field was ripe.' }, { text: 'Ruth gleaned in the field.' }, { text: "Boaz's field was kind to the poor." }],
    ['And Ruth the Moabitess said unto Naomi, Let me now go to the field, and glean ears of corn.'],
  );
  assert.deepEqual(unevidenced('The Barly Field Was Ripe', evidence), ['barly', 'ripe']);
  assert.deepEqual(unevidenced("Ruth Gleaned in Boaz's Field", evidence), ['gleaned', 'in', 'boaz']);
  assert.deepEqual(unevidenced('Glean the Field', evidence), []);
});

test("a day's title, below the point itself, is a headline whose words the sermon repeats, not a once-heard word", () => {
  const a = analyseSermon('Boaz was kind to Ruth in the field at harvest. The barly field was ripe. Ruth gleaned behind the workers in the field all day long. Boaz was kind to Ruth because God is kind to the poor.', []);
  const section = a.sections[0]!;
  const pool = contentPool(section, a);
  // The point's own headline is taken by an earlier day.
  const taken = new Set([titleKey(sectionTitle(section, a, pool, new Set()))]);
  assert.equal(sectionTitle(section, a, pool, taken), 'The Barly Field Was Ripe');
  assert.equal(sectionTitle(section, a, pool, taken, { vouchedFirst: true }), 'The Field');
});
