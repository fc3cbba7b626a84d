// Session 10: church notices told apart from the sermon by what makes a sentence a notice in any
// church (a day or a time, a place in the building, a request, a church occasion, or the preacher
// saying a notice is coming), not by the words of the eval sermons. The sentences are written for
// this test; the old word list (df0ec42) misses most notices below and takes "Notice how …" for one.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { housekeepingTexts } from './housekeeping.ts';
import { isHousekeeping } from '../../src/content/generation/extractive.discourse.ts';
import { isAnnouncement, noticeCues, noticePassages } from '../../src/content/generation/extractive.notices.ts';

const NOTICES = [
  'Quick heads-up: the elders are meeting in the upstairs room on Thursday at half past seven.',
  'The Christmas lunch for seniors is on the twelfth of December, and there is a list on the noticeboard if you can drive someone.',
  "If you're new with us, we'd love to meet you over coffee at the back after the service.",
  'Our students are running a car wash in the car park next Saturday from ten, and every penny goes to the orphanage.',
  'Envelopes for the gift day are on your seats, and they come back by the end of the month.',
  'Just so everyone knows, the toilets downstairs are out of order this morning.',
  'Tickets for the Easter concert go on sale online from Monday.',
  "Anyone who'd like to join the welcome team, have a word with Sarah after church.",
  "We're collecting warm coats and blankets for the winter night shelter until the fourteenth.",
  "Evening prayer moves to seven o'clock from next week.",
  "The kids' holiday club runs Monday to Friday, ten till twelve, and forms are on the welcome table.",
  'A couple of notices before we carry on.',
  'Gift envelopes can be dropped in the box by the door on your way out.',
  "For those at home, the link for tonight's prayer meeting is on the website.",
];

const SERMON_LOOKALIKES = [
  'This week Jesus went to Jerusalem and cleared the temple courts.',
  'On Thursday night Jesus shared the Passover meal with his friends in an upper room.',
  'Peter went back to fishing, and at dawn breakfast was waiting on the shore.',
  'Every Sunday we come to this table hungry, and every Sunday we leave fed.',
  'Before we begin to pray, we need to know who we are talking to.',
  'Notice how the father runs to meet his son at the gate.',
  'Martha was busy in the kitchen while Mary sat and listened.',
  'We rush from the school run to the office to the supermarket and wonder why our souls are tired.',
  "A reminder of God's faithfulness is written in every sunrise.",
  'Communion is a reminder that we are forgiven.',
  'Come to the table tonight hungry for grace.',
  'The church in Corinth met in homes, and their meals became a scandal.',
  'When the offering plate comes round, give like someone who has been given everything.',
  'Before you go to sleep tonight, thank him for one thing he gave you today.',
  'We sing on Sunday and snap at our family on Monday.',
  'Picture a family at dinner on a Sunday evening, phones out, nobody talking.',
  'When you sit down to lunch on Sunday, remember who provides it.',
  'Imagine the youth group on a Friday night, bored and restless.',
];

test('a notice is told by its kinds of cue, in any wording', () => {
  for (const text of NOTICES)
    assert.ok(isAnnouncement(text), `${text} [${[...noticeCues(text)].join(', ')}]`);
});

test('sermon sentences that name days, meals, rooms or reminders are not notices', () => {
  for (const text of SERMON_LOOKALIKES)
    assert.ok(!isAnnouncement(text), `${text} [${[...noticeCues(text)].join(', ')}]`);
  // ("Notice how …" teaches: the old word list took the verb for the noun.)
  assert.ok(!isHousekeeping('Notice how the father runs to meet his son at the gate.'));
});

const sermon = (middle: string) =>
  [
    'Grace finds us before we look for it.',
    'The shepherd leaves the ninety nine and goes after the one that is lost.',
    'He carries it home on his shoulders, rejoicing.',
    middle,
    'So the lost are not a problem to be managed but people to be carried.',
    'This week, pray by name for one person who has drifted away.',
  ].join(' ');

