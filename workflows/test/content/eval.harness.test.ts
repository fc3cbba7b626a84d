// A fast smoke of the evaluation harness (npm run eval): the sermons parse, their annotations
// name verses that exist, and the scripture score and property checks tell good from bad.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { groupSpan, loadSermons, parseSermon, respoken, selectSermons } from '../../eval/eval.sermons.ts';
import { scoreScripture } from '../../eval/eval.scripture.ts';
import { checkProperties, isThingToDo, propertiesSummary } from '../../eval/eval.properties.ts';
import { verseExists } from '../../src/content/scripture/scripture.versification.ts';
import type { DevotionalDay, Outline } from '../../src/content/index.ts';

test('the evaluation set: at least 12 sermons, a sealed held-back subset, annotations that exist', () => {
  const sermons = loadSermons();
  assert.ok(sermons.length >= 12);
  const sealed = sermons.filter((s) => s.group === 'sealed');
  assert.deepEqual(sealed.map((s) => s.id), ['157', '158', '159', '160', '161', '162', '163', '164']);
  assert.deepEqual(sermons.filter((s) => s.heldBack), sealed);
  // The split after session 24: tuning 01-156 (149-156 sealed in session 23, opened in session 24),
  // sealed 157-164, in number order (100 after 99).
  assert.equal(groupSpan(sermons, 'tune'), '01-156');
  assert.equal(groupSpan(sermons, 'sealed'), '157-164');
  assert.equal(sermons.filter((s) => s.group === 'tune').length, 156);
  assert.deepEqual(new Set(sealed.map((s) => s.style)), new Set(['expository', 'narrative', 'topical']));
  // What every sealed set is asked to hold (README.md: the split): a second voice and announcements
  // in each sermon, half of them announcing their points, and unreferenced quotations to find.
  for (const s of sealed) {
    assert.ok(s.paragraphs.some((p) => p.voice === 'reader') && s.announcements.length > 0, s.file);
    assert.ok(s.quotations.some((q) => !q.referenced && q.words.split(/\s+/).length >= 8), s.file);
  }
  assert.equal(sealed.filter((s) => s.announced).length, sealed.length / 2);
  assert.deepEqual(new Set(sermons.map((s) => s.style)), new Set(['expository', 'narrative', 'topical']));
  for (const s of sermons) {
    assert.ok(s.points.length >= 2 && s.theme.length >= 1, s.file);
    for (const { osis } of [...s.references, ...s.quotations]) {
      for (const part of osis.split('-')) {
        const [book, chapter, verse] = part.split('.');
        assert.ok(verseExists(book!, Number(chapter), verse ? Number(verse) : undefined), `${s.file}: ${osis}`);
      }
    }
    assert.ok(!/[{}<>|]/.test(s.spoken), `${s.file}: markup left in the spoken text`);
  }
});

