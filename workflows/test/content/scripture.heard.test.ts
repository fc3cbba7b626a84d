// Spoken references as Whisper base wrote them on the session-6 tuning sermons (20-22), and the
// rules that read them: each case failed on the code before.
import { test } from '@jest/globals';
import assert from 'node:assert/strict';
import { identifyScripture, soundAlikeChapters } from '../../src/content/scripture/scripture.identify.ts';
import { findReferenceCandidates, findScriptureReferences } from '../../src/content/scripture/scripture.references.ts';

const osis = (text: string) => findScriptureReferences(text).map((r) => r.osis);

test('"Psalm 119-11": a hyphen to a smaller number is chapter and verse, not a range of chapters', () => {
  assert.deepEqual(osis('And Psalm 119-11, I have hidden your word in my heart.'), ['Ps.119.11']);
  assert.deepEqual(osis('Read Romans 8-9 this week.'), ['Rom.8']); // a range of chapters is not read as a verse
  assert.deepEqual(osis('Psalm 23-31 is not a verse.'), ['Ps.23']); // a verse 31 that Psalm 23 does not have
});

test('"verses 9-3-11": "through" heard as "three" between the two ends of a range', () => {
  assert.deepEqual(osis('Our text is Psalm 119, verse 105. Go back a few verses to verses 9-3-11.'), ['Ps.119.105', 'Ps.119.9-Ps.119.11']);
  assert.deepEqual(osis('Acts 2, 2-3-4 tells of the wind.'), ['Acts.2.2-Acts.2.4']);
  assert.deepEqual(osis('Romans 12, 1-2 says it.'), ['Rom.12.1-Rom.12.2']);
});

test('sound-alike chapters: a tens word swapped, a unit and its teen, a teen and its tens, a unit for its tens; not one and eleven', () => {
  const alike = (c: number) => soundAlikeChapters(c).sort((a, b) => a - b);
  assert.deepEqual(alike(1), []);
  assert.deepEqual(alike(2), []);
  assert.deepEqual(alike(8), [18, 80]);
  assert.deepEqual(alike(18), [8, 80]);
  assert.ok(alike(37).includes(47) && alike(37).includes(27));
  assert.ok(!alike(37).includes(7) && !alike(37).includes(17));
  assert.deepEqual(alike(14), [4, 40]);
  // (Not a tens word for its unit: "sixty" heard for "sixteen" is the teen.)
  assert.deepEqual(alike(40), [14]);
  assert.ok(alike(119).includes(109));
});

test('"Joshua 1, 9" stands after another passage\'s words: chapter one has no sound-alike in Joshua 11', async () => {
  const heard = "God's word gives strength for tomorrow. Jesus said in Matthew 6, 34, don't be anxious for tomorrow, for tomorrow will be anxious for itself. Moses told Joshua in Newter on a mid-31, 6, Beastron, and Courageus. Don't be afraid, or scared of them. And then the Lord said it again to Joshua himself in Joshua 1, 9. And in Isaiah 40, 28 through 31 we read at those who wait for Yahweh will renew their strength.";
  const cited = (await identifyScripture(heard)).map((c) => c.osis);
  assert.ok(cited.includes('Josh.1.9'), cited.join(' '));
  assert.ok(cited.includes('Isa.40.28-Isa.40.31'), cited.join(' '));
});

test('verse numbers said just before a quotation whose book was misheard give the range quoted from', async () => {
  const heard = "Second, we can rejoice when the fields are empty, have a cup free, 17 and 18. For even though the fig tree doesn't flourish, nor fruit be in the mines, the labor of the olive fails, the fields yield no food, yet I will rejoice in your way.";
  assert.deepEqual((await identifyScripture(heard)).map((c) => c.osis), ['Hab.3.17-Hab.3.18']);
  // Numbers that do not hold the quoted verse are someone else's.
  const other = "We sang hymns 4 and 5. For even though the fig tree doesn't flourish, nor fruit be in the mines, the labor of the olive fails, the fields yield no food, yet I will rejoice in your way.";
  assert.deepEqual((await identifyScripture(other)).map((c) => c.osis), ['Hab.3.17']);
});

test('a chapter is not carried over a phrase that names another book, even a misheard one', () => {
  assert.deepEqual(osis("Romans 4, 20-21 says he didn't waver through unbelief. And the letter to the egos, in chapter 11, 8-10, says he went out not knowing where."), ['Rom.4.20-Rom.4.21']);
  assert.deepEqual(osis('The book of Jonah is short. Turn to Romans 8, 28. Then in chapter 12, verse 1 Paul says it.'), ['Rom.8.28', 'Rom.12.1']);
});

test('chapter and verse run together into one number ("Acts 1625") are split where the verse exists', () => {
  assert.deepEqual(osis('Acts 1625 says they sang at midnight. Hebrews 1211 says discipline yields fruit. Psalm 231 says it.'), ['Acts.16.25', 'Heb.12.11', 'Ps.23.1']);
  // A chapter the book has stays a chapter, and a one-chapter book's number is a verse.
  assert.deepEqual(osis('Psalm 119 is long. Jude 24 ends the letter.'), ['Ps.119', 'Jude.1.24']);
});

test('more of Whisper\'s spellings: "9-1" for ninety-one, "5-17" past the last chapter, "for" for four', () => {
  assert.deepEqual(osis('Psalm 9-1, 1 and 2 speaks of the shelter of the Most High.'), ['Ps.91.1-Ps.91.2']);
  assert.deepEqual(osis('2nd Corinthians 5-17, we are a new creation.'), ['2Cor.5.17']);
  assert.deepEqual(osis('Philippians for 6 and 7 tells us not to be anxious.'), ['Phil.4.6-Phil.4.7']);
  // Unchanged: a plain chapter, and "to" that is not a number.
  assert.deepEqual(osis('Romans 8-9 is long. Turn to Romans to see it. From Genesis to Revelation.'), ['Rom.8']);
});