test('the sentences around a notice in the middle of a sermon belong to it, up to where the cues stop', () => {
  const texts = housekeepingTexts(
    sermon(
      'The stewards have asked me to mention this. If you parked on the verge, please move your car. The harvest supper is on Friday in the hall.',
    ),
  );
  assert.deepEqual(texts, [
    'The stewards have asked me to mention this.',
    'If you parked on the verge, please move your car.',
    'The harvest supper is on Friday in the hall.',
  ]);
});

test('a day or a time alone does not pull a sermon sentence into the notice beside it', () => {
  const texts = housekeepingTexts(
    sermon('We pray on Sunday and worry on Monday. The harvest supper is on Friday in the hall.'),
  );
  assert.deepEqual(texts, ['The harvest supper is on Friday in the hall.']);
});

// Session 11 (sealed set 37-44 opened): a notice said across sentences. The sentences are written
// for these tests; each fails on 3661e9f.
test('the preacher breaking off ("Let me stop here for a minute") makes the next sentence\'s cue a notice, whatever its verbs', () => {
  const texts = housekeepingTexts(
    sermon("Let me stop here for a minute, because I promised Claire I would. The coffee van came back this week and parks by the gate on Sundays from nine."),
  );
  assert.deepEqual(texts, [
    'Let me stop here for a minute, because I promised Claire I would.',
    'The coffee van came back this week and parks by the gate on Sundays from nine.',
  ]);
  // A pause in the sermon is not a notice: the next sentence carries no notice of its own.
  assert.deepEqual(housekeepingTexts(sermon('Let me pause here for a moment. Grace came looking for us before we ever looked for it.')), []);
});

test('a sentence that teaches nothing between two notices is part of them', () => {
  const opening = housekeepingTexts(
    `Two quick notices. The choir needs tenors, so see Janet after the service. And the Mensah family have welcomed a baby boy, and they would love some meals. Put your name down on the list in the foyer if you can cook. ${sermon('Mercy is where the story turns.')}`,
  );
  assert.ok(opening.includes('And the Mensah family have welcomed a baby boy, and they would love some meals.'), opening.join(' | '));
  // The sermon resumed between two notices: a sentence that teaches stays content.
  const resumed = housekeepingTexts(sermon('The youth club meets at the vicarage on Saturday at six. The father ran to his son while he was still far off. The harvest supper is on Friday in the hall.'));
  assert.ok(!resumed.includes('The father ran to his son while he was still far off.'), resumed.join(' | '));
});

test('"speak to the warden if you want to join" asks something of the congregation', () => {
  const texts = housekeepingTexts(`${sermon('Mercy is where the story turns.')} Before you leave, two things. The walking group sets off from the car park at ten on Saturday. A few of us are reading Bonhoeffer together, so speak to the warden if you want to join.`);
  assert.ok(texts.includes('A few of us are reading Bonhoeffer together, so speak to the warden if you want to join.'), texts.join(' | '));
});

test('a card to fill in on your seat is a notice ("tick the box on the card in your seat")', () => {
  assert.ok(isAnnouncement('If you would like a pastoral visit, tick the box on the card in your seat and pass it to the end of the row.'));
  assert.ok(isAnnouncement('Put your names down on the sheet in the foyer if you can help.'));
  assert.ok(!isAnnouncement('Sitting in your seat this morning, you may feel far from God.'));
});

// Session 12 (sealed set 45-52 opened): notices handed over to and worded as none of 01-44's are.
// The sentences are written for these tests; each fails on 096b9db.
test('a hand-over into the notices is one, however the preacher names them', () => {
  for (const text of [
    'A little housekeeping first, and then we will get into the passage.',
    'Before we open the Word, some sad news and one request.',
    'One thank you and two requests before the choir leads us out.',
    'May I borrow two minutes for the catering team?',
    "I've just been handed a note from the tech desk.",
    'Three bits of church business before we begin.',
  ])
    assert.ok(isAnnouncement(text), `${text} [${[...noticeCues(text)].join(', ')}]`);
  for (const text of [
    'Take a moment to thank God for one person who carried you.',
    'Before I preach, I need to confess something to you.',
    'The gospel is good news and a call to follow.',
  ])
    assert.ok(!isAnnouncement(text), `${text} [${[...noticeCues(text)].join(', ')}]`);
});

