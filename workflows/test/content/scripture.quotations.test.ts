import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { QuotationIndex } from '../../src/content/scripture/scripture.quotations.ts';
import { cachedQuotationIndex } from '../../src/content/scripture/quotation-index.cache.ts';
import { combineCitations, identifyScripture } from '../../src/content/scripture/scripture.identify.ts';
import { findReferenceCandidates } from '../../src/content/scripture/scripture.references.ts';
import { osisOfDiathekeName, parseModuleText } from '../../src/content/scripture/bible.text.ts';
import { VERSE_COUNTS } from '../../src/content/scripture/scripture.versification.ts';

// A small Bible in two translations: enough verses for the matcher to have to choose.
const web = [
  { book: 'Isa', chapter: 40, verse: 31, text: 'but those who wait for Yahweh will renew their strength. They will mount up with wings like eagles. They will run, and not be weary. They will walk, and not faint.' },
  { book: 'Jer', chapter: 29, verse: 11, text: 'For I know the thoughts that I think toward you,” says Yahweh, “thoughts of peace, and not of evil, to give you hope and a future.' },
  { book: 'Lam', chapter: 3, verse: 22, text: 'It is because of Yahweh’s loving kindnesses that we are not consumed, because his mercies don’t fail.' },
  { book: 'Lam', chapter: 3, verse: 23, text: 'They are new every morning. Great is your faithfulness.' },
  { book: 'Matt', chapter: 22, verse: 37, text: 'Jesus said to him, “‘You shall love the Lord your God with all your heart, with all your soul, and with all your mind.’' },
  { book: 'Deut', chapter: 6, verse: 5, text: 'You shall love Yahweh your God with all your heart, with all your soul, and with all your might.' },
  { book: 'Ps', chapter: 46, verse: 1, text: 'God is our refuge and strength, a very present help in trouble.' },
  { book: '2Tim', chapter: 2, verse: 3, text: 'You therefore must endure hardship as a good soldier of Christ Jesus.' },
  { book: 'Gen', chapter: 37, verse: 3, text: 'Now Israel loved Joseph more than all his children, because he was the son of his old age, and he made him a tunic of many colors.' },
  { book: 'Gen', chapter: 37, verse: 4, text: 'His brothers saw that their father loved him more than all his brothers, and they hated him, and couldn’t speak peaceably to him.' },
  { book: 'Gen', chapter: 37, verse: 28, text: 'Midianites who were merchants passed by, and they drew and lifted up Joseph out of the pit, and sold Joseph to the Ishmaelites for twenty pieces of silver. The merchants brought Joseph into Egypt.' },
  { book: 'Gen', chapter: 47, verse: 1, text: 'Then Joseph went in and told Pharaoh, and said, “My father and my brothers, with their flocks, their herds, and all that they own, have come out of the land of Canaan; and behold, they are in the land of Goshen.”' },
  { book: 'Gen', chapter: 47, verse: 13, text: 'There was no bread in all the land; for the famine was very severe, so that the land of Egypt and the land of Canaan fainted by reason of the famine.' },
  { book: 'Ps', chapter: 119, verse: 11, text: 'I have hidden your word in my heart, that I might not sin against you.' },
  { book: 'Ps', chapter: 1, verse: 1, text: 'Blessed is the man who doesn’t walk in the counsel of the wicked, nor stand on the path of sinners, nor sit in the seat of scoffers;' },
];
const kjv = [
  { book: 'Isa', chapter: 40, verse: 31, text: 'But they that wait upon the LORD shall renew their strength; they shall mount up with wings as eagles; they shall run, and not be weary; and they shall walk, and not faint.' },
  { book: 'Lam', chapter: 3, verse: 22, text: 'It is of the LORD’s mercies that we are not consumed, because his compassions fail not.' },
  { book: 'Lam', chapter: 3, verse: 23, text: 'They are new every morning: great is thy faithfulness.' },
];
const index = new QuotationIndex([web, kjv]);
const found = (text: string) => index.find(text).map((q) => `${q.book}.${q.chapter}.${q.verseStart}${q.verseEnd !== q.verseStart ? `-${q.verseEnd}` : ''}`);

test('a quotation without a reference is found in either translation, despite recognition errors', () => {
  assert.deepEqual(found('The prophet wrote, for I know the thoughts that I think towards you says the Lord, thoughts of peace and not of evil.'), ['Jer.29.11']);
  assert.deepEqual(found('But they that wait upon the Lord shall renew their strength, they shall mount up with wings as Eagles.'), ['Isa.40.31']);
  // "consume" and "his compassion" misheard: still the verses, and two verses become a range.
  assert.deepEqual(found('It is of the Lords mercies that we are not consume, because his compassion fail not. They are new every morning, great is thy faithfulness.'), ['Lam.3.22-23']);
});

