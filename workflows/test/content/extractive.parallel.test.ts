// Session 9: points a preacher states in one frame without numbering them ("The cross shows…",
// "The cross breaks…", "The cross gathers…") are the sermon's points. Fails on 2d09299.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';

const parts = [
  'On a hill outside the city two beams of wood held up a man nobody wanted.',
  'The cross shows how far love will go.',
  'A soldier watched him forgive the men who drove the nails.',
  'Nothing we bring could match a love like that.',
  'The cross breaks the power of our guilt.',
  'A debt we owed has been paid in full and the receipt is nailed there.',
  'Shame loses its voice when the price is settled.',
  'The cross gathers strangers into one family.',
  'A thief, a centurion and a grieving mother stood on the same ground that day.',
  'Churches still meet around that same old story in every language.',
  'This week, thank someone who showed you that kind of love.',
];

test('short statements opening with the same frame, each with a body, are the points', () => {
  const a = analyseSermon(parts.join(' '));
  assert.deepEqual(
    a.sections.map((s) => s.statement),
    ['The cross shows how far love will go', 'The cross breaks the power of our guilt', 'The cross gathers strangers into one family'],
  );
});

test('a frame said only twice, or in questions, states no points', () => {
  const twice = parts.map((p) => p.replace('The cross gathers strangers', 'Its arms gather strangers'));
  assert.ok(analyseSermon(twice.join(' ')).sections.every((s) => s.statement === undefined));
  const asked = parts.map((p) => (p.startsWith('The cross ') ? `${p.replace(/\.$/, '')}?` : p));
  assert.ok(analyseSermon(asked.join(' ')).sections.every((s) => s.statement === undefined));
});
