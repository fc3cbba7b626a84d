// Titles and themes as headlines the sermon vouches for (session 8, issue 11): Whisper's confident
// mishearings ("Barly Field", "The Hebrew Word Is Keys") are said once, the preacher's thesis
// words come back. Each test failed on the session-start code (90c50bc).
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { analyseSermon } from '../../src/content/generation/extractive.analysis.ts';
import { contentPool } from '../../src/content/generation/extractive.devotional.ts';
import { compressClause, isFrame } from '../../src/content/generation/extractive.discourse.ts';
import { recognitionSwaps, unevidenced, withSwapsUndone, wordEvidence } from '../../src/content/generation/extractive.evidence.ts';
import { isStopword } from '../../src/content/generation/extractive.text.ts';
import { sectionsTheme, sectionTitle, titleKey, titleTheme } from '../../src/content/generation/extractive.wording.ts';

test('a word is vouched for when the sermon says it in two sentences (function words too) or its scripture has it', () => {
  const evidence = wordEvidence(
    [{ text: 'The barly field was ripe.' }, { text: 'Ruth gleaned in the field.' }, { text: "Boaz's field was kind to the poor." }],
    ['And Ruth the Moabitess said unto Naomi, Let me now go to the field, and glean ears of corn.'],
  );
  assert.deepEqual(unevidenced('The Barly Field Was Ripe', evidence), ['barly', 'ripe']);
  assert.deepEqual(unevidenced("Ruth Gleaned in Boaz's Field", evidence), ['gleaned', 'in', 'boaz']);
  assert.deepEqual(unevidenced('Glean the Field', evidence), []);
});

test("a day's title, below the point itself, is a headline whose words the sermon repeats, not a once-heard word", () => {
  const a = analyseSermon('Boaz was kind to Ruth in the field at harvest. The barly field was ripe. Ruth gleaned behind the workers in the field all day long. Boaz was kind to Ruth because God is kind to the poor.', []);
  const section = a.sections[0]!;
  const pool = contentPool(section, a);
  // The point's own headline is taken by an earlier day.
  const taken = new Set([titleKey(sectionTitle(section, a, pool, new Set()))]);
  // (A point takes its next central sentence the sermon vouches for, session 10; before, any short line.)
  assert.equal(sectionTitle(section, a, pool, taken), 'Boaz Was Kind to Ruth');
  assert.equal(sectionTitle(section, a, pool, taken, { vouchedFirst: true }), 'The Field');
});

test("a day's central sentence heads it only when the sermon vouches for its words", () => {
  const a = analyseSermon('The barly harvest was kind to Ruth and Naomi in the field. Boaz was kind to Ruth. The harvest fed Ruth and Naomi. Naomi saw the field.', []);
  const section = a.sections[0]!;
  const pool = contentPool(section, a);
  assert.equal(sectionTitle(section, a, pool, new Set()), 'Barly Harvest Was Kind to Ruth and Naomi');
  assert.equal(sectionTitle(section, a, pool, new Set(), { vouchedFirst: true }), 'The Field');
});

const faith = [
  'My grandfather left his farm and moved his family across the sea. He had faith that the land ahead was good. He sold the farm and never saw it again.',
  'Abraham went out not knowing where he was going. Abraham had faith in the promise, and the promise held. He lived in tents all his life.',
  'The widow gave her last coins in the temple. Her faith was quiet and it cost her everything. Jesus saw her faith and praised her.',
].join(' ');

test('the theme names what the points share: the word every section says, never a name', () => {
  const a = analyseSermon(faith, []);
  assert.equal(a.sections.length, 3);
  assert.equal(sectionsTheme(a, () => true), 'Faith');
  // "Faith" heard unsure is no theme; nor is "Abraham", said in one story only.
  assert.equal(sectionsTheme(a, (w) => w !== 'faith'), undefined);
});

test('a name said in every section, more often than anything, is still no theme: what the points share is', () => {
  const a = analyseSermon(
    [
      'Naomi lost her husband in Moab and her sons died too. Naomi told Ruth to go home, and Naomi wept. Naomi had no hope left in a far country.',
      'Naomi came back to Bethlehem with Ruth at harvest. Naomi said, call me bitter, and Naomi felt empty. Naomi saw no hope for the future.',
      'Naomi held a grandson in her arms at the end. Naomi was full again, and the women praised God with Naomi. Naomi found hope where she had lost it.',
    ].join(' '),
    [],
  );
  assert.ok(a.sections.length >= 2);
  assert.equal(sectionsTheme(a, () => true), 'Hope');
});

