// Joining the recogniser's segments into the transcript's text (ADR 0016, session 8): Whisper
// starts every segment as a sentence. Fails on the old join (the segments' texts with a space).
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { segmentsText } from '../../src/transcription/segment-text.ts';

const segments = (...texts: string[]) => texts.map((text, i) => ({ start: i * 5, end: i * 5 + 5, text: ` ${text}` }));
// Words the rest of the sermon writes in lower case, so the join knows them from names.
const body = 'We pray and we wait, and we know that if it rains or if it shines tomorrow the light is his and so is his word and his peace we keep for you.';

test('a capitalised common word after a comma at a segment edge runs on in lower case; a name or "I" does not', () => {
  assert.equal(segmentsText(segments(body, 'Where you go, I will go,', 'And where you stay, I will stay.')), `${body} Where you go, I will go, and where you stay, I will stay.`);
  assert.equal(segmentsText(segments(body, 'Peter came and said to him,', 'Lord, how often shall my brother sin against me?')), `${body} Peter came and said to him, Lord, how often shall my brother sin against me?`);
  assert.equal(segmentsText(segments(body, 'For he has said,', 'I will never leave you.')), `${body} For he has said, I will never leave you.`);
});

test('a segment that ends without a full stop before a capitalised common word ends its sentence, unless it runs on', () => {
  assert.equal(segmentsText(segments(body, 'Pray for them by name every day this week', 'If it is safe, call them.')), `${body} Pray for them by name every day this week. If it is safe, call them.`);
  assert.equal(segmentsText(segments(body, 'Lamentations chapter 3, verses 22 and 23', 'His mercies do not fail.')), `${body} Lamentations chapter 3, verses 22 and 23. His mercies do not fail.`);
  assert.equal(segmentsText(segments(body, 'God made the fountain of living waters, and', 'The old systems are broken.')), `${body} God made the fountain of living waters, and The old systems are broken.`);
  assert.equal(segmentsText(segments(body, 'the grandfather of King', 'David, the bitter widow held a grandson.')), `${body} the grandfather of King David, the bitter widow held a grandson.`);
});

test('the word a window ended on, said again at the start of the next, is read once', () => {
  assert.equal(segmentsText(segments(body, 'God showed his love in that while', 'While we were yet sinners Christ died for us.')), `${body} God showed his love in that while we were yet sinners Christ died for us.`);
  assert.equal(segmentsText(segments(body, 'He said that', 'that was enough.')), `${body} He said that that was enough.`);
  assert.equal(segmentsText(segments(body, 'Do not be anxious for tomorrow,', 'Tomorrow will worry about itself.')), `${body} Do not be anxious for tomorrow, tomorrow will worry about itself.`);
});

test('a word English says twice ("that that", "had had") is kept when the next segment starts it with a capital, as Whisper writes a segment', () => {
  for (const [end, next, said] of [['He said that', 'That was enough.', 'he said that that was enough.'], ['I had', 'Had enough of it.', 'i had had enough of it.']]) {
    const text = segmentsText(segments(body, end!, next!));
    assert.ok(text.toLowerCase().endsWith(` ${said}`), text);
  }
  // A window edge that repeats any other word is still read once.
  assert.equal(segmentsText(segments(body, 'God showed his love in that while', 'While we were yet sinners.')), `${body} God showed his love in that while we were yet sinners.`);
});

test('a segment that ends on a subject or an auxiliary ("and then he", "was") runs on: no sentence ends there', () => {
  const told = `${body} He went out, she went in, and we went home. They were healed, and he was healed too.`;
  for (const [end, next] of [['And then he', 'Went home to his family.'], ['So I', 'Went to the well.'], ['The man who came to Jesus was', 'Healed that day.']]) {
    const text = segmentsText(segments(told, end!, next!));
    assert.ok(text.endsWith(`${end} ${next}`), text);
  }
  // A segment that ends on any other word before a capitalised common word still ends its sentence.
  assert.ok(segmentsText(segments(told, 'Pray for them by name every day this week', 'Went home.')).endsWith('this week. Went home.'));
});
