import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { altarCallSentences, compressClause, headlineCase, isHousekeeping, pointStatementOf, prayableClause, prayerSentences, readsPassage, passageTerms } from '../../src/content/generation/extractive.discourse.ts';
import { nounPhrases, nounsOf } from '../../src/content/generation/extractive.phrases.ts';
import { splitSentences } from '../../src/content/generation/extractive.text.ts';

// Six sentences of a sermon before its altar call.
const JACOB = [
  'Jacob wrestled all night by the river Jabbok.',
  'He would not let go until he was blessed.',
  'God touched his hip, and he limped for the rest of his life.',
  'But he came away with a new name.',
  'The limp was the mark of the blessing.',
  'God does not leave us as he found us.',
];
const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);

test('housekeeping: greetings, seating, "turn with me", "let us pray", bare signposts', () => {
  for (const s of [
    'Good morning, church.',
    'Well, good morning everyone.',
    'Please be seated.',
    'Please turn with me in your Bibles to John chapter three verse sixteen.',
    'Turn with me to Romans chapter eight verse twenty eight.',
    'If you have a Bible with you, open it to Psalm 23.',
    'Today we read the Gospel of John chapter 3 verse 16.',
    'This morning we are looking at Romans chapter eight.',
    'Our text this morning is Psalm 23.',
    'Let us pray.',
    "Let's pray together.",
    'Our first point is simple.',
    'Simple.',
    'Now let me ask you a question.',
    'So how do we live this out this week?',
  ]) assert.ok(isHousekeeping(s), s);
  for (const s of [
    'Love comes before effort.',
    'Our second point is that suffering is not wasted.',
    'This week, call someone who is struggling, pray with them, and remind them of the promise of eternal life.',
    'In Psalm eighty-two verse three the Lord commands his people to defend the weak and the fatherless.',
    'Jesus makes the same invitation in Matthew eleven twenty-eight.',
    'Today we look at why love is patient.',
  ]) assert.ok(!isHousekeeping(s), s);
});

test('an announced point: its own words, or the next sentence after "is simple."', () => {
  assert.deepEqual(pointStatementOf('Our second point is that suffering is not wasted.'), { statement: 'suffering is not wasted', fromNext: false });
  assert.deepEqual(pointStatementOf('Our first point is simple.', 'Love comes before effort.'), { statement: 'Love comes before effort', fromNext: true });
  assert.deepEqual(pointStatementOf('Our first point this morning is that love is patient with people.'), { statement: 'love is patient with people', fromNext: false });
  assert.equal(pointStatementOf('Love comes before effort.'), undefined);
});

test('titles: a point cut to six words without losing its sense', () => {
  assert.equal(headlineCase(compressClause("love is rooted in God's own love for us")), "Love Is Rooted in God's Love");
  assert.equal(headlineCase(compressClause('the shepherd walks with us through the dark valley')), 'Shepherd Walks Through the Dark Valley');
  assert.equal(headlineCase(compressClause('love endures when life is hard')), 'Love Endures When Life Is Hard');
  assert.equal(headlineCase(compressClause('we endure together')), 'We Endure Together');
  // Cutting "not earn" would say the opposite.
  assert.equal(compressClause('Grace is a gift we do not earn today in every single way'), '');
});

test('prayer clauses: third-person statements only', () => {
  assert.equal(prayableClause('Love comes before effort.'), 'love comes before effort');
  assert.equal(prayableClause("God's love fills us so that it can overflow through us."), "God's love fills us so that it can overflow through us");
  assert.equal(prayableClause('It holds the seat one more time.'), undefined);
  assert.equal(prayableClause('You cannot give away what you have never received.'), undefined);
  assert.equal(prayableClause('Romans fifteen thirteen calls God the God of hope.'), undefined);
});

test('the preacher reading the passage aloud is told from the preacher\'s own words', () => {
  const john316 = passageTerms('For God so loved the world, that he gave his only born Son, that whoever believes in him should not perish, but have eternal life.');
  assert.ok(readsPassage('For God so loved the world that he gave his only Son, that whoever believes in him should not perish but have eternal life.', [john316]));
  assert.ok(!readsPassage('The gospel does not begin with our striving.', [john316]));
});

