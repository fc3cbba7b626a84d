// Rules found on the session-6 tuning sermons (20, 21): a plan of the points said in one breath,
// a refreshments notice, and "God's" as the theme every point shared. Each failed on the old code.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';
import { instructionClauses, isHousekeeping, isPointPreview } from '../../src/content/generation/extractive.discourse.ts';
import { sectionTitle, sharedTheme } from '../../src/content/generation/extractive.wording.ts';

const plan = 'Tonight I have three points about those songs. The first point is that God\'s mercy is new every morning, the second point is that we can rejoice when the fields are empty, the third point is that God himself sings over his people.';
const body = [
  "First, God's mercy is new every morning. Jeremiah wrote that sitting in the ashes of Jerusalem. His mercies do not fail and they are new each day. I learned that the darkest hour is the one just before the morning.",
  'Second, we can rejoice when the fields are empty. The fig tree does not flourish and the fields yield no food. Yet the prophet will rejoice in the Lord. Paul and Silas sang hymns at midnight in prison.',
  'Third, God himself sings over his people. He will rejoice over you with singing. My mother sang a lullaby to every one of her grandchildren. They remember the sound of it more than the words.',
].join(' ');

test('a plan of the points said in one sentence is not a point: three announced points make three sections', () => {
  assert.ok(isPointPreview(plan.split('. ')[1]!));
  assert.ok(!isPointPreview("The first point is that God's mercy is new every morning."));
  assert.ok(!isPointPreview('First, we can rejoice when the fields are empty.'));
  const a = analyseSermon(`${plan} ${body}`);
  assert.equal(a.sections.length, 3);
  assert.deepEqual(a.sections.map((s) => s.statement?.replace(/[.]$/, '')), ["God's mercy is new every morning", 'we can rejoice when the fields are empty', 'God himself sings over his people']);
});

test('refreshments and the bookstall are church notices', () => {
  assert.ok(isHousekeeping('Coffee and tea are served in the hall after the service, and the book is all in open.'));
  assert.ok(isHousekeeping('Refreshments will be served in the foyer.'));
  assert.ok(isHousekeeping('The bookstall is open after the service.'));
  assert.ok(!isHousekeeping('The word of God is served to us like bread every morning.'));
});

test('the theme names what the points share, and "God\'s" is what every sermon shares', () => {
  const trusted = () => true;
  assert.equal(sharedTheme(['Rebuilding starts with prayer', "God's people build together", "The work is finished by God's strength"], trusted), undefined);
  assert.equal(sharedTheme(["God's word shows us the next step", "God's word keeps us from sin", "God's word gives strength"], trusted), 'Word');
});

test('a run-on call to action is cut into its instructions, each a sentence of the preacher\'s words', () => {
  const runOn = 'So this week, sing one song to God before you go to sleep, even if it is only a line, turn off the radio in the car and thank him for three mercies from that day, and write to someone who is in a long night of their own.';
  const clauses = instructionClauses(runOn);
  assert.deepEqual(clauses.map((c) => c.text), [
    'So this week, sing one song to God before you go to sleep, even if it is only a line.',
    'Turn off the radio in the car and thank him for three mercies from that day.',
    'Write to someone who is in a long night of their own.',
  ]);
  for (const c of clauses) assert.equal(runOn.slice(c.offset, c.offset + 10).toLowerCase(), c.text.slice(0, 10).toLowerCase());
  // Short instructions and statements stay whole.
  assert.equal(instructionClauses('Call someone who is lonely, and pray with them.').length, 1);
  assert.equal(instructionClauses('God sings over his people, turn after turn, in the night, and he does not stop singing when we forget the words of the song.').length, 1);
});

// Session 7 (held-back sermons opened for tuning): a chapter the sermon returns to, and a day's
// full application that ran three instructions together past forty words.

test('a return to the chapter being read ("read a few verses of John 15 this week") does not start a section', () => {
  const text = [
    'I am the true vine, and my Father is the farmer. A branch does not strain to make grapes. It stays joined to the vine and the life flows through it. Fruit comes from staying connected to Jesus.',
    'Paul names the fruit in Galatians 5, 22 and 23. Love, joy and peace are the fruit. Patience and kindness grow slowly. A fruitful life is marked by love and joy.',
    'The first psalm says it too in Psalm 1, 3. A tree planted by the streams of water yields its fruit in its season. Its leaf does not wither. Roots that drink deep keep a tree green in a dry summer.',
    'This week, begin each day by reading a few verses of John 15 before you look at your phone. Ask God to show you one thing he may be pruning. And do one quiet kindness for someone who cannot repay you.',
  ].join(' ');
  const ref = (osis: string, book: string, chapter: number, source: string, verseStart?: number, verseEnd?: number) => {
    const start = text.indexOf(source);
    return { osis, display: osis, book, chapter, verseStart, chapterEnd: verseEnd === undefined ? undefined : chapter, verseEnd, start, end: start + source.length, source };
  };
  const refs = [ref('John.15.1', 'John', 15, 'I am the true vine', 1), ref('Gal.5.22-Gal.5.23', 'Gal', 5, 'Galatians 5, 22 and 23', 22, 23), ref('Ps.1.3', 'Ps', 1, 'Psalm 1, 3', 3), ref('John.15', 'John', 15, 'John 15 before')];
  const a = analyseSermon(text, refs);
  const starts = a.sections.map((s) => s.sentences[0]!.text);
  assert.ok(!starts.some((s) => s.startsWith('This week, begin each day')), starts.join(' | '));
  // A chapter first cited as a whole still starts one.
  const fresh = analyseSermon(text, [refs[0]!, refs[1]!, refs[2]!, ref('Ps.23', 'Ps', 23, 'John 15 before')]);
  assert.ok(fresh.sections.some((s) => s.sentences[0]!.text.startsWith('This week, begin each day')), fresh.sections.map((s) => s.sentences[0]!.text).join(' | '));
});

