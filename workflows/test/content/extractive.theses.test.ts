// Session 11 (sealed set 37-44 opened): a point the preacher does not announce is summed up by the
// thesis it states, not by its most central line (the story, a quotation). The sentences are
// written for this test; it fails on 3661e9f.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';
import { statesThesis } from '../../src/content/generation/extractive.discourse.ts';
import { buildOutline } from '../../src/content/generation/extractive.generator.ts';

const sermon = [
  'The widow of Zarephath was gathering sticks at the town gate when the prophet arrived.',
  'She had a handful of flour in a jar and a little oil in a jug.',
  'She was going to bake one last loaf for her son and herself.',
  'The prophet asked her for bread, and she baked it for him first.',
  'Generosity begins before we feel secure.',
  'The widow baked for the prophet with the last of the flour in the jar.',
  'The jar of flour was not used up, and the jug of oil did not run dry.',
  'Every morning the widow found flour in the jar and oil in the jug.',
  'God supplies what the day needs.',
  'The widow and her son ate from the jar of flour for many days.',
].join(' ');

test('a sentence that states a thesis is a short general claim in the present tense', () => {
  assert.ok(statesThesis('Generosity begins before we feel secure.'));
  assert.ok(statesThesis('God supplies what the day needs.'));
  // A thesis set against what came before, said to anyone (session 11, later; fails on d44ecc3).
  assert.ok(statesThesis("But you cannot outrun the Father's love."));
  assert.ok(!statesThesis('You may remember the old hymn.'));
  assert.ok(!statesThesis('But I cannot forget that morning.'));
  // The story, a question, an aside, a sentence that leans back or joins on: no thesis.
  for (const text of ['The widow baked for the prophet with the last of the flour in the jar.', 'What do you have in the house?', 'Some of you know that feeling.', 'That is what faith looks like.', 'The same widow comes back to the prophet.', 'And God supplies what the day needs.', 'Give before you feel secure.'])
    assert.ok(!statesThesis(text), text);
});

test('a point the preacher did not announce is summed up by the thesis it states', () => {
  const outline = buildOutline(analyseSermon(sermon, []));
  const summaries = outline.mainPoints.map((p) => p.summary);
  assert.ok(summaries.includes('Generosity begins before we feel secure.') || summaries.includes('God supplies what the day needs.'), summaries.join(' | '));
});