test('common words and short phrases are not quotations', () => {
  assert.deepEqual(found('God is good and the Lord is with you all the time.'), []);
  assert.deepEqual(found('Love your neighbor and love the Lord.'), []);
});

test('the quoted words confirm, correct or reject a spoken reference; each citation is marked', () => {
  // Confirmed: both.
  assert.deepEqual(cite('Isaiah forty, thirty-one says they shall mount up with wings as eagles, they shall run and not be weary.'), ['Isa.40.31:both']);
  // "2 Timothy 2:31" does not exist; the words are Isaiah 40:31: corrected.
  assert.deepEqual(cite('As 2 Timothy 2:31 says, but they that wait upon the Lord shall renew their strength, they shall mount up with wings.'), ['Isa.40.31:both']);
  // A verse that does not exist and no quotation to support it: rejected.
  assert.deepEqual(cite('As 2 Timothy 2:31 says, keep going.'), []);
  // Spoken only, and quoted only.
  assert.deepEqual(cite('Psalm 46:1. Later: for I know the thoughts that I think toward you, thoughts of peace and not of evil.'), ['Ps.46.1:spoken', 'Jer.29.11:quoted']);
  // The paraphrase after "Matthew 22:37" also matches Deuteronomy 6:5; the cited passage wins.
  assert.deepEqual(cite('Jesus answered in Matthew 22:37. Love the Lord your God with all your heart, with all your soul, and with all your mind.'), ['Matt.22.37:both']);
});

const cite = (text: string) => combineCitations(text, findReferenceCandidates(text), index.find(text), index).map((c) => `${c.osis}:${c.mode}`);

test('a chapter heard as a sound-alike chapter is corrected by what the preacher tells of it', () => {
  // "Genesis thirty-seven" heard as 47: the retelling (tunic, colors, pit, merchants, silver) is chapter 37's.
  // (Told in the preacher's words: "sold him to merchants for twenty pieces of silver" is 37:28
  // quoted, which the word-by-word alignment of quotations now finds.)
  const story = 'Jacob made his favourite son a tunic of many colors, and the other sons hated him. They threw him into a pit, and passing merchants paid silver for him.';
  assert.deepEqual(cite(`Turn with me to Genesis 47. ${story}`), ['Gen.37:spoken']);
  // Heard right: kept.
  assert.deepEqual(cite(`Turn with me to Genesis 37. ${story}`), ['Gen.37:spoken']);
  // What follows is the chapter heard (Pharaoh, Goshen, famine): kept.
  assert.deepEqual(cite('Turn with me to Genesis 47. Joseph brought his family before Pharaoh, and they lived in Goshen through the famine.'), ['Gen.47:spoken']);
  // Nothing said about either chapter: the reference as heard.
  assert.deepEqual(cite('Turn with me to Genesis 47. We will read it together and pray.'), ['Gen.47:spoken']);
});

test('only the words that tell two sound-alike chapters apart decide between them', () => {
  // Joseph, his father, his brothers and Egypt are in both chapters; loved, hated and sold only in 37.
  assert.deepEqual(cite("Turn with me to Genesis 47. Joseph's father loved him and his brothers hated him, and they sold Joseph, and he went down to Egypt."), ['Gen.37:spoken']);
  // Heard right, the same story stays where it is.
  assert.deepEqual(cite("Turn with me to Genesis 37. Joseph's father loved him and his brothers hated him, and they sold Joseph, and he went down to Egypt."), ['Gen.37:spoken']);
  // Only the shared names: nothing tells the chapters apart, the reference stands as heard.
  assert.deepEqual(cite('Turn with me to Genesis 47. Joseph and his father and his brothers in Egypt.'), ['Gen.47:spoken']);
});

test('a misheard name cited only with the passage\'s words; a chapter the book lacks corrected from them', () => {
  assert.deepEqual(cite('I say a 40, 31 says they shall mount up with wings as eagles, they shall run and not be weary.'), ['Isa.40.31:both']);
  assert.deepEqual(cite('I say a 40, 31 people came to the picnic.'), []);
  // "Genesis thirty-seven" heard as 137 would not exist; said as "Genesis 57": the retelling is chapter 37's.
  assert.deepEqual(cite('Turn with me to Genesis 57. Jacob made his favourite son a tunic of many colors, and they sold him to merchants for twenty pieces of silver.'), ['Gen.37:spoken']);
  assert.deepEqual(cite('Turn with me to Genesis 57. We will read it together.'), []);
});