test('a quotation with misheard words is still found when the verse\'s words come back in order; a retelling in everyday words is not', async () => {
  const quoted = async (text: string) => (await identifyScripture(text)).map((c) => `${c.osis}:${c.mode}`);
  // Two misheard words in a row ("mercy" as "me or say") broke every trigram between the halves.
  assert.deepEqual(await quoted('The prophet asked what the Lord requires, and answered to do justly, and to love me or say and to walk humbly with my God. Love does justice.'), ['Mic.6.8:quoted']);
  // "the Lord" is the WEB's "Yahweh", and "they" and "it" were misheard.
  assert.deepEqual(await quoted('As the sun says, unless the Lord builds the house, a who build a labor in vain. And when the people wept.'), ['Ps.127.1:quoted']);
  assert.deepEqual(await quoted('Remember the words of the Lord Jesus who said it is more blessed to give and to receive.'), ['Acts.20.35:quoted']);
  assert.deepEqual(await quoted('So Ruth went out to glean barley, and she happened to come to the field of a man named Boaz.'), []);
});

test('a run-together number whose verse the chapter lacks ("2 Chronicles 740") is its teen, cited only on the verse\'s own words', async () => {
  const cited = async (text: string) => (await identifyScripture(text)).map((c) => c.osis);
  assert.deepEqual(await cited('Second Chronicles 740 is a call to humble prayer: if my people who are called by my name will humble themselves and pray, and seek my face, and turn from their wicked ways, then I will hear from heaven.'), ['2Chr.7.14']);
  assert.deepEqual(await cited('Second Chronicles 740 is a cult of humble prayer. We sang a hymn.'), []);
});

test('verse numbers said a few words before the quotation ("15 and 16 tells us … perceived that this work was done by our God")', async () => {
  const heard = "Third, the work is finished by God's strength. In the Himayasic, 15 and 16 tells us the world was finished in 52 days, and even enemies perceived that this work was done by our God.";
  assert.deepEqual((await identifyScripture(heard)).map((c) => c.osis), ['Neh.6.15-Neh.6.16']);
  // A count of days is not a verse range.
  const days = 'The wall took 50 to 52 days to build, and even enemies perceived that this work was done by our God.';
  assert.deepEqual((await identifyScripture(days)).map((c) => c.osis), ['Neh.6.16']);
});

// Session 7: rules found on the opened held-back sermons (03, 06, 09, 12, 16-19), each written here
// in other words or other books so the rule, not the sermon, is what is tested.

test('verse numbers spoken as words just before a quotation give its range ("…, eleven and twelve, I myself will search")', async () => {
  const cited = async (text: string) => (await identifyScripture(text)).map((c) => c.osis);
  assert.deepEqual(await cited('The pilgrim song in the hulls, one and two: I will lift up my eyes to the hills. Where does my help come from? My help comes from Yahweh, who made heaven and earth.'), ['Ps.121.1-Ps.121.2']);
  assert.deepEqual(await cited('The heart of it is orcs is four and five. I am the vine. You are the branches. He who remains in me and I in him bears much fruit, for apart from me you can do nothing.'), ['John.15.4-John.15.5']);
  // Counted things are not verses, and the quoted verse must lie inside the numbers.
  assert.deepEqual(await cited('We prayed for one to two hours. I will lift up my eyes to the hills. Where does my help come from?'), ['Ps.121.1']);
});

test('a carried chapter\'s range is not moved to another book by a later quotation that falls inside its numbers', async () => {
  const heard = "Matthew 18, 21 and 22, Peter asked how often he should forgive. The story goes on in verses 23 to 35, the servant who was forgiven a fortune and would not forgive a few coins. Even on the cross Jesus prayed, Father, forgive them, for they don't know what they are doing.";
  const cited = (await identifyScripture(heard)).map((c) => c.osis);
  assert.ok(cited.includes('Matt.18.23-Matt.18.35'), cited.join(' '));
  assert.ok(!cited.some((c) => c.startsWith('Luke.23.23')), cited.join(' '));
  // The verse said is still put right by its quotation in another book ("verse 10" after John 3:16).
  const moved = (await identifyScripture('The best known verse is John 3:16. Right after those verses Paul says in verse 10 that we are his workmanship, created in Christ Jesus for good works.')).map((c) => c.osis);
  assert.ok(moved.includes('Eph.2.10'), moved.join(' '));
});

test('a verse said as its homophone after the chapter ("Romans 12 to tells us…") stands on the verse\'s own words', async () => {
  const cited = async (text: string) => (await identifyScripture(text)).map((c) => c.osis);
  assert.deepEqual(await cited('How should we respond? Romans 12 to tells us to be transformed by the renewing of our minds.'), ['Rom.12.2']);
  assert.deepEqual(await cited('Hebrews 12 to says we look to Jesus, the author and perfecter of faith, who endured the cross.'), ['Heb.12.2']);
  assert.deepEqual(await cited('Turn to Romans 8 to see it for yourself. We will sing first.'), []);
  assert.deepEqual(osis('Romans 12 to tells us to be transformed.'), []); // not a reference until its words confirm it
});

