// Classes of mishearing found on sermons 37-44 (session 10's sealed set, eight voices none of 01-36
// uses; opened in session 11), each read by one rule about how people say references or how Whisper
// writes them in any voice. Every sentence is written for the test; each case failed on the code
// before its rule.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { identifyScripture } from '../../src/content/scripture/scripture.identify.ts';

const cited = async (text: string) => (await identifyScripture(text)).map((c) => `${c.osis}:${c.mode}`);

test('a reading announced with "chapter N, verses …" is the chapter a later bare "verses N" belongs to, not a cross-reference cited since', async () => {
  const heard = 'This morning we read from Ephesians chapter 2, verses 1 to 10, where Paul looks back on who we were. Before we met Christ our best efforts were not enough; as Isaiah 64:6 puts it, all our righteous acts are like a polluted garment. Then verses 8 and 9 turn everything around: it is a gift, not a wage.';
  assert.deepEqual(await cited(heard), ['Eph.2.1-Eph.2.10:spoken', 'Isa.64.6:spoken', 'Eph.2.8-Eph.2.9:spoken']);
});