test('noun phrases: articles and possessives mark nouns; verbs after a noun are not part of it', () => {
  const sentences = splitSentences('The shepherd provides rest. We want to provide for ourselves. A changed heart shows in changed habits. He prepares a table of grace. God\'s love fills us. Patient love gives people room. Patient love waits.');
  const phrases = nounPhrases(sentences, nounsOf(sentences)).map((p) => p.surface);
  assert.ok(!phrases.some((p) => /provides|shows|fills/.test(p)), phrases.join('; '));
  assert.ok(phrases.includes('a changed heart'), phrases.join('; '));
  assert.ok(phrases.includes('a table of grace'), phrases.join('; '));
  assert.ok(phrases.includes("God's love"), phrases.join('; '));
  assert.ok(phrases.includes('patient love'), phrases.join('; '));
});

test('an unpunctuated transcript is cut where the preacher turns', () => {
  const text = 'good morning church please turn with me to john three sixteen for god so loved the world that he gave his only son that whoever believes in him should not perish our first point is simple love comes before effort before we ever lifted a finger god acted the gospel does not begin with our striving our second point is that suffering is not wasted we know that all things work together for good let us pray';
  const pieces = splitSentences(text).map((s) => s.text);
  assert.ok(pieces.some((p) => p.startsWith('our second point is that suffering is not wasted')), pieces.join(' | '));
  assert.ok(pieces.includes('let us pray'), pieces.join(' | '));
});

test('a headline is what is said, not who says it; it does not end on a dangling "because he"', () => {
  assert.equal(compressClause('Paul says, love keeps no record of wrongs.', 8), 'love keeps no record of wrongs');
  assert.equal(compressClause('God commands courage because he is with us in the storm.', 4), 'God commands courage');
  // A short lead-in that is not speech keeps its own clause.
  assert.equal(compressClause('In the end, grace wins.', 8), 'In the end');
});

test('a clause too long for a headline is kept up to a joint, never broken off mid-phrase', () => {
  // Its first eight words alone were a title: "I Think Jesus Is Doing What a Good".
  assert.equal(compressClause('I think Jesus is doing what a good teacher does with a student', 8), '');
  assert.equal(compressClause('Hearing God means answering him and obeying his voice every day', 6), 'Hearing God means answering him');
  // One word over, the clause says it whole.
  assert.equal(compressClause('Who we are matters less than who God is', 8), 'Who we are matters less than who God is');
  // "to" after "want you" opens the verb's complement: not a phrase to drop ("Here Is What I Want").
  assert.equal(compressClause('Here is what I want you to take home today.', 6), '');
  assert.equal(compressClause('You have to know who Jacob was and where he came from.', 6), 'You have to know who Jacob was');
});

test('a clause said whole keeps its last word; a leading "when …" or "the first is this:" gives way to what follows', () => {
  assert.equal(compressClause('Jesus will not break you, and he will not snuff you out.', 8), 'Jesus will not break you');
  assert.equal(compressClause('You have to know who Jacob was.', 8), 'You have to know who Jacob was');
  assert.equal(compressClause('When Ziklag was burned and his men turned against him, David strengthened himself in the Lord his God.', 8), 'David strengthened himself in the Lord his God');
  assert.equal(compressClause('The first is this: bring your empty places to God.', 8), 'bring your empty places to God');
  assert.equal(compressClause('And the first thing God says is, stop.', 8), '');
});

test('a negation in a later clause does not empty the headline of the first', () => {
  assert.equal(compressClause("God's people built together, in chapter 2 he says come, that we won't be disgraced", 8), "God's people built together");
  // Its own negation still guards the cut: "grace is a gift we do [not earn]" says the opposite.
  assert.equal(compressClause('grace is a gift we do not earn', 5), '');
});