test('"verses" misheard ("Roses 4 tells us", "First four tells us") is a verse of the chapter being read, on that verse\'s words', async () => {
  const cited = async (text: string) => (await identifyScripture(text)).map((c) => c.osis);
  const kings = 'In First Kings chapter 19 we find Elijah running for his life into the desert.';
  assert.deepEqual(await cited(`${kings} Roses 4 tells us he sat under a juniper tree and asked to die, take away my life.`), ['1Kgs.19', '1Kgs.19.4']);
  assert.deepEqual(await cited(`${kings} First four tells us he sat under a juniper tree and asked to die, take away my life.`), ['1Kgs.19', '1Kgs.19.4']);
  // Without the verse's words it is nothing; "the first three verses" is a count, the chapter's
  // first three (since session 20), not verse 3.
  assert.deepEqual(await cited(`${kings} Roses 4 tell us the garden is lovely in June.`), ['1Kgs.19']);
  assert.deepEqual(findReferenceCandidates(`${kings} In the first three verses he sat under a juniper tree.`).map((c) => c.osis), ['1Kgs.19', '1Kgs.19.1-1Kgs.19.3']);
});

test('a sound-alike chapter is decided by the sentences right after it when a retelling runs on into later chapters', async () => {
  const heard = 'The story of Joseph begins in Genesis 47. He was his father\'s favorite son, and his father gave him a colourful robe. His brothers hated him. One day in the fields they threw him into a pit and sold him to traders going down to Egypt. In Egypt he served in the house of Potiphar and was thrown into prison. Then Pharaoh had a dream. Seven years of plenty, then seven years of famine, and Joseph was put in charge of all the land of Egypt and stored up grain. When the famine came his brothers came to buy food from the brother they had sold, and they bowed before him, and Pharaoh gave them land.';
  const cited = (await identifyScripture(heard)).map((c) => c.osis);
  assert.equal(cited[0], 'Gen.37', cited.join(' '));
  assert.ok(!cited.some((c) => c.startsWith('Gen.47')), cited.join(' '));
  // A verse quoted from the sound-alike chapter puts a whole chapter right too.
  const quoted = 'Turn to Genesis 47. Israel loved Joseph more than all his children, because he was the son of his old age, and he made him a tunic of many colors.';
  assert.deepEqual((await identifyScripture(quoted)).map((c) => c.osis), ['Gen.37']);
});

test('a chapter to read ("a few verses of John 15 before you look at your phone") is cited beside the verses quoted from it', async () => {
  const heard = 'He says, I am the true vine, and my Father is the farmer. This week, begin each day by reading a few verses of John 15 before you look at your phone.';
  assert.deepEqual((await identifyScripture(heard)).map((c) => `${c.osis}:${c.mode}`), ['John.15.1:quoted', 'John.15:both']);
  assert.deepEqual(osis('Read Romans 8 slowly this week. Then read Psalm 23 again.'), ['Rom.8', 'Ps.23']);
  assert.deepEqual(osis('John 15 minutes later came in.'), []);
});

// Session 8: the spoken references Whisper base wrote on sermons 23-28 (session 7's sealed set,
// opened in session 8), and the rules that read them. Each case failed on the code before.
const cited = async (text: string) => (await identifyScripture(text)).map((c) => `${c.osis}:${c.mode}`);
const citedPlaces = async (text: string) => (await identifyScripture(text)).map((c) => c.osis);

test('a reference the preacher corrects at once ("Luke 15, no, Luke 14") is not cited', async () => {
  const heard = 'That is what the kingdom is like. In Luke 15, no, Luke 14, verses 13 and 14, he says, when you make a feast, ask the poor, the maimed, the lame, or the blind, and you will be blessed.';
  assert.deepEqual(await cited(heard), ['Luke.14.13-Luke.14.14:both']);
  assert.deepEqual(osis('Read Romans 8, sorry, Romans 12, verse 2 today.'), ['Rom.12.2']);
  // Session 16 (sermon 91): "wait" or "hold on" alone between the two places.
  assert.deepEqual(osis('And both heard the words of Matthew 7, wait, Matthew 5, verse 9, blessed are the peacemakers.'), ['Matt.5.9']);
  assert.deepEqual(osis('Turn to John 4. Hold on. John 5, verse 8.'), ['John.5.8']);
  assert.deepEqual(osis('Read John 3, verse 16 and wait for Romans 8, verse 28.'), ['John.3.16', 'Rom.8.28']);
  // Two references in a row without a correction both stand.
  assert.deepEqual(osis('Read Romans 8, and Romans 12, verse 2 today.'), ['Rom.8', 'Rom.12.2']);
});

test('a pair of verses with one number misheard into a verse the chapter lacks ("Luke 12, 412 and 23") is the pair', async () => {
  // The Gospel's own words decide against Matthew's parallel, which was cited invented before.
  const luke = "And contentment rest in the Father's care. Jesus said in Luke 12, 412 and 23, don't be anxious for your life, what you will eat, Know yet for your body what you will wear. Life is more than food, and the body is more than clothing.";
  assert.deepEqual(await cited(luke), ['Luke.12.22-Luke.12.23:both']);
  const psalm = 'We can be content with this, because we will never have this on him. Sam 121, 411 and 2 asks, where are the help comes from, and answers, my help comes from the Lord, which made heaven and all.';
  assert.deepEqual(await cited(psalm), ['Ps.121.1-Ps.121.2:both']);
  const john = "Our passage is John chapter 4. Then in verses 23 and 248 tales the woman at God's spirit, and O's worshiping must worship in spirit, and truth.";
  assert.ok((await cited(john)).includes('John.4.23-John.4.24:both'), (await cited(john)).join(' '));
  // A pair read from one number only stands on the verses' own words.
  assert.deepEqual(await cited('In John 3, 412 and 5 more people came to faith that day.'), []);
  // Two verses that exist and are not neighbours stay the first one; a single verse is not a pair.
  assert.deepEqual(osis('Romans eight verses one and five'), ['Rom.8.1']);
  assert.deepEqual(osis('Our passage is John chapter 4. Then verse 23 and 248 people came.'), ['John.4', 'John.4.23']);
});

