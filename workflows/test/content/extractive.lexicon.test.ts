// Session 23: a word no dictionary and no Bible holds is a mishearing, however sure the recogniser
// was of it ("Basewing" for "peacemaking" in 91, "Redditude", "Helikaya's"). Each test fails on 262fc4f.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { englishLexicon, wordsNoLexiconHolds } from '../../src/content/generation/extractive.lexicon.ts';
import { ExtractiveGenerator } from '../../src/content/generation/extractive.generator.ts';
import { DiathekeScriptureText } from '../../src/content/scripture/scripture-text.provider.ts';

test('English words in any case or possessive are known; made-up words are not, unless the other word list (the Bible\'s) holds them', () => {
  const bible = new Set(['hezekiah', 'zacchaeus']);
  const knows = englishLexicon((w) => bible.has(w.toLowerCase()));
  for (const word of ['grace', 'Grace', 'shepherd\'s', 'peacemakers', 'Jerusalem', 'Hezekiah\'s', 'Zacchaeus']) assert.ok(knows(word), word);
  for (const word of ['Basewing', 'redditude', 'Helikaya\'s']) assert.ok(!knows(word), word);
  assert.deepEqual([...wordsNoLexiconHolds('Then Helikaya’s prayer, the basewing of Zacchaeus, and grace.', knows)], ['helikayas', 'basewing']);
});

test('a made-up word the points share becomes no title', async () => {
  const transcript = [
    'I have three points this morning about being peacemakers.',
    'My first point, basewing starts with God, who made peace with us through the cross. Jesus is our peace, and he broke down the wall between us.',
    'My second point, basewing costs us our pride. We go to the brother we have wronged before we bring our gift to the altar.',
    'My third point, basewing is the family likeness of the children of God. Blessed are the peacemakers, for they shall be called the children of God.',
    'This week, go and make peace with one person you have avoided.',
  ].join(' ');
  const outline = await new ExtractiveGenerator({ scriptureText: new DiathekeScriptureText() }).generateOutline({ transcript });
  const titles = outline.mainPoints.map((p) => p.title);
  assert.equal(titles.length, 3);
  assert.ok(!titles.some((t) => /basewing/i.test(t)), titles.join(' | '));
});