test('altar calls, long "turn to …" sentences and the closing prayer are not content', () => {
  assert.ok(isHousekeeping('If the waves feel too high tonight, come to the front during the closing song, and one of our elders will pray with you.'));
  assert.ok(isHousekeeping('Turn to Second Corinthians chapter 8, verse 9, for you know the grace of our Lord Jesus Christ, that though he was rich, yet for your sakes he became poor.'));
  assert.ok(!isHousekeeping('Turn your worry into prayer before you go to sleep.'));
  assert.ok(isHousekeeping('Before we begin, the church picnic has moved to the community hall, and childcare is available.'));
  const sentences = ['Share a meal with a neighbour.', 'Let us pray.', 'Father, thank you for loving us first.', 'Help us to share your love this week.', 'Amen.'].map((text) => ({ text }));
  assert.deepEqual([...prayerSentences(sentences)], [2, 3, 4]);
  // "Let us pray for the city" with no prayer after it: nothing taken.
  assert.deepEqual([...prayerSentences([{ text: 'Let us pray.' }, { text: 'The city needs workers.' }])], []);
});

// Session 12 (45-52 opened). Fails on 096b9db.
test('an altar call is an invitation to come somewhere in the room, or during the closing music, however it is worded or misheard', () => {
  for (const text of [
    'If you have been carrying this alone for a long time, and you want to hand it to Jesus this morning, come to the rail during the last hymn, where the elders will be waiting to kneel and pray with you.',
    'If your faith has grown tired and you want to start again, come and meet us at the front during the final song.',
    'If that is you, come for when as we sing, and somebody will stand beside you.',
  ])
    assert.ok(isHousekeeping(text), text);
  assert.ok(!isHousekeeping('Come to the table hungry, and leave with your hands full of grace.'));
  assert.ok(!isHousekeeping('The disciples come to Jesus as the boat is sinking and wake him up.'));
});

// Session 16: the altar calls of 53-92 went into content sentence by sentence; the sentence rule
// caught 28 of their 53 sentences. Written for the test, not copied from the sermons.
test('an altar call is a passage: the invitation and the sentences beside it that speak to the listener the same way', () => {
  const sermon = [
    'Elijah ran for his life and sat down under a juniper tree.',
    'He asked to die, and God sent an angel with bread and water.',
    'The angel touched him and said, arise and eat, because the journey is too great for you.',
    'God did not lecture him, he fed him and let him sleep.',
    'On the mountain God was not in the wind, or the earthquake, or the fire.',
    'He was in a still small voice, and he asked, what are you doing here, Elijah?',
    'God still asks that question of tired people.',
    'Maybe you are running on empty this morning, and you have told nobody.',
    'You do not have to carry it out of this building.',
    'As we sing the last song, the prayer team will be at the side, and they would be glad to pray with you.',
    'Come and tell God the truth, with someone beside you.',
    'The coffee is in the hall afterwards.',
  ].map((text) => ({ text }));
  assert.deepEqual([...altarCallSentences(sermon)].sort((a, b) => a - b), [7, 8, 9, 10]);
  // The same words to the listener without an invitation are the sermon's own application.
  const taught = sermon.slice(0, 9);
  assert.deepEqual([...altarCallSentences(taught)], []);
  // Nor is an invitation early in the sermon a call (a story of one: "the prayer team at the crusade").
  const early = [sermon[9]!, ...sermon.slice(0, 8)];
  assert.deepEqual([...altarCallSentences(early)], []);
});

// Session 17: the altar calls of 101-108 (sealed, then opened) were kept in content by a sentence
// between the biddings ("You are the God who sees me."), a bidding the recogniser changed ("what
// you tell God"), or an invitation with no one praying with anyone ("raise your hand").
test('an altar call holds a sentence between two biddings, asks for a response anywhere in a sentence, or asks to kneel or raise a hand', () => {
  const story = [
    'Hagar ran into the desert with nothing but a jar of water.',
    'The angel found her by a spring on the way to Shur.',
    'He called her by her name, which nobody in Abram\'s house had done.',
    'She gave God a name of her own, the God who sees me.',
    'Nobody else in the Bible gives God a name.',
    'God saw the slave girl when her masters would not.',
  ];
  const call = [
    'So if you have felt unseen this year, I want to give you a moment now.',
    'Nobody needs to move.',
    'Just close your eyes and say to God the name Hagar gave him.',
    'You are the God who sees me.',
    'If you want someone to hear your story, the prayer ministry team will be in the side chapel after the service.',
  ];
  const sermon = [...story, ...call].map((text) => ({ text }));
  assert.deepEqual([...altarCallSentences(sermon)].sort((a, b) => a - b), [6, 7, 8, 9, 10]);
  // Two sentences in a row that bid nothing end it.
  const apart = [...story, call[0]!, call[1]!, 'Hagar was a slave.', 'She had no say in any of it.', call[4]!].map((text) => ({ text }));
  assert.deepEqual([...altarCallSentences(apart)].sort((a, b) => a - b), [10]);
  const kneel = [...story, 'If your heart has gone cold, do not leave it for another week.', 'In a moment the band will play quietly.', 'If you want to come back, kneel where you are and tell him so in your own words.', 'Then one of the elders will come to you.'].map((text) => ({ text }));
  assert.deepEqual([...altarCallSentences(kneel)].sort((a, b) => a - b), [6, 7, 8, 9]);
});