test("the sermon's title is the theme only in the words the preacher says", () => {
  const a = analyseSermon(faith, []);
  assert.equal(titleTheme('Faith for the Road', a), 'Faith');
  assert.equal(titleTheme('The Faith of Abraham', a), 'The Faith of Abraham');
  assert.equal(titleTheme('Roads and Journeys', a), undefined);
});

const grace = 'For you know the grace of our Lord Jesus Christ, that, though he was rich, yet for your sakes he became poor, that you through his poverty might become rich.';

test('a word the recogniser never hears right is learnt from the verse quoted with it ("the race of our Lord")', () => {
  const heard = 'My first point, giving begins with the race we have received. For you know the race of our Lord Jesus Christ, that though he was rich, he became poor.';
  assert.deepEqual([...recognitionSwaps(heard, [grace], isStopword)], [['race', 'grace']]);
  // Said right somewhere, "grace" is a word the recogniser can hear: no swap.
  assert.equal(recognitionSwaps(`${heard} Grace is a gift.`, [grace], isStopword).size, 0);
  // Another form of a word, or the translation's own wording, is no mishearing.
  assert.equal(recognitionSwaps('For you know the graces of our Lord Jesus Christ, that though he was rich.', [grace], isStopword).size, 0);
  assert.equal(recognitionSwaps('The Lord is rich and he gives rain to the just and the unjust.', ['The Lord is rich and he giveth rain to the just and the unjust, and he gives bread.'], isStopword).size, 0);
  // Too little of the verse around it to say it was quoted.
  assert.equal(recognitionSwaps('We run the race of our lives.', [grace], isStopword).size, 0);
  assert.equal(withSwapsUndone('Giving Begins with the Race We Have Received', new Map([['race', 'grace']])), 'Giving Begins with the Grace We Have Received');
});

test("a point's title puts back the word the recogniser swapped", () => {
  const a = analyseSermon('My first point is that giving begins with the race we have received. We give because we have received. We give with joy because we have received much.', []);
  const section = a.sections[0]!;
  const swapped = { ...a, swaps: new Map([['race', 'grace']]) };
  assert.equal(sectionTitle(section, a, contentPool(section, a), new Set()), 'Giving Begins with the Race We Have Received');
  assert.equal(sectionTitle(section, swapped, contentPool(section, swapped), new Set()), 'Giving Begins with the Grace We Have Received');
});

// Session 9 (beam 5 the default): an announced point heard the same wrong way in the plan and the
// announcement, or heard right only in the plan. Each test fails on 3e3aa0a.
const keeper = (third: string, more = '') =>
  `Tonight I want to show you three things a lighthouse keeper does. First, he trims the lamp before dark. Second, he watches the rocks all night. Then, he rows out to the boat that is sinking. Point one, the keeper trims the lamp before dark. The oil must be clean and the glass must shine. A dirty lamp helps no sailor. Point two, the keeper watches the rocks all night. He does not sleep while the storm is high. The sailors trust his light. Point three, the keeper ${third} out to the boat that is sinking. He leaves the warm tower and goes into the cold sea. No sailor is left alone.${more}`;
const pointTitles = (transcript: string, doubtful: readonly string[] = []) => {
  const a = { ...analyseSermon(transcript, []), doubtful: new Set(doubtful) };
  return a.sections.map((s) => sectionTitle(s, a, contentPool(s, a), new Set()));
};

test("a point's word said nowhere else is the word another hearing of the same clause has ('bolts out to the boat that is sinking' / 'rows out to …')", () => {
  assert.equal(pointTitles(keeper('bolts'))[2], 'Keeper Rows Out');
  // A word the sermon says elsewhere too is what the preacher said.
  assert.equal(pointTitles(keeper('bolts', ' The bolts on the tower door held all winter.'))[2], 'Keeper Bolts Out');
});

