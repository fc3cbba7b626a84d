import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { findReferenceCandidates, findScriptureReferences } from '../../src/content/scripture/scripture.references.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.txt`, import.meta.url), 'utf8');
const osisOf = (text: string) => findScriptureReferences(text).map((r) => r.osis);

test('spoken references become OSIS', () => {
  const cases: Array<[string, string]> = [
    ['Turn to John chapter three verse sixteen with me.', 'John.3.16'],
    ['He quoted John three sixteen again.', 'John.3.16'],
    ['Paul wrote in second Timothy two three that', '2Tim.2.3'],
    ['Romans eight twenty-eight is a promise.', 'Rom.8.28'],
    ['Romans eight twenty eight is a promise.', 'Rom.8.28'],
    ['Read First Corinthians thirteen verses four through seven.', '1Cor.13.4-1Cor.13.7'],
    ['We prayed Psalm twenty-three together.', 'Ps.23'],
    ['Psalm one hundred nineteen verse one hundred five says', 'Ps.119.105'],
    ['In third John four the elder rejoices', '3John.1.4'],
    ['Turn to Romans chapter eight.', 'Rom.8'],
    ['Hebrews eleven one to three', 'Heb.11.1-Heb.11.3'],
    ['We all love the twenty-third Psalm.', 'Ps.23'],
    ['the one hundred and nineteenth Psalm is long', 'Ps.119'],
    ['as 1st Corinthians 13:4 says', '1Cor.13.4'],
  ];
  for (const [text, osis] of cases) assert.deepEqual(osisOf(text), [osis], text);
});

test('written references become OSIS', () => {
  assert.deepEqual(osisOf('See John 3:16, 2 Tim 2:3 and Rom. 8:28-30.'), ['John.3.16', '2Tim.2.3', 'Rom.8.28-Rom.8.30']);
  assert.deepEqual(osisOf('II Timothy 3:16; 1 Cor 13:4-7; Jude 3; John 3:16-4:2; Song of Solomon 2:1'), [
    '2Tim.3.16', '1Cor.13.4-1Cor.13.7', 'Jude.1.3', 'John.3.16-John.4.2', 'Song.2.1',
  ]);
  assert.deepEqual(osisOf('Romans 8 says it plainly. Psalm 23.'), ['Rom.8', 'Ps.23']);
});

test('the commas a recogniser writes at a speaker\'s pauses', () => {
  assert.deepEqual(osisOf('Open to the Gospel of John, chapter 3, verse 16.'), ['John.3.16']);
  assert.deepEqual(osisOf('Romans, chapter 5, verse 8. God shows his love.'), ['Rom.5.8']);
  assert.deepEqual(osisOf('John 3, 16 is the best known verse.'), ['John.3.16']);
  assert.deepEqual(osisOf('Turn to Romans, chapter eight.'), ['Rom.8']);
  // A comma that is not a pause before "chapter" keeps its meaning.
  assert.deepEqual(osisOf('John, 3 people asked about you.'), []);
});

test('a bare "verse four" a little after a cited chapter is a verse of that chapter', () => {
  assert.deepEqual(osisOf('Open your Bibles to Psalm 23. The Lord is my shepherd. Verse four says even in the dark valley he is with us. And verses five through six promise a table.'), [
    'Ps.23', 'Ps.23.4', 'Ps.23.5-Ps.23.6',
  ]);
  assert.deepEqual(osisOf('Turn to John chapter three verse sixteen. Then verse seventeen says he did not come to condemn.'), ['John.3.16', 'John.3.17']);
  // After the opened chapter, a cross-reference does not capture the next "verse".
  assert.deepEqual(osisOf('Open to Psalm 23. Isaiah forty verse eleven says he gathers the lambs. Verse four says I will fear no evil.'), ['Ps.23', 'Isa.40.11', 'Ps.23.4']);
  // Too far from the last mention of its chapter: not a reference.
  assert.deepEqual(osisOf(`Open to Psalm 23. ${'We talked about many other things that day. '.repeat(80)}Verse four was a hymn.`), ['Ps.23']);
  // No chapter cited before it, or another chapter named: not a relative verse.
  assert.deepEqual(osisOf('Verse four is my favourite line of the hymn.'), []);
  assert.deepEqual(osisOf('Read Psalm 23. Verse 4 of chapter 5 in the hymnal is lovely.'), ['Ps.23']);
});

