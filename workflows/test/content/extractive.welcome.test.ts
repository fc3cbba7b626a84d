// Session 9: the welcome that opens a service (the greeting and the notices before the sermon
// begins) is housekeeping as a whole, however the recogniser words it. Each test fails on 3e3aa0a.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { housekeepingTexts } from './housekeeping.ts';

const sermonBody = [
  'Mercy runs deeper than our failures.',
  'Peter denied Jesus three times beside a charcoal fire.',
  'Yet Jesus cooked him breakfast on the shore and asked him three times whether he loved him.',
  'Restoration is the shape of grace.',
  'This week, write to someone you have wronged and ask their forgiveness.',
].join(' ');

test('a short line before a notice at the start is the greeting, not content', () => {
  const texts = housekeepingTexts(`Peace be with you all tonight. The harvest supper is on Friday at seven in the hall. ${sermonBody}`);
  assert.ok(texts.includes('Peace be with you all tonight.'), texts.join(' | '));
  assert.ok(!texts.includes('Mercy runs deeper than our failures.'), texts.join(' | '));
});

test('after the greeting, a sentence with one notice cue is a notice', () => {
  const texts = housekeepingTexts(`Good evening, friends. The worship team is rehearsing after the service, so do stay and listen if you like. ${sermonBody}`);
  assert.ok(texts.some((t) => t.startsWith('The worship team is rehearsing')), texts.join(' | '));
});

test('the sermon itself is not the welcome: content at the start, or a cue once the sermon has begun', () => {
  // The first sentence is content, so the one cue in the second is the sermon's, not a notice.
  const texts = housekeepingTexts(`Mercy waits for us on the far side of failure. Peter went back to his nets after the service of his master ended in a cross. ${sermonBody}`);
  assert.deepEqual(texts, []);
  // A long opening line with a reference is no greeting, even before a notice.
  const cited = housekeepingTexts(`In John 21 Jesus waits on the shore with a fire of coals and bread and fish for the men who left him. The prayer chain meets on Tuesday. ${sermonBody}`);
  assert.ok(!cited.some((t) => t.startsWith('In John 21')), cited.join(' | '));
});

// Session 23 (116 and 133 showed it). Fails on 262fc4f.
test('a long greeting before the notices is the welcome too ("Good morning, everyone, and a warm welcome if…")', () => {
  const greeting = 'Good morning, everyone, and a warm welcome if you are visiting us for the first time.';
  const texts = housekeepingTexts(`${greeting} A few bits of news before we open the Bible. The youth group raised just over 600 pounds at a car wash last Saturday for the food bank. ${sermonBody}`);
  assert.ok(texts.includes(greeting), texts.join(' | '));
  assert.ok(!texts.includes('Mercy runs deeper than our failures.'), texts.join(' | '));
});