test('an altar call opened with a quiet moment, made while the music plays, or offering a talk with the elders', () => {
  const story = [
    'Job sat in the ashes and scraped his sores.',
    'His friends talked for thirty chapters and understood nothing.',
    'Then God spoke out of the whirlwind.',
    'He did not explain the suffering.',
    'He showed Job who he was.',
    'And Job said, now my eye sees you.',
  ];
  const quiet = [
    'So as we close, I am going to leave a few moments of silence.',
    'If you have been angry with God, tell him so.',
    'And if you have never trusted him at all, this is a good day to begin.',
    'Our elders will be by the door when the service ends, and they would be so glad to talk with you.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...quiet].map((text) => ({ text })))), [6, 7, 8, 9]);
  const music = [
    'So I want to ask you gently, what have you buried in the ashes?',
    'A grief, a question you stopped asking, you do not need to stand up, or say anything out loud.',
    'In the quiet as the music plays, bring it to him the way Job did.',
    'If you would like someone to sit with you, we will stay as long as you need.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...music].map((text) => ({ text })))), [6, 7, 8, 9]);
  // A quiet moment with no invitation is the sermon's.
  assert.deepEqual(sorted(altarCallSentences([...story, 'So as we close, let us take a moment to remember what Job saw.'].map((text) => ({ text })))), []);
});

test('an altar call made as the music begins, to stay behind and talk, with no one asked to do anything in public', () => {
  const story = JACOB;
  const music = [
    'So as the music begins, let us be quiet for a moment.',
    'You do not need to move from where you are sitting.',
    'Pray something like this in your own heart, Lord, I am tired of wrestling on my own.',
    'And hold on to the promise, I will not let thee go, except thou bless me.',
  ];
  // (The last sentence, the words it ends on, is the call's too.)
  assert.deepEqual(sorted(altarCallSentences([...story, ...music].map((text) => ({ text })))), [6, 7, 8, 9]);
  const stay = [
    'I will not ask anyone to stand up or say anything tonight.',
    'But if you have questions, please stay behind after the service.',
    'Two of us will be sitting by the piano with a pot of coffee.',
    'We would be glad to listen, however long it takes.',
    'The car park gates close at nine.',
  ];
  // (The sentence between two invitations is the call's; the notice after them is not.)
  assert.deepEqual(sorted(altarCallSentences([...story, ...stay].map((text) => ({ text })))), [6, 7, 8, 9]);
  const hand = [
    'In a moment we will sing, but first I want to give you the chance to respond.',
    'If today is the day you stop running, raise a hand where you are, so that I can pray for you.',
    'Nobody is going to look round.',
    'Jesus said, him that cometh to me I will in no wise cast out.',
    'You can come to him today.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...hand].map((text) => ({ text })))), [6, 7, 8, 9, 10]);
});

test('a point handed over to the next sentence ("That brings us to the second point."), or said after "and then", or called a scene', () => {
  assert.deepEqual(pointStatementOf('That brings us to the second point.', 'Guard your words when you are angry.'), { statement: 'Guard your words when you are angry', fromNext: true });
  assert.deepEqual(pointStatementOf('That is our second scene.', 'She held on to God when her son died.'), { statement: 'She held on to God when her son died', fromNext: true });
  assert.deepEqual(pointStatementOf('And then the third point, grace has the last word.'), { statement: 'grace has the last word', fromNext: false });
  assert.deepEqual(pointStatementOf('So the first scene is this: a widow with two coins.'), { statement: 'a widow with two coins', fromNext: false });
  assert.deepEqual(pointStatementOf('And so to the third thing, be still and know that he is God.'), { statement: 'be still and know that he is God', fromNext: false });
  assert.deepEqual(pointStatementOf('That brings us to the second thing.', 'There is a river that makes the city glad.'), { statement: 'There is a river that makes the city glad', fromNext: true });
  // A scene of a story told is no point; nor is what brings us to church.
  assert.equal(pointStatementOf('That scene brings us to tears.', 'The father runs.'), undefined);
  assert.equal(pointStatementOf('That brings us to church on Sunday.', 'We come tired.'), undefined);
});

test('a point handed over with the words before its number misheard ("And I bring most of the second point."), not one looked back on', () => {
  assert.deepEqual(pointStatementOf('And I bring most of the second point.', 'Do not stand aloof when your brother falls.'), { statement: 'Do not stand aloof when your brother falls', fromNext: true });
  assert.deepEqual(pointStatementOf('And atleast must at the third point, the kingdom shall be the Lord\'s.'), { statement: 'the kingdom shall be the Lord\'s', fromNext: false });
  assert.deepEqual(pointStatementOf('And sort of the third scene, God shut the lions\' mouths.'), { statement: 'God shut the lions\' mouths', fromNext: false });
  assert.deepEqual(pointStatementOf('Now the second thing.', 'Grace trains us to live a new life now.'), { statement: 'Grace trains us to live a new life now', fromNext: true });
  // A point looked back on, or a part of a story with more said after it, hands nothing over.
  assert.equal(pointStatementOf('As we saw in the second point.', 'Pride goes before a fall.'), undefined);
  assert.equal(pointStatementOf('The second part of the story follows straight on, David does not charge off.'), undefined);
});

test('an altar call that opens five sentences before its invitation, or offers a talk ("if you want to talk about what that means … come and find us")', () => {
  const story = JACOB;
  const cards = [
    'Perhaps this morning you have realised that you have not been listening.',
    'You know about Jesus, but you have never let him speak to you.',
    'In a moment we will pray, and I want to give you a simple way to answer him.',
    'There are small cards in the pew racks.',
    'If you want to begin, write your first name on one and drop it in the basket by the door.',
    'Someone from our prayer team will pray for you by name this week.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...story, ...cards].map((text) => ({ text })))), [12, 13, 14, 15, 16, 17]);
  const talk = [
    'Perhaps tonight you have recognised yourself in Simon.',
    'Either way, Jesus says the same thing to you.',
    'In a moment of quiet now, you can tell him the truth.',
    'And if you want to talk about what that means, Grace and I will be in the quiet room once the service is over.',
    'You are very welcome to come and find us there.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...talk].map((text) => ({ text })))), [6, 7, 8, 9, 10]);
  // The sermon's own sentences before the call stay the sermon's.
  assert.ok(!altarCallSentences([...story, ...talk].map((text) => ({ text }))).has(5));
});

// Met in 149 and 155 (session 23's sealed set, opened in session 24); failed on 0daf5d3.
test('an altar call that asks for a response where the listener sits ("Right where you are…", "Stay where you are…"), the words to pray given ("Say, Lord, …")', () => {
  const story = JACOB;
  const rifle = [
    'Perhaps you have been living like that soldier in the jungle, still fighting a war that is over.',
    'You do not need to earn this peace.',
    'Right where you are, you can lay down your rifle.',
    'If you have prayed that this morning, I would love to hear about it.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...rifle].map((text) => ({ text })))), [6, 7, 8, 9]);
  const waiting = [
    'So what are you waiting for tonight?',
    'Perhaps you are tired of watching the horizon.',
    'Stay where you are, and in the quiet of your own heart, tell the Lord how long it has been.',
    'Then give the waiting back to him.',
    'Say, Lord, I trust your timing, and I will live by faith.',
  ];
  assert.deepEqual(sorted(altarCallSentences([...story, ...waiting].map((text) => ({ text })))), [6, 7, 8, 9, 10]);
  // (The story's own "where you are" is not a call: "He asked where you are from.")
  assert.deepEqual(sorted(altarCallSentences([...story, 'The stranger asked Jacob where you are from, and what your name is.'].map((text) => ({ text })))), []);
});