test('the notices that follow a hand-over are taken with it, news and past tense included', () => {
  const texts = housekeepingTexts(
    `${sermon('Mercy is where the story turns.')} A thank you and a request before the worship team plays us out. Thank you to everyone who gave to the food parcels, we packed ninety boxes, and the Tuesday lunch club needs three more cooks from January.`,
  );
  assert.ok(texts.includes('Thank you to everyone who gave to the food parcels, we packed ninety boxes, and the Tuesday lunch club needs three more cooks from January.'), texts.join(' | '));
  const opening = housekeepingTexts(
    `Before I start, a bit of family news and a request. The Osei family welcomed twin boys on Sunday night. Everyone is doing well. If you can drop round a meal, the sign-up sheet is on the noticeboard by the kitchen. ${sermon('Mercy is where the story turns.')}`,
  );
  assert.ok(opening.includes('The Osei family welcomed twin boys on Sunday night.') && opening.includes('Everyone is doing well.'), opening.join(' | '));
});

test('a call for helpers, a clipboard and a place in the building are cues of the notice beside them', () => {
  const texts = housekeepingTexts(
    `${sermon('Mercy is where the story turns.')} Carol singing round the village leaves from the car park on Wednesday at seven. We still need six more singers and two people with torches. The clipboard is by the side door. And if you can knit, Margaret would love to hear from you.`,
  );
  for (const text of ['We still need six more singers and two people with torches.', 'The clipboard is by the side door.', 'And if you can knit, Margaret would love to hear from you.'])
    assert.ok(texts.includes(text), `${text} | ${texts.join(' | ')}`);
  assert.ok(isAnnouncement('The hearing loop is working again, so switch your hearing aid to the T setting.'));
  assert.ok(!isAnnouncement('We need people who will tell us the truth, even when it hurts.'));
  assert.ok(!isAnnouncement('He slipped out through the side door before anyone could ask him a question.'));
});

test('a service named with two words is a church occasion', () => {
  assert.ok(isAnnouncement('The Advent candlelight service is on the twentieth, so invite your neighbours.'));
  assert.ok(isAnnouncement('Our joint harvest thanksgiving service is next week.'));
  assert.ok(!isAnnouncement('We live our lives of service on Monday as much as on Sunday.'));
});

test('a hand-over opens the notices: the sermon sentence before it stays content, whatever cue it carries', () => {
  const texts = housekeepingTexts(
    sermon('A trader selling fruit at the market still has to trust the weather. Forgive me, I have just been handed a note from the welcome desk. The car park gates close at one today, so please move your car before then.'),
  );
  assert.deepEqual(texts, ['Forgive me, I have just been handed a note from the welcome desk.', 'The car park gates close at one today, so please move your car before then.']);
});

test('the welcome to first-time visitors and the livestream are housekeeping', () => {
  const texts = housekeepingTexts(
    `Good morning, everyone, and a special welcome if you are here for the first time. Our live stream is back on this week, so friends at home can watch online again. ${sermon('Mercy is where the story turns.')}`,
  );
  assert.ok(texts.includes('Good morning, everyone, and a special welcome if you are here for the first time.'), texts.join(' | '));
  assert.ok(texts.includes('Our live stream is back on this week, so friends at home can watch online again.'), texts.join(' | '));
  assert.ok(!isAnnouncement('The prodigal is back, and the father is running down the road.'));
});

test('thanks to the church\'s people are a notice; thanks to God, or told of in the Bible, are not', () => {
  for (const text of [
    'A big thank you to Grace and her team for the harvest flowers, which were given in memory of Tom, who sang in the choir for years.',
    'The food parcels went out on Friday, and thank you to everyone who gave so generously.',
    'Thank you for your patience with a long reading this morning.',
    'Thank you for listening so carefully.',
    'Thank you for the blankets you gave to the night shelter appeal.',
    'And one practical thing while I have you all: the safeguarding training must be done by the end of next month.',
  ])
    assert.ok(isAnnouncement(text), text);
  for (const text of ['Thank you, Lord, for your patience with us.', 'Paul says thank you to the Philippians for their gift.', 'So we say thank you to God for every meal.']) assert.ok(!isAnnouncement(text), text);
});

