// The demo sermon as a member read it (session 6): point 1 repeated its summary inside its details
// and showed "Scripture: John 3:16" (the introduction's reading) inside the point; point 3's title
// was Whisper's "Our third point loves and must our neighbors". The fixture is the transcript
// faster-whisper base gave for the demo recording (espeak-ng en-us, 150 wpm).
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ExtractiveGenerator } from '../../src/content/generation/extractive.generator.ts';
import { isGarbled } from '../../src/content/generation/extractive.discourse.ts';
import { mainClause } from '../../src/content/generation/extractive.wording.ts';
import { DiathekeScriptureText } from '../../src/content/scripture/scripture-text.provider.ts';
import { identifyScripture } from '../../src/content/scripture/scripture.identify.ts';

const heard = readFileSync(new URL('./fixtures/demo-sermon.whisper-base.txt', import.meta.url), 'utf8');
const generator = new ExtractiveGenerator({ scriptureText: new DiathekeScriptureText() });
const outline = async () => generator.generateOutline({ transcript: heard, title: 'Faith Forward: Loved First', references: await identifyScripture(heard) });

test('a main point says each thing once: the details hold neither the summary nor the scripture line', async () => {
  for (const point of (await outline()).mainPoints) {
    assert.ok(!point.details.includes(point.summary.replace(/'/g, '&#39;')), `${point.title}: summary repeated in the details`);
    assert.doesNotMatch(point.details, /Scripture:/);
  }
});

test("an announced point's passage is the one cited after the point is stated, and a point citing nothing shows none", async () => {
  const [first, second, third] = (await outline()).mainPoints;
  assert.equal(first!.scripture, '1 John 4:19'); // not the introduction's John 3:16
  assert.equal(second!.scripture, 'Romans 5:8');
  assert.equal(third!.scripture, ''); // not the previous point's Romans 5:8
});

test('a misheard announced point is never a title or the conclusion; the point is headed by its thesis', async () => {
  const o = await outline();
  assert.deepEqual(o.mainPoints.map((p) => p.title).slice(0, 2), ['Love Comes Before Effort', 'Love Is Shown in a Gift']);
  assert.equal(o.mainPoints[2]!.title, 'We Are Free to Love First Too');
  for (const line of o.conclusion) assert.ok(!isGarbled(line), line);
});

test('garbled words: a modal before a determiner or object pronoun, a doubled determiner', () => {
  for (const t of ['Our third point loves and must our neighbors.', 'We should the world tell.', 'He gave the the gift.']) assert.ok(isGarbled(t), t);
  for (const t of [
    'We must love our neighbours.',
    'How can a young man keep his way pure?',
    'May the Lord bless you and keep you.',
    'Will the Lord reject us forever',
    'God can and will keep his promise.',
    'Love sends us to our neighbours.',
  ]) assert.ok(!isGarbled(t), t);
});

test('the main clause of a sentence that opens with a subordinate one', () => {
  assert.equal(mainClause('Because we have been loved first, we are free to love first too.'), 'we are free to love first too.');
  assert.equal(mainClause('When you pass through the waters, I will be with you.'), 'I will be with you.');
  assert.equal(mainClause('Grace is a gift, not a wage.'), 'Grace is a gift, not a wage.');
});

test('a sermon whose closing lines all show elsewhere still has a conclusion: its points, as sentences (the demo read "No conclusion available")', async () => {
  const o = await outline();
  assert.deepEqual(o.conclusion, ['Love comes before effort.', 'Love is shown in a gift.', 'We are free to love first too.']);
  // Nothing of the conclusion repeats a sentence shown in another section.
  const shown = new Set([...o.mainPoints.map((p) => p.summary), ...o.applications, ...o.keyPoints, ...o.illustrations]);
  for (const line of o.conclusion) assert.ok(!shown.has(line), line);
});

test('no two main points share a title, articles aside ("The Evil" was points 1 and 3 of a Joseph sermon, and then its theme)', async () => {
  // Whisper base's transcript of eval sermon 06 (narrative, Genesis 37 and 50).
  const heard = "The story on Joseph begins in Genesis 47. He was his father's favorite son, and his father gained him a total of many colors. His brother's head is him. One day in the fields they blew him into a pit and sold him to trade a store in down to Egypt. In Egypt he sawed in the house on Portifa, and he was falsely accused and blown into prison. Years went by, but again and again the text says, the Lord was with Joseph. Even in a prison sale, God had not forgotten him. Then Pharaoh had a dream that no one could explain. Joseph was brought out in prison, and God gave him the meaning. Seven years on plenty, then seven years on famine. Joseph was put in charge on all Egypt, and he stole up brain. When the famine came, his brothers came to my food, and they vowed before the brother they had sold. Joseph wept. Later, after their father died, the brothers were afraid he would take revenge. But Joseph said that words on Genesis 50 must 20, as for you, you maintain will against me, but God meant it for good, to say many people alive, and is happening today. Joseph forgave, because he saw the hand on God, that does not mean the evil was good, it means God is bigger than the evil. The Apostle Paul later wrote that all things work together for good for those who long guard, for those who are called a God into his purpose. Is there someone who may evil against you, ask God to show you his purpose in your story, release your right to revenge, and take one step toward forgiveness this week, even if it is only a prayer for that person.";
  // (with the words the recogniser was unsure of, as the pipeline passes them)
  const lowConfidence = new Set(['total', 'head', 'store', 'words', 'guard']);
  const outline = await generator.generateOutline({ transcript: heard, title: 'Meant for Good', references: await identifyScripture(heard), lowConfidence });
  const keys = outline.mainPoints.map((p) => p.title.toLowerCase().replace(/\b(?:the|a|an)\b/g, '').trim());
  assert.equal(new Set(keys).size, keys.length, outline.mainPoints.map((p) => p.title).join(' | '));
});

test('a line the recogniser was unsure of is not quoted in a point\'s details, the key points or the conclusion (the demo\'s "become God in heaven", heard at 0.14 for "good enough")', async () => {
  const o = await generator.generateOutline({ transcript: heard, title: 'Faith Forward: Loved First', references: await identifyScripture(heard), lowConfidence: new Set(['heaven']) });
  const shown = [...o.mainPoints.map((p) => p.details), ...o.keyPoints, ...o.conclusion].join(' ');
  assert.doesNotMatch(shown, /heaven/);
  assert.match(o.mainPoints[0]!.details, /We love, because he first loved us/); // the point keeps its sure lines
});

test('a point whose only supporting lines hold an unsure word still shows them: a point is never left without details', async () => {
  const o = await generator.generateOutline({ transcript: heard, title: 'Faith Forward: Loved First', references: await identifyScripture(heard), lowConfidence: new Set(['thankful']) });
  assert.match(o.mainPoints[1]!.details, /thankful heart/);
});