test('the sealed rows stay hidden unless asked for, and a part of the sealed set cannot be picked', () => {
  const all = loadSermons();
  const ids = (picked: { sermons: readonly { id: string }[] }) => picked.sermons.map((s) => s.id);
  // A plain run takes the tuning set only: the sealed summary lines are figures too.
  const plain = selectSermons(all, {});
  assert.deepEqual(plain.sermons, all.filter((s) => s.group === 'tune'));
  assert.ok(plain.sermons.every(plain.showRow));
  // EVAL_SET=all takes both, and still hides the sealed rows.
  const both = selectSermons(all, { set: 'all' });
  assert.equal(both.sermons.length, all.length);
  assert.deepEqual(all.filter(both.showRow).map((s) => s.group), all.filter((s) => s.group === 'tune').map(() => 'tune'));
  const sealed = selectSermons(all, { set: 'sealed', summary: true });
  assert.deepEqual(ids(sealed), ['157', '158', '159', '160', '161', '162', '163', '164']);
  assert.ok(!sealed.sermons.some(sealed.showRow));
  // One sealed sermon's summary is its row: refused while the rows are hidden, in any spelling.
  assert.throws(() => selectSermons(all, { only: ['01', '164'], summary: true }), /1 of the 8 sealed/);
  assert.throws(() => selectSermons(all, { only: ['157', '158', '159', '160', '161', '162', '163'] }), /7 of the 8 sealed/);
  assert.throws(() => selectSermons(all, { only: ['157'], sealedRows: true, summary: true }), /sealed/);
  assert.deepEqual(ids(selectSermons(all, { only: ['01', '05', '23', '29', '37', '45', '53', '61', '69', '77', '85'], summary: true })), ['01', '05', '23', '29', '37', '45', '53', '61', '69', '77', '85']);
  // The opened sets 29-36, 37-44, 45-52, 53-60, 61-68, 69-76, 77-84, 85-92, 93-100, 101-108, 109-116, 117-124, 125-132, 133-140 and 141-148 are tuning now: one of their sermons may be picked, and its row is shown.
  assert.ok(selectSermons(all, { only: ['140'], summary: true }).showRow(all.find((s) => s.id === '140')!));
  assert.ok(selectSermons(all, { only: ['133'], summary: true }).showRow(all.find((s) => s.id === '133')!));
  assert.ok(selectSermons(all, { only: ['132'], summary: true }).showRow(all.find((s) => s.id === '132')!));
  assert.ok(selectSermons(all, { only: ['125'], summary: true }).showRow(all.find((s) => s.id === '125')!));
  assert.ok(selectSermons(all, { only: ['124'], summary: true }).showRow(all.find((s) => s.id === '124')!));
  assert.ok(selectSermons(all, { only: ['117'], summary: true }).showRow(all.find((s) => s.id === '117')!));
  assert.ok(selectSermons(all, { only: ['116'], summary: true }).showRow(all.find((s) => s.id === '116')!));
  assert.ok(selectSermons(all, { only: ['109'], summary: true }).showRow(all.find((s) => s.id === '109')!));
  assert.ok(selectSermons(all, { only: ['108'], summary: true }).showRow(all.find((s) => s.id === '108')!));
  assert.ok(selectSermons(all, { only: ['100'], summary: true }).showRow(all.find((s) => s.id === '100')!));
  assert.ok(selectSermons(all, { only: ['85'], summary: true }).showRow(all.find((s) => s.id === '85')!));
  assert.ok(selectSermons(all, { only: ['77'], summary: true }).showRow(all.find((s) => s.id === '77')!));
  assert.ok(selectSermons(all, { only: ['69'], summary: true }).showRow(all.find((s) => s.id === '69')!));
  assert.ok(selectSermons(all, { only: ['61'], summary: true }).showRow(all.find((s) => s.id === '61')!));
  assert.ok(selectSermons(all, { only: ['53'], summary: true }).showRow(all.find((s) => s.id === '53')!));
  assert.ok(selectSermons(all, { only: ['45'], summary: true }).showRow(all.find((s) => s.id === '45')!));
  assert.ok(selectSermons(all, { only: ['37'], summary: true }).showRow(all.find((s) => s.id === '37')!));
  assert.ok(selectSermons(all, { only: ['29'], summary: true }).showRow(all.find((s) => s.id === '29')!));
  assert.ok(selectSermons(all, { only: ['23'], summary: true }).showRow(all.find((s) => s.id === '23')!));
  assert.ok(selectSermons(all, { only: ['164'], sealedRows: true }).showRow(all.find((s) => s.id === '164')!));
  assert.throws(() => selectSermons(all, { set: 'held' }), /EVAL_SET=held: the groups are tune and sealed, or all/);
});

const header = 'title: T\nspeaker: S\nstyle: topical\nvoice: en-us\nspeed: 160\nannounced: yes\npoints: Grace is a gift | Grace makes us new\ntheme: grace\nillustrations: paycheck\n';
const sermon = parseSermon(
  '99-test.sermon',
  `${header}---\n@announce The potluck is next Sunday in the fellowship hall.\nPoint one: grace is a gift. {Eph.2.8-Eph.2.9|Ephesians two, eight and nine}. A paycheck is earned.\nPoint two: grace makes us new. <<Rom.5.8|while we were yet sinners, Christ died for us>>.\n@altar If you want to give your life to Christ today, come forward to the rail as we sing.\n`,
);