test('a closing-down sale and a call for households to host are notices; the Old Testament is the sermon\'s', () => {
  assert.ok(isAnnouncement('The toddler group is holding a sale of baby clothes next Saturday, and the church bookshop is closing for good, so everything is half-price.'));
  assert.ok(isAnnouncement('We still need three more families willing to host a student for Sunday lunch once a month.'));
  assert.ok(!isAnnouncement('The biggest picnic basket in the Old Testament rides out on Saturday to meet four hundred men in the hall.'));
});

test('"two more things I forgot", a support group, the lounge and the vestry are notices', () => {
  assert.ok(isAnnouncement('Oh, and a couple of things I forgot to say at the start.'));
  assert.ok(isAnnouncement('The carers group meets again on Thursday morning in the lounge.'));
  assert.ok(isAnnouncement('Choir practice has moved to the vestry this week.'));
  // The sermon's own "things", and a lounge in a story, are not.
  assert.ok(!isAnnouncement('I have two things to say about grace this morning.'));
  assert.ok(!isAnnouncement('The prodigal sat in the lounge of a far country and remembered his father.'));
});

test('the line that closes the notices ("Thank you, now let\'s hear from the Lord.") is theirs; the sermon\'s first words are not (session 20)', () => {
  const notices = ['Good morning, everyone.', 'The men\'s breakfast is on Saturday at eight in the hall, and all are welcome.', 'The car park team asks that you do not block the doctor\'s driveway on Church Lane.'];
  const sermon = ['Jacob wrestled all night by the river Jabbok.', 'He would not let go until he was blessed.', 'God touched his hip, and he limped for the rest of his life.'];
  const marked = (closing: string) => [...noticePassages([...notices, closing, ...sermon].map((text) => ({ text })))].sort((a, b) => a - b);
  assert.deepEqual(marked('Thank you, now let\'s hear from the Lord.'), [1, 2, 3]);
  assert.deepEqual(marked('We carry all of that to God as we worship.'), [1, 2, 3]);
  // A sermon that opens straight after them keeps its first sentence, thanks in it or not.
  assert.deepEqual(marked('Thank God that the story of Jacob is in the Bible, because it is the story of every one of us who has ever run from home.'), [1, 2]);
  assert.deepEqual(marked('Jacob was a schemer from the day he was born.'), [1, 2]);
});

test('"two bits of good news to share" hands over to the notices (session 20)', () => {
  assert.ok(isAnnouncement('Now, halfway through, I have been given two bits of good news to share.'));
  // The good news of the gospel is the sermon's.
  assert.ok(!isAnnouncement('The gospel is good news for the poor.'));
});

// Met in 154 and 156 (session 23's sealed set, opened in session 24); failed on 2374e57.
test('the way back to the sermon ("Now, back to the sun going down.") and the farewell ("Go safely, and God bless you.") close the notices', () => {
  const notices = ['The marriage course begins a week on Friday, with dinner provided, and there are still four places for couples.', 'The collection for the winter night shelter has raised more than we hoped.'];
  const sermon = ['I know a couple who have been married for fifty years.', 'They never let a quarrel sleep in the house.'];
  const marked = (...closing: string[]) => [...noticePassages([...sermon, ...notices, ...closing, ...sermon].map((text) => ({ text })))].sort((a, b) => a - b);
  assert.deepEqual(marked('So thank you, you are a generous church.', 'Now, back to the sun going down.'), [2, 3, 4, 5]);
  assert.deepEqual(marked('Go safely, and God bless you.'), [2, 3, 4]);
  // (Not the sermon's own words: "He went back to the city.", "God bless the work of your hands.")
  assert.deepEqual(marked('He went back to the city, and wept.'), [2, 3]);
  assert.deepEqual(marked('May God bless the work of your hands.'), [2, 3]);
});