test('offsets point at the words in the transcript', () => {
  const text = 'Before we begin, turn with me to second Timothy two three, and then to Rom. 8:28-30.';
  const [first, second, ...rest] = findScriptureReferences(text);
  assert.ok(first && second);
  assert.equal(rest.length, 0);
  assert.equal(text.slice(first.start, first.end), 'second Timothy two three');
  assert.equal(first.source, 'second Timothy two three');
  assert.equal(text.slice(second.start, second.end), 'Rom. 8:28-30');
  assert.equal(second.display, 'Romans 8:28-30');
});

test('no false positives on names and numbers that are not references', () => {
  const tricky = [
    'John said three things to me after the service.',
    'Mark two times in your Bible where David says my.',
    'I have two sons and a daughter.',
    'First, John went home; second, Peter stayed.',
    'Job was twelve when his father died.',
    'My job is twenty minutes away.',
    'James 1 day told me he was tired.',
    'The acts of the apostles were many.',
    'Mark twenty people came to the picnic.',
    'Romans forty is not a chapter, nor is John twenty-two.',
    'Jesus is the way, the truth and the life.',
    'The first time I read the second chapter, I cried.',
  ];
  for (const text of tricky) assert.deepEqual(osisOf(text), [], text);
});

test('a whole sermon: every spoken reference with its offset', () => {
  const text = fixture('sermon-love');
  const refs = findScriptureReferences(text);
  assert.deepEqual(refs.map((r) => r.osis), [
    '1Cor.13.4-1Cor.13.7', 'John.3.16', 'John.3.16', 'Rom.8.28', '2Tim.2.3', 'Ps.82.3', 'Rom.15.13', 'John.3.16',
  ]);
  assert.deepEqual(refs.map((r) => text.slice(r.start, r.end)), [
    'First Corinthians thirteen verses four through seven', 'John chapter three verse sixteen', 'John three sixteen',
    'Romans eight twenty-eight', 'second Timothy two three', 'Psalm eighty-two verse three', 'Romans fifteen thirteen', 'John three sixteen',
  ]);
});

test('a second sermon mixing written and spoken forms, with traps', () => {
  const text = fixture('sermon-shepherd');
  const refs = findScriptureReferences(text);
  // "Verse four says…" after cross-references still belongs to the psalm the sermon opened;
  // "Verse two and three say…" is a range.
  assert.deepEqual(refs.map((r) => r.osis), ['Ps.23', 'Ps.23.1', 'Matt.6.33', 'Isa.40.11', 'Ps.23.2-Ps.23.3', 'Matt.11.28', 'Ps.23.4', 'Heb.13.5', 'Ps.23.5', 'John.10.11', 'Ps.23.6']);
  for (const r of refs) assert.equal(text.slice(r.start, r.end), r.source);
  assert.ok(text.includes('John said three things'));
  assert.ok(text.includes('Mark two times'));
  assert.ok(text.includes('Luke was my roommate for three years') && text.includes('I read First Peter on the plane'));
});

test('every spoken number form, lists and ranges, checked against the versification', () => {
  const cases: Array<[string, string[]]> = [
    ['Romans five eight says', ['Rom.5.8']],
    ['Matthew 6, 34 tells us', ['Matt.6.34']],
    ['Psalm one hundred nineteen, verse one oh five', ['Ps.119.105']],
    ['Psalm one nineteen, eleven', ['Ps.119.11']],
    ['Psalm one-oh-five', ['Ps.105']],
    ['Hebrews chapter twelve, verses one and two', ['Heb.12.1-Heb.12.2']],
    ['Lamentations chapter three, verses twenty two and twenty three', ['Lam.3.22-Lam.3.23']],
    ['Ephesians two, eight and nine', ['Eph.2.8-Eph.2.9']],
    ['James one, verses two, three and four', ['Jas.1.2-Jas.1.4']],
    ['John three, six through eight', ['John.3.6-John.3.8']],
    // A list that is not consecutive is the first verse only (the second is not guessed).
    ['Romans eight verses one and five', ['Rom.8.1']],
  ];
  for (const [text, expected] of cases) assert.deepEqual(osisOf(text), expected, text);
});