test('scripture score: found, exact, invented and quotations', () => {
  const score = scoreScripture(sermon, [{ osis: 'Eph.2.8' }, { osis: 'Rom.5.8' }, { osis: '2Tim.2.31' }, { osis: 'Ruth.1.22' }]);
  assert.equal(score.found, 1);
  assert.equal(score.exact, 0);
  assert.deepEqual(score.invented, ['2Tim.2.31', 'Ruth.1.22']);
  assert.equal(score.quotationsFound, 1);
  assert.equal(scoreScripture(sermon, [{ osis: 'Eph.2.8-Eph.2.9' }]).exact, 1);
});

test('exact range: whole chapters and the same chapters written verse by verse are the same range', () => {
  const chapters = parseSermon('98-test.sermon', `${header}---\nThe sermon on the mount, {Matt.5.1-Matt.7.29|Matthew chapters five to seven}, and {Ps.23|Psalm twenty-three}.\n`);
  assert.equal(scoreScripture(chapters, [{ osis: 'Matt.5-Matt.7' }, { osis: 'Ps.23.1-Ps.23.6' }]).exact, 2);
  assert.equal(scoreScripture(chapters, [{ osis: 'Matt.5-Matt.6' }, { osis: 'Ps.23.1-Ps.23.5' }]).exact, 0);
});

const day = (n: number, over: Partial<DevotionalDay> = {}): DevotionalDay => ({
  day_number: n,
  title: 'Grace Is a Gift',
  theme: 'Grace',
  opening_prayer: { quick: 'Lord, open my heart to Ephesians 2:8-9. Amen.', full: 'Heavenly Father, speak to me through Ephesians 2:8-9 today. Amen.' },
  scripture_passage: { quick: { reference: 'Ephesians 2:8-9', text: '', context: '' }, full: { reference: 'Ephesians 2:8-9', text: '', context: '' } },
  reflection: {
    quick: { observations: ['Grace is given, not earned.'], interpretation: 'Grace is a gift.', application: 'Thank God for one gift today.', keyTakeaway: 'Grace is a gift.', question: 'What gift will you thank God for?' },
    full: { observations: ['Grace is given, not earned.'], interpretation: 'Grace is a gift.', application: 'Write down one gift of grace.', keyTakeaway: 'Grace is a gift.', question: 'What gift will you thank God for?' },
  },
  closing_prayer: { quick: 'Lord, thank you for your grace. Amen.', full: 'Father, thank you for the gift of grace. Amen.' },
  additional_scripture: [],
  ...over,
});
const good: Outline = {
  theme: 'Grace Is a Gift',
  mainPoints: [
    { title: 'Grace Is a Gift', summary: 'Grace is a gift.', details: '', scripture: 'Ephesians 2:8-9' },
    { title: 'Grace Makes Us New', summary: 'Grace makes us new.', details: '', scripture: 'Romans 5:8' },
  ],
  keyPoints: [],
  scriptures: ['Ephesians 2:8-9', 'Romans 5:8'],
  applications: ['Thank God for one gift today.'],
  application: '',
  illustrations: [],
  conclusion: [],
};
const ctx = { ...sermon, transcript: sermon.spoken };

test('property checks pass a well-made outline and devotional series', () => {
  const result = checkProperties(good, [1, 2, 3, 4, 5].map((n) => day(n)), ctx);
  for (const [name, r] of Object.entries(result)) assert.ok(r.pass, `${name}: ${r.why.join('; ')}`);
});

test('property checks catch each fault the issue names', () => {
  const bad: Outline = {
    ...good,
    theme: 'Fellowship Hall',
    mainPoints: [{ title: 'Paycheck', summary: 'The potluck is next Sunday in the fellowship hall.', details: '', scripture: '' }],
    applications: ['Therefore, since we are surrounded by witnesses.', 'Let us pray, Father, keep us.'],
    conclusion: ['Let us pray, Father, keep us.', 'Come forward to the rail as we sing.'],
  };
  const days = [day(1, { closing_prayer: { quick: 'Lord, teach me that a paycheck is earned by work.', full: 'Father, teach me that point one grace is a gift. Amen.' } }), ...[2, 3, 4, 5].map((n) => day(n))];
  const result = checkProperties(bad, days, { ...ctx, lowConfidence: new Set(['paycheck']) });
  for (const name of ['announcements', 'altar', 'points', 'titles', 'theme', 'applications', 'prayers', 'distinct'] as const) assert.equal(result[name].pass, false, name);
  assert.deepEqual(result.altar.counted, { passed: 0, of: 1 }, result.altar.why.join('; '));
  assert.ok(result.distinct.why.some((w) => /applications and conclusion/.test(w)), result.distinct.why.join('; '));
  assert.ok(result.titles.why.some((w) => /illustration/.test(w)));
  assert.ok(result.titles.why.some((w) => /low-confidence/.test(w)));
});