test('"verses 6 from 8", "Verses 28 Pro 30": "through" misheard between the two ends of a range after "verses"', () => {
  assert.deepEqual(osis('Turn to 2 Samuel 9. Back in chapter 9, in verses 6 from 8, the frightened man falls on his face.'), ['2Sam.9', '2Sam.9', '2Sam.9.6-2Sam.9.8']);
  assert.deepEqual(osis('Our passage is John chapter 4. Verses 28 Pro 30, she leaves her water pot.'), ['John.4', 'John.4.28-John.4.30']);
  // Not after a single "verse", not a verb, not numbers far apart.
  assert.deepEqual(osis('Our passage is John chapter 4. Verse 28 from 30 people.'), ['John.4', 'John.4.28']);
  assert.deepEqual(osis('Our passage is John chapter 4. Verses 3 says 5 things.'), ['John.4', 'John.4.3']);
  assert.deepEqual(osis('Our passage is John chapter 4. Verses 3 from 40 of us.'), ['John.4', 'John.4.3']);
  assert.deepEqual(osis('Our passage is John chapter 4. Verses 16 were 20 lines long.'), ['John.4', 'John.4.16']);
});

test('"through" misheard is a word that sounds like it, not any short word between two numbers ("verses 10 about 15 men")', () => {
  assert.deepEqual(osis('Our passage is John chapter 6. In verses 10 about 15 men sat down on the grass.'), ['John.6', 'John.6.10']);
  assert.deepEqual(osis('Our passage is John chapter 4. In verses 12 over 20 people came.'), ['John.4', 'John.4.12']);
  assert.deepEqual(osis('Our passage is John chapter 4. Verses 16 will 20 people believe?'), ['John.4', 'John.4.16']);
  assert.deepEqual(osis('Our passage is John chapter 4. Verses 28 true 30, she leaves her water pot.'), ['John.4', 'John.4.28-John.4.30']);
});

test('"Open your Bibles to Hebrews. Chapter 11.": a chapter said right after its book', () => {
  assert.deepEqual(osis('Open your Bibles to Hebrews. Chapter 11. People call it the hall of faith.'), ['Heb.11']);
  // A bare chapter later on, with another sentence between, still needs the book's own reference.
  assert.deepEqual(osis('Open your Bibles to Hebrews. People love it. Chapter 11 is about faith.'), []);
});

test('"2 Corinthians 5-7" is 5:7 when that verse is quoted with it; a chapter otherwise', async () => {
  assert.deepEqual(await cited('Paul boots it plainly in second Corinthians 5-7. We walk by faith, not by sight. And where does that faith come from?'), ['2Cor.5.7:both']);
  assert.deepEqual(await cited('Read Romans 8-9 this week.'), ['Rom.8:spoken']);
});

test('"in verse 7 of Samaritan woman comes": "a" misheard as "of" is still a verse of the chapter, on that verse\'s words', async () => {
  const heard = "Turn with me to John chapter 4. Jesus is tired, and they see the stone by Jacob's will at a mountain own, in verse 7 of Samaritan woman comes to draw water, alone, at the hottest hour, when nobody else would be there. And Jesus says, give me a drink.";
  assert.ok((await cited(heard)).includes('John.4.7:both'));
  // "verse 2 of the hymn", "verse 4 of Amazing Grace", "verse 16 of John 3": another text.
  assert.deepEqual(await cited('Read Psalm 23. Verse 2 of the hymn we sang is lovely. Verse 4 of Amazing Grace too.'), ['Ps.23:spoken']);
  assert.deepEqual(osis('Read Psalm 23. Verse 16 of John 3 is famous.'), ['Ps.23', 'John.3']);
});

test('a verse of the chapter being read is not moved to a verse quoted after the next reference', async () => {
  const heard = "Our passage is John chapter 4. Back in our passage, in verse 34, the disciples bring lunch, and Jesus tells them his phone The world is to know the will of the one. Third, O no-made Jesus cannot keep quiet. Verses 28 Pro 30, Shailaith's water pot be oiled, the very wicked shay came to feel, and runs into the tone, saying, Come, say a man, O told me everything that I've done, can this be the Christ?";
  const found = await cited(heard);
  assert.ok(found.includes('John.4.34:spoken'), found.join(' '));
  assert.ok(found.includes('John.4.28-John.4.30:both'), found.join(' '));
});

test('an ordinal joined to a misheard name ("second-semule chapter 9") is a numbered book, on the passage\'s words', async () => {
  assert.deepEqual(findReferenceCandidates('Tonight it is tucked away in second-semule chapter 9.').map((c) => `${c.osis}${c.needsSupport ? '~' : ''}`), ['2Sam.9~']);
  assert.deepEqual(osis('Tonight it is in second-Samuel chapter 9.'), ['2Sam.9']);
  const heard = "Tonight's story is tucked away in second-semule chapter 9. David said, Is there yet any left of the house of Saul, that I may show him kindness for Jonathan's sake?";
  assert.equal((await cited(heard))[0], '2Sam.9:both');
});