test("the other hearing agrees on the words around the point's unconfirmed word, before and after it ('calls etch ship by name' / 'calls each ship by name')", () => {
  const harbour = 'Tonight I want to show you three things a harbour master does. First, he opens the gate at dawn. Second, he calls each ship by name. Third, he closes the gate at night. Point one, the master opens the gate at dawn. The fishermen wait for him. Point two, the master calls etch ship by name. He knows every boat and every crew. Point three, the master closes the gate at night. No ship is left outside in the storm.';
  assert.equal(pointTitles(harbour)[1], 'The Master Calls Each Ship by Name');
});

test("a point's trailing clause is cut when its word is said only where the point is stated (the plan and the announcement heard alike) and heard in doubt", () => {
  const hope = (night: string) =>
    `Today I have three words about hope. One, hope waits for the morning. Two, hope keeps singing when the night is ${night}. Three, hope shares its bread. First, hope waits for the morning. The watchman waits and the morning comes. Second, hope keeps singing when the night is ${night}. Paul and Silas were singing in the prison at midnight. Their hope keeps them close to God. Third, hope shares its bread. The widow shared her last bread with the prophet. Hope is never stingy.`;
  assert.equal(pointTitles(hope('wrong'), ['wrong'])[1], 'Hope Keeps Singing');
  // Heard surely, the clause stays ("we can rejoice when the fields are empty"); so it does when
  // the sermon says its word elsewhere ("the night was long").
  assert.equal(pointTitles(hope('wrong'))[1], 'Hope Keeps Singing When the Night Is Wrong');
  assert.equal(pointTitles(`${hope('long')} The night was long in that prison.`, ['long'])[1], 'Hope Keeps Singing When the Night Is Long');
  // The point is its first clause: the announcement running on into its body changes nothing.
  assert.equal(pointTitles(hope('wrong').replace('Second, hope keeps singing when the night is wrong.', 'Second, hope keeps singing when the night is wrong, as the jailer found out at midnight.'), ['wrong'])[1], 'Hope Keeps Singing');
});

test("the words after an unsure one stand for the point only inside the point's own clause, not where it runs on into a misheard verse", () => {
  const a = {
    ...analyseSermon(
      'My first point, the night is long. The widow wept through the dark hours. Her tears were real. My second point, mercy is new every morning, as the prophet wrote, great is thy fafulness, lift up your eyes at sunrise. Mercy met the widow at dawn. Mercy is the first thing God gives each day. Every morning brings mercy again. My third point, hope waits for the Lord. The watchman waits for the morning. Hope waits with him.',
      [],
    ),
    lowConfidence: new Set(['fafulness']),
  };
  const section = a.sections[1]!;
  const pool = contentPool(section, a);
  const point = sectionTitle(section, a, pool, new Set());
  assert.equal(point, 'Mercy Is New Every Morning');
  // A later day on the same point, its headline taken: not "Lift Up Your Eyes at Sunrise".
  assert.doesNotMatch(sectionTitle(section, a, pool, new Set([titleKey(point)]), { vouchedFirst: true }), /Sunrise/);
});

// Session 10: rules found on 29-36 (opened this session) and 01-28; each test fails on 118aaed.
const titleFrom = (transcript: string, order: readonly number[], options: { lowConfidence?: readonly string[]; taken?: readonly string[] } = {}) => {
  const a = { ...analyseSermon(transcript, []), lowConfidence: new Set(options.lowConfidence ?? []) };
  const pool = order.map((i) => a.sentences[i]!);
  return sectionTitle(a.sections[0]!, a, pool, new Set((options.taken ?? []).map(titleKey)));
};

test("a point without an announcement is headed by its next central sentence the sermon vouches for when the first cannot head it, not by a stray short line", () => {
  const farmer = 'The farmer waits for the rain with patiense. The farmer waits for the harvest all year. Waiting is trusting God with the harvest. The seed grows in the dark. Waiting is trusting God every day.';
  // "patiense" was heard unsure: the most central sentence cannot head the point.
  assert.equal(titleFrom(farmer, [0, 2, 1, 3], { lowConfidence: ['patiense'] }), 'Waiting Is Trusting God with the Harvest');
  // A next sentence with a word said once ("drought") does not jump ahead of the short lines.
  assert.equal(titleFrom(farmer.replace('Waiting is trusting God with the harvest.', 'Waiting is trusting God in the drought.'), [0, 2, 1, 3], { lowConfidence: ['patiense'] }), 'The Seed Grows in the Dark');
});