test('a chapter whose words point to a sound-alike chapter, but not clearly, is dropped rather than invented', () => {
  assert.deepEqual(cite('Turn with me to Genesis 47. They sold him.'), []);
});

test('"Psalm" heard as an everyday word ("Some one nineteen eleven") counts only with the passage\'s words', () => {
  assert.deepEqual(cite('Some one nineteen eleven says, your word I have in my heart, that I might not sin against you.'), ['Ps.119.11:both']);
  assert.deepEqual(cite('Sam one nineteen eleven says your word I keep in my heart so I do not sin against you.'), ['Ps.119.11:both']);
  // The same sounds with nothing of the psalm: not a reference.
  assert.deepEqual(cite('Some one nineteen eleven people came to the picnic.'), []);
  assert.deepEqual(cite('Some 12 people came, and some 3 stayed.'), []);
});

test('identifyScripture without a quotation index still checks spoken references', async () => {
  const citations = await identifyScripture('Romans 5:8 and 2 Timothy 2:31.', { quotations: null });
  assert.deepEqual(citations.map((c) => `${c.osis}:${c.mode}`), ['Rom.5.8:spoken']);
});

test('diatheke book names map to OSIS', () => {
  assert.equal(osisOfDiathekeName('I Samuel'), '1Sam');
  assert.equal(osisOfDiathekeName('III John'), '3John');
  assert.equal(osisOfDiathekeName('Psalms'), 'Ps');
  assert.equal(osisOfDiathekeName('Song of Solomon'), 'Song');
  assert.equal(osisOfDiathekeName('Revelation of John'), 'Rev');
});

test('the versification table matches the installed SWORD modules (sampled books)', () => {
  for (const [module, name, osis] of [['engWEB2015eb', 'Ruth', 'Ruth'], ['engKJV2006eb', 'Lamentations', 'Lam'], ['engWEB2015eb', 'III John', '3John'], ['engKJV2006eb', 'Jude', 'Jude']] as const) {
    const output = execFileSync('diatheke', ['-b', module, '-f', 'osis', '-k', `${name} 1:1-${name} ${VERSE_COUNTS[osis]!.length}:${VERSE_COUNTS[osis]!.at(-1)}`], { encoding: 'utf8', maxBuffer: 8 * 1024 * 1024 });
    const verses = parseModuleText(output);
    const counts = VERSE_COUNTS[osis]!.map((_, i) => Math.max(0, ...verses.filter((v) => v.book === osis && v.chapter === i + 1).map((v) => v.verse)));
    assert.deepEqual(counts, VERSE_COUNTS[osis], `${module} ${name}`);
  }
});

test('a phrase said again is a verse\'s words once: "the land of our …" three times quotes nothing', async () => {
  const cited = async (text: string) => (await identifyScripture(text)).map((c) => `${c.osis}:${c.mode}`);
  assert.deepEqual(await cited('Most of us have no fields, but we have edges. The land of our time, the land of our money, the land of our attention. Leave some of it for the poor.'), []);
  // Said once inside the verse's other words, it is a quotation.
  assert.deepEqual(await cited('They said, arise, and let us go again to our own people, and to the land of our nativity, from the oppressing sword.'), ['Jer.46.16:quoted']);
});

test('the built index is kept in the cache and read back whole; texts of their own, or a damaged file, build it anew', () => {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'lectern-index-'));
  const previous = process.env.XDG_CACHE_HOME;
  process.env.XDG_CACHE_HOME = home;
  try {
    const files = () => fs.readdirSync(path.join(home, 'lectern', 'scripture')).filter((f) => f.startsWith('quotation-index.'));
    const built = cachedQuotationIndex([web, kjv]);
    assert.equal(files().length, 1);
    const read = cachedQuotationIndex([web, kjv]);
    assert.deepEqual(read.parts(), built.parts());
    assert.deepEqual(read.parts(), index.parts());
    const quoted = 'It is of the Lords mercies that we are not consume, because his compassion fail not. They are new every morning, great is thy faithfulness.';
    assert.deepEqual(read.find(quoted), index.find(quoted));
    // Other texts: another file, and the one for the old texts is gone.
    const other = cachedQuotationIndex([web]);
    assert.equal(files().length, 1);
    assert.ok(other.parts().entries.length < index.parts().entries.length);
    // A damaged file is built again, not read.
    const [file] = files();
    fs.truncateSync(path.join(home, 'lectern', 'scripture', file!), 100);
    assert.deepEqual(cachedQuotationIndex([web]).parts(), new QuotationIndex([web]).parts());
  } finally {
    if (previous === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = previous;
    fs.rmSync(home, { recursive: true, force: true });
  }
});