test('"Psalm" heard as a lower-case "some": a whole psalm only on a quotation of it; a verse on its words said as written', async () => {
  const heard = 'We are standing this morning in Wamsam, some 139. I have four points from it today. O Lord, you have searched me, and you know me. You know my sitting down and my rising up.';
  assert.equal((await cited(heard))[0], 'Ps.139:both');
  assert.deepEqual(await cited('We had some 40 people at the picnic and some 12 helpers. I waited patiently for the bus.'), []);
  const verse = 'It is never silence from a farmer who does not care. Some 102, 17 promises that he will regard the prayer on the nestitude, and not design their prayer.';
  assert.deepEqual(await cited(verse), ['Ps.102.17:both']);
  // Its verses heard as their own phrase ("some twenty-three, voices one through three") are one reference.
  assert.deepEqual(await cited('Think of some twenty-three, voices one through three. The Lord is my shepherd; I shall not want. He makes me lie down in green pastures.'), ['Ps.23.1-Ps.23.3:both']);
});

test('a range said two sentences before the quotation of its second verse ("one and two. [verse one misheard]. [verse two]")', async () => {
  const heard = "The writer starts with a definition of Meos as one and two. Now faith is the substance and something's hoped for, there's even some things not seen. For might the Elder's obtained a good report.";
  assert.deepEqual(await cited(heard), ['Heb.11.1-Heb.11.2:quoted']);
  // Two unquoted sentences for one verse: not the range.
  const far = "The writer starts with a definition of Meos as one and two. Now faith is the substance. Something's hoped for. For might the Elder's obtained a good report.";
  assert.deepEqual(await cited(far), ['Heb.11.2:quoted']);
});

test('"second Timothy 17" for "one seven": two digits no chapter of the book sounds like are chapter and verse, on the verse\'s words', async () => {
  const heard = 'And Paul told Timothy in second Timothy 17 that God did not give us a spirit of fear, but of power and of love and self control.';
  assert.deepEqual(await cited(heard), ['2Tim.1.7:both']);
  assert.deepEqual(await cited('Paul wrote second Timothy 17 times, my uncle says, on the back of his bulletin.'), []);
  // "Romans 18" is more likely "eight" misheard (Romans 8 exists): not split; "Hebrews 14" likewise.
  assert.deepEqual(findReferenceCandidates('Romans 18 says it.').map((c) => c.osis), ['Rom.18']);
  assert.deepEqual(osis('Hebrew 14:2'), []);
});

test('a verse told of, then the next verses quoted, keeps its own citation ("In verse 7, a Samaritan woman comes… ", then 9-10)', async () => {
  const heard = "Turn with me to John chapter 4. In verse 7, a Samaritan woman comes to draw water, alone, at the hottest hour. In those days a Jewish teacher did not speak to a Samaritan, and she says, How is it that you, being a Jew, ask for a drink from me, a Samaritan woman? For Jews have no dealings with Samaritans. Jesus answered her, If you knew the gift of God, you would have asked him, and he would have given you living water.";
  const found = await cited(heard);
  assert.ok(found.includes('John.4.7:spoken'), found.join(' '));
  assert.ok(found.some((c) => c.startsWith('John.4.9')), found.join(' '));
  // A verse that sounds like the one quoted ("verse 18" heard for "eight") is still put right by it.
  const alike = 'Turn to First Kings chapter 19. In verse 18 the angel came again. He arose, and ate and drank, and went in the strength of that food forty days and forty nights to Horeb, the mountain of God.';
  assert.ok((await cited(alike)).some((c) => c === '1Kgs.19.8:both'), (await cited(alike)).join(' '));
});

test('"some 40 people" is nobody\'s context: a later "verse 5" or "chapter 3, verse 2" is not made a psalm\'s', async () => {
  assert.deepEqual(await cited('We had some 40 people at the picnic. Verse 5 says the garden is lovely. In chapter 3, verse 2 we read about it.'), []);
  assert.deepEqual(await cited('We had some 12 families at the lunch. Chapter 3, verse 2 of the report says it.'), []);
  // The chapter being read stays the context across it.
  const john = "Turn to John chapter 3. We had some 12 of us at the picnic. Verse 5 says it plainly, unless one is born of water and spirit, he can't enter into God's Kingdom.";
  assert.deepEqual(await cited(john), ['John.3:both', 'John.3.5:both']);
  // A verse of a psalm that only a quotation confirmed is cited on that verse's words.
  const psalm = 'We are standing this morning in Wamsam, some 139. Some people find that frightening. But David is not describing a camera. He says in verse 6, such a lid is too wonderful for me. It is high, I cannot attain unto it.';
  assert.ok((await cited(psalm)).includes('Ps.139.6:both'));
});

// Transcripts of tuning sermons under other decoding settings (Bible-aware prompt, hotwords): other
// mishearings of the same references, where a citation had been invented.
test('"verses 5 and 6" well after a single verse, with no chapter opened, is cited only on its own words', async () => {
  const heard = "Jesus said in Matthew 6.34, don't be anxious for tomorrow. The prophet wrote to Agnihil in Babylon, people whose lives have been turned upside down. For I know the thoughts that I think to ward you, says the Lord, thoughts of peace, and how to evil, to give you hope, and of future. The Magnihil's waited 70 years, and God kept his word. And promised free verses 5 and 6 still must trust in the Lord with all our heart, and how to heal all our understanding.";
  assert.ok(!(await cited(heard)).some((c) => c.startsWith('Matt.6.5')), (await cited(heard)).join(' '));
  // Close after it, or in a chapter the sermon opened, a bare verse still stands as before.
  assert.deepEqual(osis('Turn to John chapter three verse sixteen. Then verse seventeen says he did not come to condemn.'), ['John.3.16', 'John.3.17']);
});