test("the listeners' own experience ('Most of us know…', 'Some of you have…') is an aside on the way to the point, not its headline", () => {
  const waiting = 'Most of us know the long night of waiting for news. Hope waits for the morning light. The watchman waits on the wall for the morning. Hope waits, and the morning comes.';
  assert.equal(titleFrom(waiting, [0, 1, 2, 3]), 'Hope Waits for the Morning Light');
  assert.equal(titleFrom(waiting.replace('Most of us know', 'Some of you have known'), [0, 1, 2, 3]), 'Hope Waits for the Morning Light');
  // Nor does a short aside head the point when the central sentences cannot.
  const farm = 'The farmer waits for the rain with patiense. Many of us know that feeling. The seed grows slowly in the dark soil of the field. Rain comes in its season.';
  assert.equal(titleFrom(farm, [0, 2, 1, 3], { lowConfidence: ['patiense'] }), 'Rain Comes in Its Season');
});

test('the sermon naming its text is a frame, however the book was heard', () => {
  assert.ok(isFrame('Our text this morning is Hosea eleven.'));
  assert.ok(isFrame('The reading for today is done fifteen.'));
  assert.ok(!isFrame('Our hope this morning is the risen Lord.'));
});

test("a day's title is not another day's headline heard another way (one word a letter apart), but a parallel point is its own", () => {
  const breakfast = 'Restored people feet others. Peter was fed by the fire before he fed the flock. Jesus cooks breakfast on the shore. Jesus cooks breakfast for his friends.';
  assert.equal(titleFrom(breakfast, [0, 1, 2]), 'Restored People Feet Others');
  assert.notEqual(titleFrom(breakfast, [0, 1, 2], { taken: ['Restored People Feed Others'] }), 'Restored People Feet Others');
  const knows = 'God loves us completely. God made the stars and calls them by name. He sees the sparrow fall.';
  assert.equal(titleFrom(knows, [0, 1, 2], { taken: ['God Knows Us Completely'] }), 'God Loves Us Completely');
});

test('a line that stands alone as a headline is cut only to the headline length (eight words), not to a noun phrase title\'s six', () => {
  const seed = 'The farmer waits for the rain with patiense. God did not make the seed grow alone. The sky stays grey over the hills every single day.';
  assert.equal(titleFrom(seed, [0, 1, 2], { lowConfidence: ['patiense'] }), 'God Did Not Make the Seed Grow Alone');
});

// Session 11 (sealed set 37-44 opened). Fails on 3661e9f.
test('a point one word over the headline length is kept whole when every cut would drop its negation', () => {
  // "Our Hope Rests" would lose "cannot"; nine words say the point.
  assert.equal(compressClause('our hope rests on what we cannot yet see', 8), 'our hope rests on what we cannot yet see');
  // Two words over: no headline, as before.
  assert.equal(compressClause('our hope rests on what we cannot yet see today', 8), '');
});

// Session 12 (45-52 opened). Fails on 20ee0ef.
test("the preacher's own story ('My grandfather kept bees…', 'Years ago I…') illustrates the point and never heads it", () => {
  const bees = 'My grandfather kept bees behind the old barn for forty years. Patience makes the honey sweet in its season. The bees work slowly all summer. Patience waits for the season of God.';
  assert.equal(titleFrom(bees, [0, 1, 2, 3]), 'Patience Makes the Honey Sweet in Its Season');
  assert.equal(titleFrom(bees.replace('My grandfather kept bees', 'Years ago I kept bees'), [0, 1, 2, 3]), 'Patience Makes the Honey Sweet in Its Season');
  // The story told of someone in the passage is the point's matter, and may head it.
  assert.equal(titleFrom(bees.replace('My grandfather kept bees', 'Samson found bees'), [0, 1, 2, 3]), 'Samson Found Bees Behind the Old Barn');
});

test('a name said in one sentence only, and not in the cited scripture, heads no point: the recogniser guessed it', () => {
  const road = 'One of them was called Tobrias on the long road home. Jesus walks beside us on the road. The two friends walked home in the evening. Jesus walks beside us when we cannot see him.';
  assert.equal(titleFrom(road, [0, 1, 2, 3]), 'Jesus Walks Beside Us on the Road');
  // Said again, the name is the sermon's.
  assert.equal(titleFrom(`${road} Tobrias told the others what he had seen.`, [0, 1, 2, 3]), 'One of Them Was Called Tobrias');
});