test('a title that breaks off mid-phrase fails: it ends on a word that leads to another', () => {
  const cut: Outline = { ...good, mainPoints: [{ ...good.mainPoints[0]!, title: 'Grace Is a Gift for' }, { ...good.mainPoints[1]!, title: 'Grace Makes Us New' }] };
  const result = checkProperties(cut, [1, 2, 3, 4, 5].map((n) => day(n)), ctx);
  assert.deepEqual(result.titles.why, ['title 1 "Grace Is a Gift for": breaks off mid-phrase (ends on "for")']);
});

test('titles are counted one by one beside the sermon-level pass: a sermon with one bad title of eight fails whole', () => {
  const oneBad: Outline = { ...good, mainPoints: [good.mainPoints[0]!, { ...good.mainPoints[1]!, title: 'Paycheck' }, { ...good.mainPoints[1]!, title: 'Christ Died for Us, Grace Makes Us New' }] };
  const days = [1, 2, 3, 4, 5].map((n) => day(n, n === 4 ? { title: 'Grace Is a Gift of Fellowship Hall Potluck Tickets Now On Sale' } : {}));
  const bad = checkProperties(oneBad, days, ctx);
  assert.equal(bad.titles.pass, false);
  // 'Paycheck' (one word, never said) and day 4 (eleven words, words never said) fail; the other six pass.
  assert.deepEqual(bad.titles.counted, { passed: 6, of: 8 }, bad.titles.why.join('; '));
  const well = checkProperties(good, [1, 2, 3, 4, 5].map((n) => day(n)), ctx);
  assert.deepEqual(well.titles.counted, { passed: 7, of: 7 });
  const summary = propertiesSummary([bad, well]);
  assert.match(summary, /titles 50 % \(13 of 15 titles\)/);
  assert.match(summary, /^announcements 100 %, altar 100 % \(2 of 2 altar calls\), points /);
  assert.ok(!/points [^,]*\(/.test(summary), 'a property judged per sermon has no count');
});

test('things to do open with a verb', () => {
  assert.ok(isThingToDo('So this week, name one weight and lay it down.'));
  assert.ok(isThingToDo('Pray over each worry by name.'));
  assert.ok(!isThingToDo('Therefore, since we are surrounded by so great a cloud of witnesses.'));
  assert.ok(!isThingToDo('Let us pray, Father, keep us.'));
  assert.ok(!isThingToDo('When you look at your own feet you stumble.'));
});

test('an instruction after a "when" clause is a thing to do', () => {
  assert.ok(isThingToDo('And when trouble comes, open the word before you open your worries.'));
});

test('EVAL_RESPEAK speaks each tuning sermon with the voices of another, and never a sealed one', () => {
  const all = loadSermons();
  const tuning = all.filter((s) => s.group === 'tune');
  const again = respoken(tuning, all, 1);
  assert.deepEqual(again.map((s) => s.id), tuning.map((s) => s.id));
  assert.deepEqual([again[0]!.voice, again[0]!.reader, again[0]!.speed], [tuning[1]!.voice, tuning[1]!.reader, tuning[1]!.speed]);
  // The last wraps round to the first; the words and annotations stay.
  assert.equal(again.at(-1)!.voice, tuning[0]!.voice);
  assert.equal(again[0]!.spoken, tuning[0]!.spoken);
  assert.throws(() => respoken(all.filter((s) => s.group === 'sealed'), all, 1), /tuning set only/);
  assert.throws(() => respoken(tuning, all, 0), /EVAL_RESPEAK=0/);
});
