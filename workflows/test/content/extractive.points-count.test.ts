// Session 13 (sealed set 53-60 opened): the count of the points, however the recogniser writes or
// loses it. The sentences are written for these tests; each test fails on 24cfe0b.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';

const bodies = [
  'The baker starts before dawn while the street is still dark. The dough has to rise before anyone is awake. Nobody sees the work that feeds them.',
  'The loaves go out on trays to the shop and the school and the care home. A baker who kept his bread would have wasted his night. Bread is made to be given away.',
  'By noon the shelves are empty and the ovens are cooling. Tomorrow the baker will begin again in the dark. Faithfulness looks like the same work done every morning.',
];
const statements = (text: string) => analyseSermon(text, []).sections.map((s) => s.statement?.split(/\s*,\s*/)[0]);

test('a count said in words ("One, …", "Two, …", "Three, …"), as the recogniser writes "1. …" for it elsewhere, announces the points', () => {
  const text = [
    'This morning we are going into a bakery, and I want to show you three things from it.',
    'One, the bread is made in the dark. Two, the bread is made to be shared. Three, the bread is made again tomorrow.',
    `One, the bread is made in the dark. ${bodies[0]}`,
    `Two, the bread is made to be shared. ${bodies[1]}`,
    `Three, the bread is made again tomorrow. ${bodies[2]}`,
  ].join(' ');
  assert.deepEqual(statements(text), ['the bread is made in the dark', 'the bread is made to be shared', 'the bread is made again tomorrow']);
  // A "Three, …" before anything was counted is no point number.
  assert.ok(analyseSermon(`Three, maybe four, of the loaves were burnt that morning. ${bodies[0]} ${bodies[1]}`, []).sections.every((s) => s.statement === undefined));
});

test("a point of a plan counted in full, whose number is lost where it is stated, is announced where the plan's words are said again", () => {
  const text = [
    'I want to show you three things from the bakery this morning.',
    'One, the bread is made in the dark. Two, the bread is made to be shared. Three, the bread is made again tomorrow.',
    `One, the bread is made in the dark. ${bodies[0]}`,
    // "Two" heard as "To", run into the body; "Three" written as a bare "3.".
    `To the bread is made to be shared, so the trays go out at seven, and the van waits in the lane. ${bodies[1]}`,
    `3. The bread is made again tomorrow. ${bodies[2]}`,
  ].join(' ');
  assert.deepEqual(statements(text), ['the bread is made in the dark', 'the bread is made to be shared', 'the bread is made again tomorrow']);
});

test('a bare ordinal heard as an instruction ("First, rest in …") is a point when the count it opens goes on in points', () => {
  const text = [
    'I have three things to say about rest.',
    'First, rest in the gift of the night. Second, sleep is an act of trust. Third, our deepest rest is a person.',
    `First, rest in the gift of the night. ${bodies[0]}`,
    `Second, sleep is an act of trust. ${bodies[1]}`,
    `Third, our deepest rest is a person. ${bodies[2]}`,
  ].join(' ');
  assert.deepEqual(statements(text), ['rest in the gift of the night', 'sleep is an act of trust', 'our deepest rest is a person']);
  // Steps of a procedure stay steps: "First, pray…", "Second, read…" are no points.
  const procedure = [bodies[0], bodies[1], 'First, pray for your baker by name. Second, read the psalm slowly. Third, give one loaf away.', bodies[2]].join(' ');
  assert.ok(analyseSermon(procedure, []).sections.every((s) => s.statement === undefined));
});

test('of the plan and the announcement, the hearing whose own word the sermon says more often elsewhere states the point', () => {
  const text = [
    'I have three things to say about the bakery.',
    // The plan hears "Jesus" as "he must"; the announcement hears it, and the sermon says Jesus again.
    'First, the bread is made in the dark. Second, the bread is made to be shared. Third, our daily bread is he must himself.',
    `First, the bread is made in the dark. ${bodies[0]}`,
    `Second, the bread is made to be shared. ${bodies[1]}`,
    `Third, our daily bread is Jesus himself, the one who feeds us. ${bodies[2]} Jesus broke the bread and gave it. Jesus is the bread of life, and the baker must rise early.`,
  ].join(' ');
  assert.equal(analyseSermon(text, []).sections[2]!.statement?.split(/\s*,\s*/)[0], 'our daily bread is Jesus himself');
});

test('points handed over from the second on, the first announcement lost: the sermon up to the second point is the first (session 20)', () => {
  const text = [
    'This morning we are going into a bakery before anyone is awake.',
    bodies[0],
    `And I bring most of the second point. The bread is made to be shared. ${bodies[1]}`,
    `And atleast must at the third point, the bread is made again tomorrow. ${bodies[2]}`,
  ].join(' ');
  const sections = analyseSermon(text, []).sections;
  assert.deepEqual(sections.map((s) => s.sentences[0]!.text.split(' ').slice(0, 4).join(' ')), ['This morning we are', 'And I bring most', 'And atleast must at']);
  assert.deepEqual(statements(text), [undefined, 'The bread is made to be shared', 'the bread is made again tomorrow']);
});

test('a plan heard in part before the count starts again, its last step "final", or points called headings, steps or tips (session 20)', () => {
  const again = (plan: string, names: [string, string, string]) =>
    [plan, `${names[0]} the bread is made in the dark. ${bodies[0]}`, `${names[1]} the bread is made to be shared. ${bodies[1]}`, `${names[2]} the bread is made again tomorrow. ${bodies[2]}`].join(' ');
  const said = ['the bread is made in the dark', 'the bread is made to be shared', 'the bread is made again tomorrow'];
  // The plan's first two steps run into one sentence, its third heard alone.
  assert.deepEqual(statements(again('I have three things to say, first the dark, second the sharing. Third, the morning after.', ['So first,', 'Second,', 'Third,'])), said);
  // "The final movement" is the third, in the plan and again with its body.
  assert.deepEqual(statements(again('I will take it in three movements. The first movement, the dark. The second movement, the sharing. And the final movement, the morning.', ['The first movement,', 'The second movement,', 'The final movement,'])), said);
  assert.deepEqual(statements(again('Some years ago I watched a baker at work in the dark.', ['My first heading,', 'My second heading,', 'My third heading,'])), said);
  assert.deepEqual(statements(again('Some years ago I watched a baker at work in the dark.', ['The first step,', 'The second tip,', 'The third tip,'])), said);
  // "My first heading, then, …": the "then" is no part of the point.
  assert.deepEqual(statements(again('Some years ago I watched a baker at work in the dark.', ['My first heading, then,', 'My second heading,', 'My third heading,'])), said);
});
