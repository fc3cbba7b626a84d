import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { generateDiscussionGuide, groundingQuote, outlineForGuide, sentencesOf } from '../src/discussion-guide.ts';

const TRANSCRIPT =
  'Good morning, church family. Today we read the Gospel of John chapter three verse sixteen. ' +
  'For God so loved the world that he gave his Son, so that everyone who believes may have life. ' +
  'His love is a gift we cannot earn, it comes to us before we ask for it. ' +
  'This week, let us walk in faith, pray for one another, and share that love with our neighbours.';

const OUTLINE = {
  theme: 'God’s love comes first',
  mainPoints: [
    { title: 'Love is a gift', summary: 'We cannot earn the love of God', details: '<p>…</p>', scripture: 'John 3:16' },
    { title: 'Walk in faith this week', summary: 'Pray for one another and share love with neighbours', details: '', scripture: '' },
  ],
  keyPoints: [],
  scriptures: ['John 3:16'],
  applications: ['Pray for one neighbour by name every day.'],
  application: '',
  illustrations: [],
  conclusion: [],
};

describe('discussion guide', () => {
  it('has one section per main point, with the point’s scripture and questions from observation to application', () => {
    const guide = generateDiscussionGuide({ outline: OUTLINE, transcript: TRANSCRIPT, title: 'Grace for Every Day' });
    assert.equal(guide.title, 'Grace for Every Day - Discussion Guide');
    assert.deepEqual(guide.sections.map((s) => s.point), ['Love is a gift', 'Walk in faith this week']);
    assert.equal(guide.sections[0]!.scripture, 'John 3:16');
    assert.match(guide.sections[0]!.questions[0]!, /^Read John 3:16 aloud/);
    for (const section of guide.sections) assert.ok(section.questions.length >= 3, `${section.point}: ${section.questions.length} questions`);
    assert.equal(guide.closing.application, 'Pray for one neighbour by name every day.');
    assert.match(guide.introduction, /2 parts: Love is a gift; Walk in faith this week/);
  });

  it('grounds every quote in the transcript verbatim, the sentence that speaks to the point, never the same twice', () => {
    const guide = generateDiscussionGuide({ outline: OUTLINE, transcript: TRANSCRIPT });
    assert.equal(guide.sections[0]!.quote, 'His love is a gift we cannot earn, it comes to us before we ask for it.');
    assert.equal(guide.sections[1]!.quote, 'This week, let us walk in faith, pray for one another, and share that love with our neighbours.');
    for (const section of guide.sections) assert.ok(TRANSCRIPT.includes(section.quote), section.quote);
  });

  it('a point nothing in the transcript speaks to gets no quote (and no question about one)', () => {
    const sentences = sentencesOf(TRANSCRIPT);
    assert.equal(groundingQuote(sentences, 'Quantum chromodynamics', new Set()), '');
    const guide = generateDiscussionGuide({ outline: { ...OUTLINE, mainPoints: [{ title: 'Quantum chromodynamics', summary: '', scripture: '' }] }, transcript: TRANSCRIPT });
    assert.equal(guide.sections[0]!.quote, '');
    assert.ok(guide.sections[0]!.questions.every((q) => !q.includes('The sermon said')));
  });

  it('falls back to key points when the outline has no main points', () => {
    const guide = generateDiscussionGuide({ outline: { ...OUTLINE, mainPoints: [], keyPoints: ['Love is a gift'] }, transcript: TRANSCRIPT });
    assert.deepEqual(guide.sections.map((s) => s.point), ['Love is a gift']);
  });

  it('reads an edited outline leniently: mistyped or missing parts are empty, untitled points are dropped', () => {
    const outline = outlineForGuide({ theme: 7, mainPoints: [{ title: 'Love is a gift', summary: 'We cannot earn the love of God', scripture: 'John 3:16' }, { title: '' }, 'junk', null], keyPoints: 'x', scriptures: ['John 3:16', 3] });
    assert.deepEqual(outline, {
      theme: '',
      mainPoints: [{ title: 'Love is a gift', summary: 'We cannot earn the love of God', scripture: 'John 3:16' }],
      keyPoints: [],
      scriptures: ['John 3:16'],
      applications: [],
      application: '',
    });
    const guide = generateDiscussionGuide({ outline, transcript: TRANSCRIPT, title: 'Edited' });
    assert.deepEqual(guide.sections.map((s) => s.point), ['Love is a gift']);
    assert.equal(guide.sections[0]!.quote, 'His love is a gift we cannot earn, it comes to us before we ask for it.');
  });
});