test('notices announced ahead ("Two quick things before we open the Word"), the prayer chain, the food bank and seats still free are church notices', () => {
  assert.ok(isHousekeeping('Two quick things before we open the Word.'));
  assert.ok(isHousekeeping('A few notices before we begin.'));
  assert.ok(isHousekeeping('The prayer chain meets in the library after we finish, and there are still seats on the bus to the food bank on Thursday.'));
  assert.ok(isHousekeeping('Harvest supper tickets are on sale in the foyer.'));
  assert.ok(isHousekeeping('The men\'s group meets in the hall after we finish, and there are still places on Saturday.'));
  // Not notices: a sermon's own "things" and a chain of another kind.
  assert.ok(!isHousekeeping('Two things happen before the dawn comes in this psalm.'));
  assert.ok(!isHousekeeping('Elijah ran for his life after the fire fell on the altar.'));
});

test('a plan said point by point ("Number one, … Number two, … Number three, …") before each point is announced again starts no section', () => {
  const text = [
    'Today we are talking about forgiveness, and I have three points for you.',
    'Number one, we forgive because we have been forgiven. Number two, forgiveness is a choice we keep making. Number three, forgiveness leaves justice to God.',
    'My first point is that we forgive because we have been forgiven. We start from a debt that has been cancelled. Our sins are removed as far as the east is from the west.',
    'My second point is that forgiveness is a choice we keep making. Peter asked how often he must forgive. Jesus told him to tear up the receipt and keep no count.',
    'My third point is that forgiveness leaves justice to God. Forgiving does not mean pretending it did not happen. We leave room for the judge of all the earth.',
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.deepEqual(a.sections.map((s) => s.statement), ['we forgive because we have been forgiven', 'forgiveness is a choice we keep making', 'forgiveness leaves justice to God']);
  assert.ok(a.sections[1]!.sentences[0]!.text.startsWith('My second point'));
});

test('"First, … Second, … Third, …" through the sermon are its points even when they are instructions ("Second, live one day at a time")', () => {
  const text = [
    'We are all anxious about something, and today I want to give you three practical truths.',
    'First, pray about everything. Paul says in nothing be anxious. Every worry can become a prayer. The promise is peace that guards the heart.',
    'Second, live one day at a time. Jesus said tomorrow will worry about itself. Most of what we fear never happens. God gives grace for today.',
    'Third, trust the plans of God. The prophet wrote to exiles whose lives were upside down. God had thoughts of peace for them. He kept his word after seventy years.',
  ].join(' ');
  const a = analyseSermon(text, []);
  assert.deepEqual(a.sections.map((s) => s.statement), ['pray about everything', 'live one day at a time', 'trust the plans of God']);
  // A procedure's steps close together are not points.
  const steps = analyseSermon('Here is how to read a psalm. First, read it aloud slowly. Second, write down every verb. Third, pray it back to God. The psalms were written to be prayed. They give words to every feeling. David prayed in caves and palaces alike.', []);
  assert.ok(steps.sections.every((s) => s.statement === undefined), steps.sections.map((s) => s.statement).join(' | '));
});

test('a point announced in the plan and again with its body is headed by the plan\'s words when the later announcement was misheard', () => {
  const text = [
    'Today we are talking about forgiveness, and I have three points for you.',
    'Number one, we forgive because we have been forgiven. Number two, forgiveness is a choice we keep making. Number three, forgiveness leaves justice to God.',
    'My first point is that we forgive because we have been forgiven. We start from a debt that has been cancelled. Our sins are removed as far as the east is from the west.',
    // Whisper heard "that" as "not" and ran the sentence on.
    'My second point is not forgiveness in a choice we keep making, listen to Peter\'s question. Peter asked how often he must forgive. Jesus told him to tear up the receipt and keep no count.',
    'My third point is not forgiveness, leave justice to God. Forgiving does not mean pretending it did not happen. We leave room for the judge of all the earth.',
  ].join(' ');
  assert.deepEqual(analyseSermon(text, []).sections.map((s) => s.statement), ['we forgive because we have been forgiven', 'forgiveness is a choice we keep making', 'forgiveness leaves justice to God']);
});

test('a title never carries a reference\'s numbers ("Roses 17 and 18 Tell Us Nobody Takes")', () => {
  const a = analyseSermon('Roses 17 and 18 tell us nobody takes his life. Jesus lays it down.', []);
  assert.deepEqual(a.sections.map((section) => sectionTitle(section, a, section.sentences, new Set())), ['Jesus Lays It Down']);
});