test('a verse that does not exist is never a reference', () => {
  assert.deepEqual(osisOf('2 Timothy 2:31 says'), []);
  assert.deepEqual(osisOf('Jude 30'), []);
  assert.deepEqual(osisOf('Ruth 1:22'), ['Ruth.1.22']);
  assert.deepEqual(osisOf('Ruth 1:23'), []);
  assert.deepEqual(osisOf('Psalm 151'), []);
  const [candidate] = findReferenceCandidates('2 Timothy 2:31 says');
  assert.equal(candidate?.exists, false, 'kept as a candidate for the quotation check');
});

test('a book carried forward only when the chapter and verse fit it; misheard names recovered', () => {
  assert.deepEqual(osisOf('Turn to Hebrews. Chapter eleven, verse one says'), ['Heb.11.1']);
  assert.deepEqual(osisOf('Turn to Jude. Chapter eleven, verse one says'), [], 'Jude has one chapter');
  assert.deepEqual(osisOf('Please open your Bibles to Hebrew chapter 12, verses 1 and 2.'), ['Heb.12.1-Heb.12.2']);
  assert.deepEqual(osisOf('Lamentation chapter 3, verses 22 and 23'), ['Lam.3.22-Lam.3.23']);
  assert.deepEqual(osisOf('Collisions 3:23 says'), ['Col.3.23']);
  assert.deepEqual(osisOf('Philippines 4:13'), ['Phil.4.13']);
  // Close to a name but no chapter and verse of that book follow: not a reference.
  assert.deepEqual(osisOf('Roman soldiers numbered 600 men.'), []);
  assert.deepEqual(osisOf('Hebrew 14:2'), [], 'Hebrews has 13 chapters');
});

test('a name heard in lower case, cut short, with another first sound or as two words is a candidate that needs the passage\'s words', () => {
  const candidates = (text: string) => findReferenceCandidates(text).map((r) => `${r.osis}${r.needsSupport ? '~' : ''}`);
  assert.deepEqual(candidates('The second storm is in mark 4, 35 through 4-1.'), ['Mark.4.35-Mark.4.41~']);
  assert.deepEqual(candidates("In Act's chapter 27 Paul is a prisoner. Act 27 verses 22 to 25."), ['Acts.27~', 'Acts.27.22-Acts.27.25~']);
  assert.deepEqual(candidates('The first storm is in Zona chapter one.'), ['Jonah.1~']);
  assert.deepEqual(candidates('Solomon saw it in proverb 11, 24 and 25.'), ['Prov.11.24-Prov.11.25~']);
  assert.deepEqual(candidates('I say a 40, 31 says they shall mount up.'), ['Isa.40.31~']);
  assert.deepEqual(candidates('So I met a 40 year old, and we ate at 10, 30 and 3 of us left.'), []);
  // A chapter the book does not have is a candidate that does not exist (corrected or dropped later).
  assert.deepEqual(findReferenceCandidates('Romans 18, 28 says').map((r) => [r.osis, r.exists]), [['Rom.18.28', false]]);
});

test('a full book name a recogniser wrote in lower case; a bare chapter of the book being read', () => {
  assert.deepEqual(osisOf('Turn with me to lamentations chapter 3, verses 22 and 23.'), ['Lam.3.22-Lam.3.23']);
  assert.deepEqual(osisOf('We will mark 5 places on the map.'), []);
  assert.deepEqual(osisOf('Listen to Ruth chapter 1, verses 16 and 17. Later Ruth went to glean, and in chapter 4 he redeemed the land.'), ['Ruth.1.16-Ruth.1.17', 'Ruth.4']);
});
