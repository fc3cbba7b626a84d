import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { DiathekeScriptureText, ScriptureTextError, cleanOsisVerse, parseDiathekeOsis } from '../../src/content/scripture/scripture-text.provider.ts';

const web = new DiathekeScriptureText();

test('John 3:16 and Romans 8:28 are the World English Bible wording', async () => {
  assert.equal(
    await web.passage('John.3.16'),
    'For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.',
  );
  assert.equal(
    await web.passage('Rom.8.28'),
    'We know that all things work together for good for those who love God, for those who are called according to his purpose.',
  );
});

test('ranges, whole chapters and psalm headings', async () => {
  const love = await web.passage('1Cor.13.4-1Cor.13.7');
  assert.ok(love.startsWith('Love is patient and is kind. Love doesn’t envy.'), love);
  assert.ok(love.endsWith('hopes all things, and endures all things.'), love);
  const psalm = await web.passage('Ps.23');
  assert.ok(psalm.startsWith('Yahweh is my shepherd; I shall lack nothing.'), psalm);
  assert.ok(psalm.endsWith('I will dwell in Yahweh’s house forever.'), psalm);
  assert.ok(!psalm.includes('A Psalm by David'), 'the psalm title is not verse text');
  assert.equal(await web.passage('Gen.4.1'), 'The man knew Eve his wife. She conceived, and gave birth to Cain, and said, “I have gotten a man with Yahweh’s help.”');
});

test('words are not glued at markup boundaries', () => {
  assert.equal(cleanOsisVerse('<w>his</w> <w>only</w> born<w>Son</w>, <w>that</w>'), 'his only born Son, that');
  assert.equal(cleanOsisVerse('<w>knew</w><w>Eve</w> <w>his</w>'), 'knew Eve his');
  assert.equal(cleanOsisVerse('<w>phylacteries</w>broad <w>and</w>'), 'phylacteries broad and');
  assert.equal(cleanOsisVerse('<w>conceived</w>,<w>and</w> “<w>I</w>'), 'conceived, and “I');
  // No glued lowercase-uppercase pairs anywhere in the New Testament.
  const out = execFileSync('diatheke', ['-b', 'engWEB2015eb', '-f', 'osis', '-k', 'Matt.1.1-Rev.22.21'], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const verses = parseDiathekeOsis(out);
  assert.ok(verses.length > 7900, `${verses.length} verses`);
  assert.deepEqual(verses.filter((t) => /\p{Ll}\p{Lu}/u.test(t)), []);
});

test("a book's last verse is its own text, not the module's back matter printed after it", async () => {
  const line = '<w>Grace</w> <w>be</w> <w>with</w> <w>you</w>. <chapter eID="Rev.22"/><div eID="g1" type="x-p"/> <div canonical="true" eID="g2" osisID="Rev" type="book"/> <div sID="g3" type="glossary"/> <div sID="g4" type="introduction"/> These notes explain a few rare words for the reader of this edition.';
  assert.equal(cleanOsisVerse(line), 'Grace be with you.');
  // (diatheke's `-f osis` strips that markup and leaves a run of spaces.)
  assert.equal(cleanOsisVerse('<w>Grace</w> <w>be</w> <w>with</w> you.            These notes explain a few rare words.'), 'Grace be with you.');
  // The WEB prints its whole glossary (about 3,000 words) after Revelation 22:21.
  assert.equal(await web.passage('Rev.22.21'), 'The grace of the Lord Jesus Christ be with all the saints. Amen.');
});

test('clear errors: missing tool, missing module, bad reference', async () => {
  await assert.rejects(new DiathekeScriptureText({ binary: 'diatheke-not-installed' }).passage('John.3.16'), (e: Error) => e instanceof ScriptureTextError && /not installed \(Debian packages diatheke and sword-text-web\)/.test(e.message));
  await assert.rejects(new DiathekeScriptureText({ module: 'engNOPE' }).passage('John.3.16'), /SWORD module engNOPE is not installed/);
  await assert.rejects(web.passage('John 3:16; rm -rf /'), /Not an OSIS reference/);
});
