import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ExtractiveGenerator } from '../../src/content/generation/extractive.generator.ts';
import { devotionalDaySchema, outlineSchema, schemaErrors } from '../../src/content/generation/content.schema.ts';
import { SermonScriptures } from '../../src/content/generation/scripture.grounding.ts';
import { findScriptureReferences } from '../../src/content/scripture/scripture.references.ts';
import { DiathekeScriptureText } from '../../src/content/scripture/scripture-text.provider.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8');
const generator = new ExtractiveGenerator({ scriptureText: new DiathekeScriptureText() });
const independentWeb = new DiathekeScriptureText();
const squash = (t: string) => t.replace(/\s+/g, ' ');

for (const name of ['sermon-love', 'sermon-shepherd']) {
  const transcript = fixture(name);
  const inTranscript = (text: string) => squash(transcript).includes(squash(text));
  const sermon = new SermonScriptures(findScriptureReferences(transcript));

  test(`${name}: outline has the spec's shape, grounded in the transcript`, async () => {
    const outline = await generator.generateOutline({ transcript });
    assert.deepEqual(schemaErrors(outlineSchema, outline), []);
    assert.ok(outline.mainPoints.length >= 3, `${outline.mainPoints.length} main points`);
    assert.ok(outline.theme.length > 0);
    for (const point of outline.mainPoints) {
      assert.ok(point.scripture, `main point "${point.title}" carries a scripture`);
      assert.ok(sermon.match(point.scripture), `${point.scripture} is cited in the sermon`);
      assert.ok(inTranscript(point.summary), `summary is the preacher's sentence: ${point.summary}`);
      for (const [, quoted] of point.details.matchAll(/<li>“(.*?)”<\/li>/g)) assert.ok(inTranscript(quoted!.replace(/&#39;/g, "'")), quoted);
      assert.ok(point.details === '' || /^<ul><li>/.test(point.details), point.details);
    }
    assert.deepEqual(outline.scriptures, [...new Set(findScriptureReferences(transcript).map((r) => r.display))]);
    for (const list of [outline.keyPoints, outline.applications, outline.illustrations, outline.conclusion]) {
      assert.ok(list.length > 0);
      for (const sentence of list) assert.ok(inTranscript(sentence), sentence);
    }
    assert.match(outline.application, /^<p>.+<\/p>$/);
    // deterministic
    assert.deepEqual(await generator.generateOutline({ transcript }), outline);
  });

  test(`${name}: five devotional days, both forms, WEB passage text`, async () => {
    const days = await generator.generateDevotionals({ transcript });
    assert.equal(days.length, 5);
    assert.deepEqual(days.map((d) => d.day_number), [1, 2, 3, 4, 5]);
    for (const day of days) {
      assert.deepEqual(schemaErrors(devotionalDaySchema, day), [], `day ${day.day_number}`);
      assert.ok(day.title && day.theme);
      for (const form of ['quick', 'full'] as const) {
        const passage = day.scripture_passage[form];
        const ref = sermon.match(passage.reference);
        assert.ok(ref, `day ${day.day_number} ${form}: ${passage.reference} is from the sermon`);
        // The text of exactly the cited passage (a verse of a chapter the sermon opened is its own reference).
        const cited = findScriptureReferences(passage.reference)[0];
        assert.ok(cited, passage.reference);
        assert.equal(passage.text, await independentWeb.passage(cited.osis));
        assert.ok(passage.text.length > 20);
        const reflection = day.reflection[form];
        assert.ok(reflection.observations.length > 0);
        for (const o of reflection.observations) assert.ok(inTranscript(o), o);
        assert.ok(inTranscript(reflection.interpretation.split(/(?<=[.!?]) /)[0]!));
        assert.ok(reflection.question.endsWith('?'));
        assert.ok(day.opening_prayer[form] && day.closing_prayer[form]);
      }
      assert.ok(day.reflection.full.observations.length >= day.reflection.quick.observations.length);
      assert.ok(day.opening_prayer.full.length > day.opening_prayer.quick.length);
      for (const extra of day.additional_scripture) assert.ok(sermon.match(extra.reference), extra.reference);
    }
  });
}

test('a short sermon with fewer points still gets five days', async () => {
  const full = fixture('sermon-love');
  const transcript = full.slice(0, full.indexOf('Our third point'));
  const days = await generator.generateDevotionals({ transcript });
  assert.equal(days.length, 5);
  const sermon = new SermonScriptures(findScriptureReferences(transcript));
  for (const day of days) assert.ok(sermon.match(day.scripture_passage.full.reference));
});

test('an empty transcript is refused with a clear error', async () => {
  await assert.rejects(generator.generateOutline({ transcript: '  ' }), /transcript is empty/);
});

test('a 60-minute transcript (~9,000 words) yields five days, the same with cached passages', async () => {
  const parts = [fixture('sermon-love'), fixture('sermon-shepherd')];
  let transcript = '';
  while (transcript.split(/\s+/).length < 9000) transcript += `${parts[transcript.length % 2]}\n\n`;
  const words = transcript.split(/\s+/).length;
  // A fresh diatheke reader: the first run includes looking up the passages; the second, with a
  // new generator and the reader's passages cached, is the analysis and writing alone. Its speed is
  // a benchmark figure (workflows/bench/pipeline.bench.ts), not asserted here: timings on a shared
  // machine are not a test.
  const scriptureText = new DiathekeScriptureText();
  const run = async () => {
    const timed = new ExtractiveGenerator({ scriptureText });
    const started = performance.now();
    const outline = await timed.generateOutline({ transcript });
    const days = await timed.generateDevotionals({ transcript, outline });
    return { ms: performance.now() - started, outline, days };
  };
  const first = await run();
  const second = await run();
  console.log(`extractive generation: ${words} words → outline (${first.outline.mainPoints.length} points) + ${first.days.length} days: ${first.ms.toFixed(0)} ms with diatheke look-ups, ${second.ms.toFixed(0)} ms analysis alone`);
  assert.equal(first.days.length, 5);
  assert.deepEqual(second.days, first.days);
});

test('a lower-case transcript without punctuation (some recognisers) still yields grounded content', async () => {
  const transcript = fixture('sermon-love').replace(/[.,;:!?]/g, '').toLowerCase();
  const refs = findScriptureReferences(transcript);
  assert.deepEqual([...new Set(refs.map((r) => r.osis))], ['1Cor.13.4-1Cor.13.7', 'John.3.16', 'Rom.8.28', '2Tim.2.3', 'Ps.82.3', 'Rom.15.13']);
  assert.deepEqual(findScriptureReferences('john said three things and mark two times'), []);
  const outline = await generator.generateOutline({ transcript });
  assert.ok(outline.mainPoints.length >= 3);
  const sermon = new SermonScriptures(refs);
  for (const p of outline.mainPoints) assert.ok(sermon.match(p.scripture), p.scripture);
  const days = await generator.generateDevotionals({ transcript });
  assert.equal(days.length, 5);
  for (const d of days) assert.ok(sermon.match(d.scripture_passage.quick.reference));
});

test('a point whose lines all went to its summary and the applications still has details: the piece the recogniser split off', async () => {
  // The demo recording as heard from its mp4 on one machine: "Soldiers" lost its capital.
  const transcript =
    'Our first point is simple. Love comes before effort. Before we ever lifted a finger, God acted. The gospel does not begin with our striving. ' +
    'Our second point is that suffering is not wasted. Turn with me to Romans chapter 8 verse 28. We know that all things work together for good for those who love God. ' +
    'That does not mean every day feels good. It means that nothing you carry is carried alone. ' +
    'Our third point is that we endure together. Paul tells Timothy to suffer hardship as a good soldier of Christ Jesus. soldiers do not march alone. ' +
    'This week, call someone who is struggling, pray with them, and remind them of the promise of eternal life. Let us pray.';
  const outline = await generator.generateOutline({ transcript });
  for (const point of outline.mainPoints) assert.ok(point.details, JSON.stringify(point));
  assert.match(outline.mainPoints.at(-1)!.details, /soldiers do not march alone/);
});
