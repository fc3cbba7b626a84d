// Session 11 (sealed set 37-44 opened): the plan of the points and the points announced again,
// whichever of the two hearings is the sermon's. The sentences are written for these tests; each
// test fails on 3661e9f.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon, splitSection } from '../../src/content/generation/extractive.analysis.ts';

const bodies = [
  'The shepherd counts the flock at the gate every night. He knows when one is missing before anyone tells him. A flock is a family that the shepherd keeps whole.',
  'The shepherd leaves the others in the open country and walks into the hills. The search costs him the night and the skin of his hands. Love is willing to be inconvenienced.',
  'The shepherd lifts the lamb onto his shoulders and carries it all the way. The lamb does not walk home on its own. The shepherd calls his friends together to celebrate.',
];

test('a count that starts again at one ("Point one, …" after "Number one, … Number two, … Number three, …") makes the first count the plan, though a plan point was heard as two sentences', () => {
  const text = [
    'This morning I have three points for you.',
    // "Mr." ends a sentence: the plan's second point seems to have a body of its own ("Jones told me.").
    'Number one, the shepherd knows his sheep. Number two, the shepherd looks for the lost, as Mr. Jones told me. Number three, the shepherd carries the lamb home.',
    `Point one, the shepherd knows his sheep. ${bodies[0]}`,
    `Point two, the shepherd goes after the lost. ${bodies[1]}`,
    `Point three, the shepherd carries the lamb home. ${bodies[2]}`,
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.equal(a.sections.length, 3, a.sections.map((s) => s.statement).join(' | '));
  assert.ok(a.sections[1]!.sentences[0]!.text.startsWith('Point two'));
});

const announced = (third: string) => [
  'Turn with me to the parable of the lost sheep. I have three things to say.',
  'First, the shepherd knows his sheep. Second, the shepherd goes after the lost. And third, the shepherd carries the lamb home.',
  `My first point, the shepherd knows his sheep. ${bodies[0]}`,
  `My second point, the shepherd goes after the lost. ${bodies[1]}`,
  `My third point, ${third}. ${bodies[2]}`,
].join(' ');

test('a plan in bare ordinals before points announced by name heads a point heard otherwise, when the sermon says the plan\'s word elsewhere', () => {
  // "lamb" is said in the body too; "lamp" only where the point is announced.
  const a = analyseSermon(announced('the shepherd carries the lamp home'), []);
  assert.deepEqual(a.sections.map((s) => s.statement), ['the shepherd knows his sheep', 'the shepherd goes after the lost', 'the shepherd carries the lamb home']);
  // A devotional day cut from that point keeps it as read.
  const halves = splitSection(a.sections[2]!, a, 2);
  assert.equal(halves?.[0]?.statement, 'the shepherd carries the lamb home');
});

test('the plan misheard (a word nothing else in the sermon says) does not replace the point as announced', () => {
  const text = [
    'Waiting is the hardest prayer, and I have three points.',
    'Number one, we bring our questions to God. Number two, we wait with patience. Number three, we live by faith while we weight.',
    `My first point is that we bring our questions to God. ${bodies[0]}`,
    `My second point is that we wait with patience. ${bodies[1]} We wait for the morning.`,
    `My third point is that we live by faith while we wait, the righteous live by faith. ${bodies[2]}`,
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.ok(!a.sections[2]!.statement?.includes('weight'), a.sections[2]!.statement);
});

test('a point number said as a sentence of its own ("Point 3.") or heard as a word that sounds like it ("point to guard…") still announces the next point of the count', () => {
  const alone = [
    `Point one, the shepherd knows his sheep. ${bodies[0]}`,
    `Point two, the shepherd goes after the lost. ${bodies[1]}`,
    `Point 3. The shepherd carries the lamb home. ${bodies[2]}`,
  ].join(' ');
  assert.deepEqual(analyseSermon(alone, []).sections.map((s) => s.statement), ['the shepherd knows his sheep', 'the shepherd goes after the lost', 'The shepherd carries the lamb home']);
  const homophone = [
    `Point one, the shepherd knows his sheep. ${bodies[0]}`,
    `point to the shepherd goes after the lost, whatever it costs him. ${bodies[1]}`,
    `Point three, the shepherd carries the lamb home. ${bodies[2]}`,
  ].join(' ');
  assert.deepEqual(analyseSermon(homophone, []).sections.map((s) => s.statement), ['the shepherd knows his sheep', 'the shepherd goes after the lost, whatever it costs him', 'the shepherd carries the lamb home']);
  // "Point to" that is no point of the count ("These verses point to the cross") starts nothing.
  assert.equal(analyseSermon(`Point to the cross when they ask you why. ${bodies[0]}`, []).sections.every((s) => s.statement === undefined), true);
});

// Session 12 (45-52 opened). Fails on 096b9db.
test('a point whose number was misheard in the plan and again ("Bird, …" for "Third, …") is found by its words said again', () => {
  const text = [
    'I have three things to say about the lost sheep.',
    'First, the shepherd knows his sheep. Second, the shepherd goes after the lost. Bird, the shepherd carries the lamb home.',
    `First, the shepherd knows his sheep. ${bodies[0]}`,
    `Second, the shepherd goes after the lost. ${bodies[1]}`,
    `Bird, the shepherd carries the lamb home on his shoulders, every step of the way. ${bodies[2]}`,
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.deepEqual(
    a.sections.map((s) => s.statement?.split(/\s+/).slice(0, 6).join(' ')),
    ['the shepherd knows his sheep', 'the shepherd goes after the lost', 'the shepherd carries the lamb home'],
  );
  // A plan of two said again, and a next sentence the sermon never says again: two points.
  const two = analyseSermon(text.replace('Bird, the shepherd carries the lamb home on his shoulders, every step of the way.', 'Then the neighbours come round to rejoice.'), []);
  assert.notEqual(two.sections[2]?.statement?.startsWith('the shepherd carries'), true);
});

test('a count that starts again at one goes on in whatever form the preacher says the next points ("Point 1, …" then "Second, …", "Third, …")', () => {
  const text = [
    'I have three things to say about the lost sheep.',
    'Point 1, the shepherd knows his sheep. Point 2, the shepherd goes after the lost. Point 3, the shepherd carries the lamb home.',
    `Point 1, the shepherd knows his sheep. ${bodies[0]}`,
    `Second, the shepherd goes after the lost. ${bodies[1]}`,
    `Third, the shepherd carries the lamb home. ${bodies[2]}`,
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.deepEqual(a.sections.map((s) => s.statement), ['the shepherd knows his sheep', 'the shepherd goes after the lost', 'the shepherd carries the lamb home']);
});

// Session 19 (117-124 opened): a plan of instructions, then the count said again, its first point
// bare and the rest by name.
test('a plan of bare instructions, then "So, first, …" and "Now the second thing, …": the count said again is the points', () => {
  const text = [
    'Turn with me to the parable of the lost sheep. I want to go over three things.',
    'First, count the flock every night. Second, go after the one that is lost. And then, carry the lamb home.',
    `So, first, count the flock every night. ${bodies[0]}`,
    `Now the second thing, go after the one that is lost. ${bodies[1]}`,
    `And so to the third thing, carry the lamb home. ${bodies[2]}`,
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.equal(a.sections.length, 3, a.sections.map((s) => s.statement).join(' | '));
  assert.ok(a.sections[1]!.sentences[0]!.text.startsWith('Now the second thing'), a.sections[1]!.sentences[0]!.text);
  assert.ok(a.sections[2]!.sentences[0]!.text.startsWith('And so to the third thing'), a.sections[2]!.sentences[0]!.text);
});