test('another chapter of the book cited two sentences ago ("And later to the egos, in chapter 11, 8-10") is cited only on its own words', async () => {
  const heard = "Romans 4, 20-21-7, he didn't waver through unbelief, but rose through faith, giving glory to God and being fully assured at what he had promised. It was also able to perform. And later to the egos, in chapter 11, 8-10, Sany went out not knowing where he was going.";
  assert.deepEqual(await cited(heard), ['Rom.4.20-Rom.4.21:both']);
  // The same with the sentences joined by commas, as beam search writes them.
  const joined = "Romans 4, 20, 21, Siné didn't waver from belief, but rose from faith, giving glory to God, and being fully assured at what he had promised, it was also able to perform, and later to the egos, in chapter 11, 8 fruit in, Siné went out not knowing where he was going.";
  assert.deepEqual(await cited(joined), ['Rom.4.20-Rom.4.21:both']);
  // One sentence on, the book just cited carries as before.
  assert.deepEqual(osis('The book of Jonah is short. Turn to Romans 8, 28. Then in chapter 12, verse 1 Paul says it.'), ['Rom.8.28', 'Rom.12.1']);
});

test('a number with an ordinal\'s ending after a chapter ("2 Corinthians chapter 8, 1st line") is no verse', async () => {
  const heard = 'My first point, giving begins with the grace we have received. Turn to 2 Corinthians chapter 8, 1st line, for you know the grace of our Lord, Demas Christ, at Movi One Ridge.';
  assert.deepEqual(osis(heard), ['2Cor.8']);
  assert.deepEqual(osis('Turn to 2 Corinthians chapter 8, 1 says it.'), ['2Cor.8.1']);
});

// Session 19: mishearings of the sealed set 117-124, opened (written for the test, not copied).
test('"Mark chapter Tuesday, verses 1 to 5": the chapter lost, the words read after it tell it, and its bare verses follow', async () => {
  const heard = "Our story is in Mark chapter Tuesday, verses 1 to 5. When he entered again into Capernaum after some days, it was heard that he was at home. Immediately many were gathered together, so that there was no more room, not even around the door. Four people came, carrying a paralytic to him. Think of the noise of it. In verse 4 they dig through the roof of a stranger's house.";
  const found = await cited(heard);
  assert.ok(found.includes('Mark.2.1-Mark.2.5:both'), found.join(' '));
  assert.ok(found.some((c) => c.startsWith('Mark.2.4:')), found.join(' '));
  // With no words of the passage after it, nothing is guessed.
  assert.deepEqual(await cited('Our story is in Mark chapter Tuesday, verses 1 to 5. Think of the noise of it.'), []);
});

test('"verses 2 and 3 of chapter 1", "on" for "of": the verses of the book named since the last place', async () => {
  assert.deepEqual(osis('Psalm 23 is short. The letter of James is blunt. In verses 2 and 3 on chapter 1, he says to count trials a joy.'), ['Ps.23', 'Jas.1.2-Jas.1.3']);
  assert.deepEqual(osis('Romans 8, verse 1 says there is no condemnation. And verse 4 of chapter 5 in the hymnal says it too.'), ['Rom.8.1']);
});

test('one verse said, its chapter a guess, then it and the next read aloud ("verse 11 says … [11-12 read]"): the verse said', async () => {
  const heard = 'Jesus forgave the man first, as Luke 5, 20 tells it. Then verse 11 says what he told him. I say unto thee, Arise, and take up thy bed, and go thy way into thine house. And immediately he arose, took up the bed, and went forth before them all.';
  const found = await cited(heard);
  assert.deepEqual(found, ['Luke.5.20:spoken', 'Mark.2.11:both']);
  // "Verses 11 and 40" (twelve lost) is the range read.
  const range = 'Jesus forgave the man first, as Luke 5, 20 tells it. Then verses 11 and 40 tell what he did. I say unto thee, Arise, and take up thy bed, and go thy way into thine house. And immediately he arose, took up the bed, and went forth before them all.';
  assert.ok((await cited(range)).some((c) => c.startsWith('Mark.2.11-Mark.2.12')), (await cited(range)).join(' '));
});

test('two bare verses said in one breath ("in verse 7 and again in verse 11") are of the chapter the words after them told', async () => {
  const heard = 'Psalm 46, 1 says God is our refuge and strength, a very present help in trouble. Jesus promised in John 7, 38 that out of his belly shall flow rivers of living water. The psalm has a refrain, in verse 7 and again in verse 11. The Lord of hosts is with us, the God of Jacob is our refuge. Say it when the mountains shake.';
  assert.deepEqual(await cited(heard), ['Ps.46.1:both', 'John.7.38:both', 'Ps.46.7:spoken', 'Ps.46.11:both']);
});

test('a refrain quoted with no place said ("Why art thou cast down, O my soul?", Psalm 42:5 and 42:11, and 43:5) is no verse; with the verse said, it is that one', async () => {
  // (as heard: "Why aren't thou…", the KJV's words and the WEB's "within me")
  assert.deepEqual(await cited("One of the psalms talks to itself in the night. Why aren't thou cast down, O my soul? And why aren't thou disquieted within me? Hope, how in God. That is preaching to your own soul."), []);
  assert.deepEqual(await cited('Psalm 42 talks to itself in the night. In verse 11 it says, why art thou cast down, O my soul? and why art thou disquieted within me? hope thou in God. That is preaching to your own soul.'), ['Ps.42:both', 'Ps.42.11:both']);
});

