// Spoken references and quotations as Whisper base writes them with beam search (session 9,
// beam 5 the default), and the rules that read them. Each sentence is written for the test; each
// case failed on the code before.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { identifyScripture } from '../../src/content/scripture/scripture.identify.ts';

const cited = async (text: string) => (await identifyScripture(text)).map((c) => `${c.osis}:${c.mode}`);

test('"verses" heard as another word with its sounds ("Raises 26 and 27") is a verse of the chapter being read, on that verse\'s own words', async () => {
  const heard = 'Our chapter this morning is Romans 8. Raises 26 and 27 tell us that when we are weak and lost for words, the Spirit pleads for us with groanings, and the one who searches hearts knows what the Spirit intends.';
  assert.ok((await cited(heard)).includes('Rom.8.26-Rom.8.27:both'), (await cited(heard)).join(' '));
  // The same sounds before numbers that are not the chapter's verses: nothing cited for them.
  assert.deepEqual(await cited('Our chapter this morning is Romans 8. The races 26 and 27 were run on a hot day in the park.'), ['Rom.8:spoken']);
});

test('verse numbers said further back in the same long sentence as the quotation give its range; across a sentence end they do not', async () => {
  const oneSentence = 'Our reading is from the fourth gospel, verses 1 through 5, where the writer goes all the way back before the world was made, before the hills and the seas, and he says, in the beginning was the Word, and the Word was with God, and the Word was God.';
  assert.deepEqual(await cited(oneSentence), ['John.1.1-John.1.5:quoted']);
  const twoSentences = 'We sang verses 1 through 5 of the evening hymn. Then the writer goes all the way back before the world was made, before the hills and the seas, and says, in the beginning was the Word, and the Word was with God, and the Word was God.';
  assert.deepEqual(await cited(twoSentences), ['John.1.1:quoted']);
});

test('two verse numbers with only a comma between are a range when a verse between them is quoted ("through" lost)', async () => {
  const charge = 'I charge you in the sight of God and the Lord Jesus Christ, who will judge the living and the dead at his appearing and his Kingdom: preach the word; be urgent in season and out of season; reprove, rebuke, and exhort with all patience and teaching.';
  assert.deepEqual(await cited(`Near the end of his life Paul wrote to his young friend, in his last letter, 4, 1, 3. ${charge}`), ['2Tim.4.1-2Tim.4.3:quoted']);
  // A list that leaves out the verse quoted says nothing about its range.
  assert.deepEqual(await cited(`Near the end of his life Paul wrote to his young friend, in his last letter, 4, 2, 5. ${charge}`), ['2Tim.4.1-2Tim.4.2:quoted']);
});

test('"John 6, 35 through 4 the eight": a tens word heard as its digit and "the" ends the range ("for-ty" / "4 the")', async () => {
  assert.deepEqual(await cited('Turn with me to John 6, 35 through 4 the eight, the bread of life.'), ['John.6.35-John.6.48:spoken']);
  // No unit after "the": the range is not read.
  assert.deepEqual(await cited('In John 6, 35 through 4 the people sat down.'), ['John.6.35:spoken']);
});

test('nine words of a verse said exactly as written, in a row, are a quotation even in everyday words', async () => {
  assert.deepEqual(await cited('Across the years he calls to us, if any man thirst, let him come unto me, and think, and many believe him.'), ['John.7.37:quoted']);
  // A retelling in everyday words is still not one.
  assert.deepEqual(await cited('So Ruth went out to glean barley, and she happened to come to the field of a man named Boaz.'), []);
});

test('a verse quoted inside a range known only from an earlier quotation keeps its own citation', async () => {
  const heard =
    'Our reading is the fourth gospel, verses 1 through 5. In the beginning was the Word, and the Word was with God, and the Word was God. ' +
    'My grandfather read those lines every Christmas by the fire, slowly, as if each word weighed something. ' +
    'Now look closer at the fourth one, in him was life, and the life was the light of men.';
  assert.deepEqual(await cited(heard), ['John.1.1-John.1.5:quoted', 'John.1.4:quoted']);
});

test('a chapter heard with its verse number lost in a word ("Colossians 3 truly, …") is the verse whose own words follow as written', async () => {
  assert.deepEqual(await cited('Paul puts it plainly in Colossians 3 truly, set your mind on the things above, and the rest will follow.'), ['Col.3.2:both']);
  // Without the verse's words, nothing (as before: the chapter was not cited either).
  assert.deepEqual(await cited('In Colossians 3 truly the apostle writes about new clothes for the soul.'), []);
});

test('a chapter and verses heard with the book lost ("the letter to the ebrews, in chapter 12, 1 and 2") are the book whose verses follow as written', async () => {
  assert.deepEqual(await cited('And the writer of the letter to the ebrews, in chapter 12, 1 and 2, says let us run with patience the race, and keep our eyes on the finish.'), ['Heb.12.1-Heb.12.2:both']);
  // Another book's chapter, or everyday words many verses share, name no book.
  assert.deepEqual(await cited('Our book club read chapter 12, 1 and 2 of the novel, and let us run with it, they said.'), []);
  assert.deepEqual(await cited('Our book club read chapter 12, 1 and 2 tonight, and let us run with it, they said.'), []);
});
