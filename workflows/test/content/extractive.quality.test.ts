// What a pastor would notice in the extractive outline and devotionals: housekeeping sentences
// used as content, one-word or verb titles, broken prayers, repeats within a day or across days.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ExtractiveGenerator } from '../../src/content/generation/extractive.generator.ts';
import { devotionalDaySchema, outlineSchema, schemaErrors } from '../../src/content/generation/content.schema.ts';
import type { DevotionalDay, Outline } from '../../src/content/generation/content.types.ts';
import { DiathekeScriptureText } from '../../src/content/scripture/scripture-text.provider.ts';
import { applicationTemplate } from '../../src/content/generation/extractive.wording.ts';
import { DEMO_SERMON_TEXT, DEMO_SERMON_TITLE } from '@lectern/local-stack/demo-sermon';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const fixtures: Record<string, string> = {
  'sermon-endurance': read('../transcription/fixtures/sermon-endurance.txt'),
  'sermon-love': read('./fixtures/sermon-love.txt'),
  'sermon-shepherd': read('./fixtures/sermon-shepherd.txt'),
};
const generator = new ExtractiveGenerator({ scriptureText: new DiathekeScriptureText() });
const squash = (t: string) => t.replace(/\s+/g, ' ').trim();
const sentencesOf = (t: string) => squash(t).split(/(?<=[.!?])\s+(?=[A-Z“"])/).filter(Boolean);

// Written independently of the generator's own patterns: the service, not the message.
const HOUSEKEEPING = [
  /^(?:well, )?good morning\b/i,
  /^please (?:be seated|turn)\b/i,
  /\bturn with me\b/i,
  /^if you have a bible\b/i,
  /\b(?:take|open) (?:your bibles|it to)\b/i,
  /^let(?: us|'s) pray\b/i,
  /^our (?:first|second|third|fourth|fifth) point is simple\.$/i,
  /^simple\.?$/i,
  /^let me (?:ask you a question|close|give you)\b/i,
];
const isHousekeeping = (s: string) => HOUSEKEEPING.some((re) => re.test(s.trim()));
// The single words the old generator made titles of.
const BAD_TITLE_WORDS = new Set(['believes', 'simple', 'begin', 'pray', 'church', 'hard', 'good', 'hopes', 'weak', 'cup runs', 'lord forever', 'table']);

type Generated = { outline: Outline; days: DevotionalDay[] };
const cache = new Map<string, Promise<Generated>>();
function generate(name: string): Promise<Generated> {
  let p = cache.get(name);
  if (!p) {
    const transcript = fixtures[name]!;
    p = generator.generateOutline({ transcript }).then(async (outline) => ({ outline, days: await generator.generateDevotionals({ transcript, outline }) }));
    cache.set(name, p);
  }
  return p;
}

/** Every sentence a content field of the outline shows, with where it came from. */
function outlineContent(o: Outline): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [i, p] of o.mainPoints.entries()) {
    out.push([`mainPoints[${i}].summary`, p.summary]);
    for (const [, li] of p.details.matchAll(/<li>“(.*?)”<\/li>/g)) out.push([`mainPoints[${i}].details`, li!]);
  }
  for (const key of ['keyPoints', 'applications', 'illustrations', 'conclusion'] as const) for (const s of o[key]) out.push([key, s]);
  return out;
}

/** The sentences of one form of a day's content fields, field by field. */
function dayContent(d: DevotionalDay, form: 'quick' | 'full'): Array<[string, string]> {
  const r = d.reflection[form];
  const out: Array<[string, string]> = [];
  for (const s of sentencesOf(d.scripture_passage[form].context)) out.push(['context', s]);
  for (const s of r.observations) out.push(['observation', s]);
  for (const s of sentencesOf(r.interpretation)) out.push(['interpretation', s]);
  for (const s of sentencesOf(r.application)) out.push(['application', s]);
  out.push(['keyTakeaway', r.keyTakeaway]);
  return out.filter(([, s]) => s.length > 0);
}

for (const name of Object.keys(fixtures)) {
  const transcript = fixtures[name]!;
  const inTranscript = (s: string) => squash(transcript).toLowerCase().includes(squash(s).replace(/&#39;/g, "'").toLowerCase());

  test(`${name}: no housekeeping sentence fills a content field`, async () => {
    const { outline, days } = await generate(name);
    for (const [where, s] of outlineContent(outline)) assert.ok(!isHousekeeping(s), `outline ${where}: "${s}"`);
    for (const d of days) {
      for (const form of ['quick', 'full'] as const) for (const [where, s] of dayContent(d, form)) assert.ok(!isHousekeeping(s), `day ${d.day_number} ${form} ${where}: "${s}"`);
      for (const extra of d.additional_scripture) assert.ok(!isHousekeeping(extra.note), `day ${d.day_number} note: "${extra.note}"`);
    }
  });

  test(`${name}: every content sentence is the preacher's own`, async () => {
    const { outline, days } = await generate(name);
    for (const [where, s] of outlineContent(outline)) assert.ok(inTranscript(s), `outline ${where}: "${s}"`);
    // The one frame allowed: a thing to do about the day's passage when the sermon gives none.
    const template = (d: DevotionalDay, s: string) => s === applicationTemplate(d.scripture_passage.quick.reference);
    for (const d of days) for (const form of ['quick', 'full'] as const) for (const [where, s] of dayContent(d, form)) assert.ok(inTranscript(s) || (where === 'application' && template(d, s)), `day ${d.day_number} ${form} ${where}: "${s}"`);
  });

  test(`${name}: titles and themes are short phrases of the sermon, headline-cased`, async () => {
    const { outline, days } = await generate(name);
    const names = [outline.theme, ...outline.mainPoints.map((p) => p.title), ...days.flatMap((d) => [d.title, d.theme])];
    for (const title of names) {
      const words = title.split(/\s+/);
      assert.ok(words.length >= 1 && words.length <= 8, `"${title}": ${words.length} words`);
      assert.ok(!BAD_TITLE_WORDS.has(title.toLowerCase()), `"${title}" is a bare word`);
      assert.match(title, /^[A-Z]/, `"${title}" is capitalised`);
      // Each content word of a title is a word the preacher said.
      for (const w of words) assert.ok(new RegExp(`\\b${w.replace(/[^A-Za-z']/g, '')}\\b`, 'i').test(transcript), `"${w}" of "${title}" is in the sermon`);
      if (words.length === 1) assert.match(transcript, new RegExp(`\\b(?:(?:the|a|an|his|our|your|God's|of)(?: \\w+)? ${title}|${title} (?:is|\\w+[^s]s))\\b`, 'i'), `a one-word title is a noun of the sermon: ${title}`);
    }
  });

  test(`${name}: prayers and questions are whole sentences around the sermon's words`, async () => {
    const { days } = await generate(name);
    for (const d of days) {
      for (const form of ['quick', 'full'] as const) {
        for (const prayer of [d.opening_prayer[form], d.closing_prayer[form]]) {
          assert.match(prayer, /^(?:Lord|Heavenly Father|Father),/, prayer);
          assert.match(prayer, /(?:Amen|amen)\.$/, prayer);
          assert.doesNotMatch(prayer, /teach me about \w+\.|let \w+ shape my day|“\.”|\s\./, prayer);
          // The truth a prayer names is the preacher's clause.
          const truth = /this truth: (.+?)\. Amen\.$|teach me that (.+?)\. Make me|thank you that (.+?)\. Help me/.exec(prayer);
          if (truth) assert.ok(inTranscript(truth[1] ?? truth[2] ?? truth[3]!), `"${truth[0]}" is grounded`);
        }
        assert.match(d.reflection[form].question, /^[A-Z].+\?$/);
        assert.doesNotMatch(d.reflection[form].question, /“”|\.”\?/);
      }
    }
  });

  test(`${name}: no sentence repeats within a day`, async () => {
    const { days } = await generate(name);
    for (const d of days) {
      for (const form of ['quick', 'full'] as const) {
        const seen = new Map<string, string>();
        for (const [where, s] of dayContent(d, form)) {
          const key = squash(s).toLowerCase();
          assert.ok(!seen.has(key), `day ${d.day_number} ${form}: "${s}" is both ${seen.get(key)} and ${where}`);
          seen.set(key, where);
        }
      }
      assert.notEqual(d.title.toLowerCase(), d.theme.toLowerCase(), `day ${d.day_number} title and theme differ`);
    }
  });

  test(`${name}: the five days are distinct`, async () => {
    const { days } = await generate(name);
    for (const field of ['title', 'theme'] as const) assert.equal(new Set(days.map((d) => d[field].toLowerCase())).size, 5, `${field}s: ${days.map((d) => d[field]).join(' / ')}`);
    assert.equal(new Set(days.map((d) => d.reflection.quick.keyTakeaway)).size, 5, 'key takeaways');
    const sets = days.map((d) => new Set(dayContent(d, 'quick').map(([, s]) => s)));
    for (let i = 0; i < 5; i += 1) {
      for (let j = i + 1; j < 5; j += 1) {
        const shared = [...sets[i]!].filter((s) => sets[j]!.has(s));
        // A three-minute sermon cannot give five days of fresh sentences; an hour's can.
        const allowed = name === 'sermon-endurance' ? Math.floor(Math.min(sets[i]!.size, sets[j]!.size) / 2) : 0;
        assert.ok(shared.length <= allowed, `days ${i + 1} and ${j + 1} share ${JSON.stringify(shared)}`);
      }
    }
  });
}

test('sermon-endurance: the main points are the three announced points', async () => {
  const { outline, days } = await generate('sermon-endurance');
  assert.deepEqual(outline.mainPoints.map((p) => p.title), ['Love Comes Before Effort', 'Suffering Is Not Wasted', 'We Endure Together']);
  // The third point cites nothing: it shows no passage rather than the second point's.
  assert.deepEqual(outline.mainPoints.map((p) => p.scripture), ['John 3:16', 'Romans 8:28', '']);
  assert.ok(days.some((d) => d.reflection.quick.keyTakeaway === 'Love comes before effort.'));
  assert.ok(days.some((d) => d.reflection.quick.keyTakeaway === 'Suffering is not wasted.'));
  // Prayers fill only safe slots: the point appears in them only as a marked quotation.
  for (const d of days) for (const prayer of [d.opening_prayer.full, d.closing_prayer.full]) assert.ok(!/teach me that|believes that/.test(prayer), prayer);
  // The call to action is this week's application, not a greeting.
  assert.deepEqual(outline.applications, ['This week, call someone who is struggling, pray with them, and remind them of the promise of eternal life.']);
  assert.ok(!outline.conclusion.includes('Let us pray.'));
});

test('sermon-love and sermon-shepherd: point titles are the preacher\'s points cut to eight words', async () => {
  const love = await generate('sermon-love');
  assert.deepEqual(love.outline.mainPoints.map((p) => p.title), [
    'Love Is Patient with People',
    "Love Is Rooted in God's Love for Us",
    'Love Endures When Life Is Hard',
    'Love Protects the Weak',
    'Love Hopes All Things',
  ]);
  const shepherd = await generate('sermon-shepherd');
  assert.ok(shepherd.outline.mainPoints.some((p) => /Dark Valley/.test(p.title)));
  assert.ok(shepherd.outline.mainPoints.some((p) => /Table of Grace/.test(p.title)));
});

test('no sentence shows in two sections of the outline (the demo sermon once repeated its call to action as the conclusion)', async () => {
  const transcripts = { demo: DEMO_SERMON_TEXT, ...fixtures };
  for (const [name, transcript] of Object.entries(transcripts)) {
    const outline = await generator.generateOutline({ transcript, title: name === 'demo' ? DEMO_SERMON_TITLE : undefined });
    const sectionOf = new Map<string, string>();
    for (const [where, sentence] of outlineContent(outline)) {
      const section = where.split('.')[0]!;
      const first = sectionOf.get(sentence);
      assert.ok(first === undefined || first === section, `${name}: "${sentence}" in ${first} and ${section}`);
      sectionOf.set(sentence, section);
    }
    assert.ok(outline.applications.length > 0 && outline.conclusion.length > 0, `${name}: applications and a conclusion`);
  }
});

const tiny: Record<string, string> = {
  'six sentences': 'Good morning, church. Today we think about hope. Hope is not wishful thinking. Romans fifteen thirteen calls God the God of hope. This week, tell one friend why you still hope. Let us pray.',
  'one sentence': 'God is faithful to every generation.',
  'no scripture': 'Good morning. Our first point is that grace comes first. Grace is a gift we do not earn. Our second point is that grace changes us. A changed heart shows in changed habits. Our third point is that grace sends us out. We carry grace to our neighbours. This week, thank someone who showed you grace. Let us pray.',
  'housekeeping only': 'Good morning, church. Please be seated. Let us pray.',
};
for (const [name, transcript] of Object.entries(tiny)) {
  test(`a transcript of ${name} still gives the schema's shape`, async () => {
    const outline = await generator.generateOutline({ transcript });
    assert.deepEqual(schemaErrors(outlineSchema, outline), []);
    const days = await generator.generateDevotionals({ transcript, outline });
    assert.equal(days.length, 5);
    for (const d of days) {
      assert.deepEqual(schemaErrors(devotionalDaySchema, d), []);
      assert.ok(d.title, `day ${d.day_number} has a title`);
      for (const form of ['quick', 'full'] as const) for (const [where, s] of dayContent(d, form)) assert.ok(!isHousekeeping(s), `${where}: "${s}"`);
    }
    if (name === 'no scripture') {
      assert.deepEqual(outline.scriptures, []);
      assert.deepEqual(outline.mainPoints.map((p) => p.title), ['Grace Comes First', 'Grace Changes Us', 'Grace Sends Us Out']);
      for (const d of days) assert.equal(d.scripture_passage.quick.reference, '');
    }
    if (name === 'six sentences') assert.ok(days.every((d) => !/Today We Think/.test(d.title)), 'the sermon\'s frame is not a title');
  });
}

// Its speed is a benchmark figure (bench/pipeline.bench.ts prints the generation step's time and
// ratio); a timed assertion here failed on a loaded machine whatever the code did.
test('a 60-minute transcript (~9,000 words: the endurance sermon 48 times) gives five distinct days without repeats', async () => {
  const transcript = Array.from({ length: 48 }, () => fixtures['sermon-endurance']!).join('\n\n');
  const words = transcript.split(/\s+/).length;
  const scriptureText = new DiathekeScriptureText();
  await new ExtractiveGenerator({ scriptureText }).generateOutline({ transcript }); // passages cached
  const timed = new ExtractiveGenerator({ scriptureText });
  const started = performance.now();
  const outline = await timed.generateOutline({ transcript });
  const days = await timed.generateDevotionals({ transcript, outline });
  const ms = performance.now() - started;
  console.log(`extractive generation, ${words} words: ${ms.toFixed(0)} ms`);
  assert.ok(words > 9000, `${words} words`);
  assert.equal(days.length, 5);
  // The same line said in every repetition still appears once in a day and once in the lists.
  assert.equal(new Set(days.map((d) => d.title)).size, 5, days.map((d) => d.title).join(' / '));
  for (const d of days) {
    const lines = dayContent(d, 'full').map(([, line]) => line);
    assert.equal(new Set(lines).size, lines.length, `day ${d.day_number}: ${lines.join(' | ')}`);
  }
  for (const list of [outline.keyPoints, outline.applications, outline.conclusion]) assert.equal(new Set(list).size, list.length, list.join(' | '));
});

test('a day\'s full application is the section\'s first instructions, no more than about forty words together', async () => {
  const text = [
    'Our first point is that God is near in the storm. The disciples were afraid in the boat. Jesus was asleep on a cushion. He woke and calmed the wind with a word.',
    'Our second point is that God keeps his promise. Paul told the sailors to take heart. Not one of them was lost. God kept every word he had said.',
    'Our third point is that we carry his peace to others. So this week, name the storm you are in, and say it out loud to God when you wake up each morning. Read Mark chapter 4 again each night before you sleep and underline every question the disciples ask. And call one person who is in a storm on their own, and sit in the boat with them for an hour.',
  ].join(' ');
  const outline = await generator.generateOutline({ transcript: text, title: 'Storms', references: [] });
  const days = await generator.generateDevotionals({ transcript: text, title: 'Storms', references: [], outline });
  const full = days.map((d) => d.reflection.full.application);
  // (It had run all three together: 58 words.)
  for (const a of full) assert.ok(a.split(/\s+/).length <= 40 || !a.includes('. '), a);
  assert.ok(full.some((a) => a.startsWith('So this week, name the storm') && a.includes('Read Mark chapter 4')), full.join(' || '));
});

// Session 16: a run-on the recogniser cut mid-sentence ("…scan it, and | us, lunch is at the top")
// left pieces that became observations and key takeaways; many were pieces of church notices.
test('pieces of sentences are never quoted, but an unpunctuated transcript still gives content', async () => {
  const sermon =
    'Jacob was alone by the river Jabbok, and he was afraid of his brother Esau. A man wrestled with him until the breaking of the day. ' +
    'And when the man touched the hollow of his thigh the joint came out of place and still Jacob held on and would not let go, and he said I will not let you go unless you bless me, ' +
    'and the man asked him his name and he said Jacob, and the man said your name will no longer be Jacob but Israel, because you have struggled with God and with men and have overcome. ' +
    'He walked with a limp for the rest of his life, and the limp was a gift, because it reminded him that he was held. ' +
    'Grace meets us in the dark, and it does not let us go. God still wrestles with people who run, because he loves them too much to leave them as they are. ' +
    'Bring your fear to him this week, and hold on to him until he blesses you. Tell him your real name, and ask him for a new one.';
  const { analyseSermon } = await import('../../src/content/generation/extractive.analysis.ts');
  const a = analyseSermon(sermon);
  const pieces = a.sentences.filter((s) => /^[a-z]/.test(s.text) || !/[.!?]$/.test(s.text));
  assert.equal(pieces.length, 2, pieces.map((s) => s.text).join(' | '));
  assert.ok(pieces.every((s) => a.skip.has(s.index)));
  const outline = await generator.generateOutline({ transcript: sermon, title: 'Held' });
  const days = await generator.generateDevotionals({ transcript: sermon, title: 'Held', outline });
  const said = JSON.stringify({ outline, days }).toLowerCase();
  for (const piece of pieces) assert.ok(!said.includes(piece.text.toLowerCase().slice(0, 40)), piece.text);
  // Without any punctuation every sentence is a piece: none is left out for it.
  const bare = analyseSermon(sermon.replace(/[.,]/g, '').toLowerCase());
  assert.ok(bare.sentences.some((s) => !bare.skip.has(s.index)));
});

test('a passage cited only in the altar call is listed without the call\'s words as its note (session 20)', async () => {
  const call = ' If you have never given your life to God, I want to invite you to do that today. While we sing the last hymn, one of the prayer team will pray with you where you are. Say with Joshua 24:15, as for me and my house, we will serve the Lord.';
  const transcript = `${fixtures['sermon-love']!.trim()}${call}`;
  const outline = await generator.generateOutline({ transcript });
  const days = await generator.generateDevotionals({ transcript, outline });
  const notes = days.flatMap((d) => d.additional_scripture);
  assert.ok(notes.some((n) => n.reference === 'Joshua 24:15'), JSON.stringify(notes));
  for (const n of notes) assert.ok(!/say with joshua|prayer team/i.test(n.note), `note for ${n.reference}: "${n.note}"`);
});