test('"Genesis 3.1" with a digit either side of the point is cited on its words: "thirty-one" cut in two is no verse of chapter 3', async () => {
  assert.deepEqual(await cited('The strangest night in the Old Testament is in Genesis 3.1, and it is the night Jacob fought with God and limped away blessed.'), []);
  assert.deepEqual(await cited('Paul says in Romans 5.8, God commendeth his love toward us, in that, while we were yet sinners, Christ died for us.'), ['Rom.5.8:both']);
  // Two digits on a side are as written.
  assert.deepEqual(osis('Jesus said in Matthew 6.34, take therefore no thought for the morrow.'), ['Matt.6.34']);
});

test('a carried book\'s chapter with its tens lost ("chapter 1, verse 13" for forty-one) is the chapter quoted before, when the words after are that verse', async () => {
  const heard = 'Isaiah wrote to exiles. Fear thou not; for I am with thee: be not dismayed; for I am thy God. Then a few lines on, in chapter 1, verse 13, he will hold thy right hand, saying fear not. That is a hand to hold.';
  const found = await cited(heard);
  assert.ok(found.includes('Isa.41.13:both'), found.join(' '));
  assert.ok(!found.some((c) => c.startsWith('Isa.1.13')), found.join(' '));
});

test('"Psalm 122" for "one twenty, two": the psalm\'s tens and a unit, when the verse before or after it is quoted right after', async () => {
  assert.deepEqual(await cited('The pilgrim songs begin with Psalm 122. In my distress I cried unto the Lord, and he heard me. And then he asks to be delivered from lying lips.'), ['Ps.120.2:both', 'Ps.120.1:quoted']);
  // Psalm 121 with its own words is Psalm 121.
  assert.deepEqual(await cited('Psalm 121 is for travellers. I will lift up mine eyes unto the hills, from whence cometh my help.'), ['Ps.121:both', 'Ps.121.1:quoted']);
});

test('"in verse 30" for thirteen, a verse the chapter also has: the sound-alike verse the words after it speak of', async () => {
  assert.deepEqual(await cited('Luke 15 tells of two sons and a father who ran. In verse 30 the younger one gathers everything, leaves home, and wastes his substance in riotous living. Then the famine comes.'), ['Luke.15:spoken', 'Luke.15.13:spoken']);
  // Words of the verse heard keep it.
  assert.deepEqual(await cited('Luke 15 tells of two sons and a father who ran. In verse 30 the older brother complains that the fatted calf was killed for this son who devoured his living with harlots.'), ['Luke.15:spoken', 'Luke.15.30:spoken']);
});

test('"in 12 and 30" before a quotation of verse 12: two verses joined by "and" are a pair, thirteen heard as thirty', async () => {
  assert.deepEqual(await cited('The younger son could not wait for his father to die. Jesus tells it in 12 and 30, Father, give me the portion of goods that falleth to me. And he divided unto them his living.'), ['Luke.15.12-Luke.15.13:quoted']);
});

// Met in 77 and 88 (session 23); each failed on cd407ea.
test('a pair said before a quotation, heard amiss: "free and for" (three and four), "30 and 30" (the unit lost), "80 and 90" (teens heard as tens)', async () => {
  assert.deepEqual(await cited('The prophet looked back on that night, in Hosea, free and for, and said that Jacob had power over the angel, and prevailed, he wept, and made supplication unto him.'), ['Hos.12.3-Hos.12.4:quoted']);
  assert.deepEqual(await cited('The story ends in 30 and 30, I have seen God face to face, and my life is preserved. And as the sun came up, he was limping.'), ['Gen.32.30-Gen.32.31:quoted']);
  assert.deepEqual(await cited('God says through his prophet, 80 and 90, remember ye not the former things, neither consider the things of old.'), ['Isa.43.18-Isa.43.19:quoted']);
  // (Words that sound like numbers but are not a pair say nothing: "for and to".)
  assert.deepEqual(await cited('We waited for and to the end, remember ye not the former things, neither consider the things of old.'), ['Isa.43.18:quoted']);
});

// Met in 149 (session 23's sealed set, opened in session 24); failed on ecf8a4b.
test('"Verse one in the old words reads, …": the same verse in another wording, cited when the words after are that verse', async () => {
  const passage = 'This morning we are in Romans chapter 5, verses 1 to 11. So, first, peace with God. ';
  assert.deepEqual(await cited(`${passage}First one in the Old Words reads, therefore be unjustified by faith, we have peace with God through a Lord Jesus Christ.`), ['Rom.5.1-Rom.5.11:both', 'Rom.5.1:both']);
  assert.deepEqual(await cited(`${passage}Verse 1 in the King James reads, therefore being justified by faith, we have peace with God.`), ['Rom.5.1-Rom.5.11:both', 'Rom.5.1:both']);
  // (With no quotation it is nothing of its own; "verse 2 in the hymn" is another text.)
  assert.deepEqual(await cited(`${passage}Verse one in the old words reads, Paul does not say we have peaceful feelings.`), ['Rom.5.1-Rom.5.11:spoken']);
  assert.deepEqual(await cited(`${passage}Verse 2 in the hymn says it, we have peace with God through our Lord.`), ['Rom.5.1-Rom.5.11:both']);
});

// Met in 151 (session 23's sealed set, opened in session 24); each failed on 840df09.
test('"in act 16": Acts with its s unheard, after "in", "from" or "at", a chapter Acts has; not "act 2 of the play"', async () => {
  assert.deepEqual(osis('We meet Timothy\'s family in act 16. His father was a Greek.'), ['Acts.16']);
  assert.deepEqual(osis('Paul stayed longer than anywhere else. In act 19, 10 we read that his teaching went on.'), ['Acts.19.10']);
  assert.deepEqual(osis('In act 2 of the play, the king returns.'), []);
  assert.deepEqual(osis('We meet the family in act 31. His father was a Greek.'), []);
});

test('"In verse it, …", "6 through it.": "eight" heard as "it" after "verse" or a number and "through", a pause after it', async () => {
  assert.deepEqual(osis('We are in 2 Timothy 1, verses 3 to 14. In verse it, Paul tells Timothy, be not ashamed.'), ['2Tim.1.3-2Tim.1.14', '2Tim.1.8']);
  assert.deepEqual(osis('Paul could face death calmly, and later, in 2 Timothy chapter 4, 6 through it. He writes, I have fought a good fight.'), ['2Tim.4.6-2Tim.4.8']);
  // (Not the pronoun: "the verse it quotes", "we came through it.")
  assert.deepEqual(osis('We are in 2 Timothy 1, verses 3 to 14. Look at the verse it quotes, and we came through it.'), ['2Tim.1.3-2Tim.1.14']);
});

test('"in 1 Timothy 3, nor in 1 Timothy 4, verse 14": "no" heard as "nor" takes the first place back, unless a "not" comes before it', async () => {
  assert.deepEqual(await citedPlaces('We are in 2 Timothy chapter 1, verses 3 to 14. Paul had already told him this once, in 1 Timothy 3, nor in 1 Timothy 4, verse 14, neglect not the gift. In verse 12, Paul says it. And then, in verse 14, God entrusted something to Timothy.'), ['2Tim.1.3-2Tim.1.14', '1Tim.4.14', '2Tim.1.12', '2Tim.1.14']);
  assert.deepEqual(await citedPlaces('He says it not in Romans 3, nor in Romans 4, but in Romans 5.'), ['Rom.3', 'Rom.4', 'Rom.5']);
});

// Met in 152 (session 23's sealed set, opened in session 24); each failed on baa31a7.
test('"and says, in 1st 12, the Lord is with thee": "verse" heard as "first", written as a digit, on the verse’s words', async () => {
  const story = 'We are in Judges 6. In verse 11, Gideon is threshing wheat. The angel appears, and says, Yes, in 1st 12, ';
  assert.deepEqual(await cited(`${story}the Lord is with thee, thou mighty man of valour.`), ['Judg.6:both', 'Judg.6.11:spoken', 'Judg.6.12:both']);
  assert.deepEqual(await cited(`${story}the weather was fine.`), ['Judg.6:spoken', 'Judg.6.11:spoken']);
});

test('"It is the promise Joshua 3, be strong and of a good courage": a chapter said with words of another chapter of its book, cited nowhere else, is the quotation', async () => {
  const quoted = 'be strong and of a good courage. Be not afraid, neither be thou dismayed: for the Lord thy God is with thee whithersoever thou goest.';
  assert.deepEqual(await cited(`He tells us who is going with us. It is the promised Joshua 3, ${quoted} Later, in verses 36 to 40, the fleece.`), ['Josh.1.9:quoted']);
  // (Cited again by name elsewhere, the chapter stands.)
  assert.deepEqual(await cited(`We begin in Joshua 3, ${quoted} Later the people cross the Jordan in Joshua 3.`), ['Josh.3:spoken', 'Josh.1.9:quoted', 'Josh.3:spoken']);
});

// Met in 156 (session 23's sealed set, opened in session 24); failed on bd86219.
test('"he is actually quoting some for, verse 4": a chapter heard as the word it sounds like, after a book’s name, then ", verse N"', async () => {
  const passage = 'We are in Ephesians 4, verses 25 to 32. Look at verses 26 and 27, Paul says, be angry and do not sin, he is actually quoting some for, verse 4, where the old version says, ';
  assert.deepEqual(await cited(`${passage}stand in awe, and sin not: commune with your own heart upon your bed.`), ['Eph.4.25-Eph.4.32:spoken', 'Eph.4.26-Eph.4.27:spoken', 'Ps.4.4:both']);
  // (Its words misheard, it is cited nowhere; its verse is not the chapter the sermon reads.)
  assert.deepEqual(await cited(`${passage}standing nor, and sin not.`), ['Eph.4.25-Eph.4.32:spoken', 'Eph.4.26-Eph.4.27:spoken']);
  // (Not "for" after a word that names no book: "wait for, verse 4 says".)
  assert.deepEqual(osis('We are in Ephesians 4. We wait for, verse 4 says, one hope.'), ['Eph.4', 'Eph.4.4']);
});

// Met in 113 (tuning); failed on 7641d75.
test('"in second kings for, verses 8 to 37": the name in lower case, its chapter heard as "for", cited on the passage’s words', async () => {
  const said = 'It is the story of a woman from a village called Shunem, in second kings for, verses 8 to 37, we never learned her name. ';
  assert.deepEqual(await cited(`${said}She said to her husband, Behold now, I perceive that this is an holy man of God, which passeth by us continually.`), ['2Kgs.4.8-2Kgs.4.37:both']);
  assert.deepEqual(await cited(`${said}We sat in the kitchen and talked about the weather.`), []);
});

// Met in 87 (tuning); failed on 9bd4606.
test('"Now, there\'s five seems to say the opposite, for every man shall bear his own burden": "verse" heard as "there\'s", on the verse’s words', async () => {
  const passage = 'A passage in Galatians chapter 6, verses 1 to 10, and I have three words for you from it. ';
  assert.deepEqual(await citedPlaces(`${passage}Now, there's five seems to say the opposite, for every man shall bear his own burden.`), ['Gal.6.1-Gal.6.10', 'Gal.6.5']);
  // (Without them it is "there is": "there's five reasons to stay".)
  assert.deepEqual(await citedPlaces(`${passage}Now, there's five reasons to stay in the church on a wet Tuesday.`), ['Gal.6.1-Gal.6.10']);
});
