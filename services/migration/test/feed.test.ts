// Feed parsing (rss-parser): RSS 2.0 enclosures, Media RSS, iTunes durations, Atom enclosure links,
// the 1–260 cap, and pages that are not feeds — read from the local feed server over HTTP.
import assert from 'node:assert/strict';
import { describe, test, beforeAll, afterAll } from '@jest/globals';
import { startFeedServer, type FeedServer } from '@lectern/local-stack/feeds';
import { parseFeedVideos } from '../src/feed/feed.parser.ts';
import { clampVideoCount, FeedReader, FeedUnusableError } from '../src/feed/feed.reader.ts';
import { SafeFetcher } from '../src/feed/safe-fetch.ts';

let feeds: FeedServer;
let reader: FeedReader;
beforeAll(async () => {
  feeds = await startFeedServer();
  reader = new FeedReader({ fetcher: new SafeFetcher({ allowOrigins: [feeds.hostPort] }), maxBytes: 5 * 1024 * 1024, timeoutMs: 5_000 });
});
afterAll(async () => {
  await feeds.close();
});

describe('rss-parser', () => {
  test('an RSS 2.0 feed with enclosures, Media RSS and iTunes durations gives every video in order', async () => {
    const videos = await reader.read(feeds.rssUrl(12, { 2: '404' }), 50);
    assert.equal(videos.length, 12);
    assert.equal(videos[0]?.title, 'Sunday Sermon 1: The Shepherd');
    assert.equal(videos[0]?.mediaUrl, feeds.mediaUrl(1));
    assert.equal(videos[0]?.guid, 'sermon-1');
    assert.equal(videos[0]?.duration, 6);
    assert.equal(videos[0]?.publishedAt, '2025-11-30T00:00:00.000Z');
    assert.equal(videos[1]?.mediaUrl, `${feeds.origin}/broken/404.mp4`, 'the Media RSS item is read too');
  });

  test('an Atom feed with rel="enclosure" links', async () => {
    const videos = await reader.read(feeds.atomUrl(5), 50);
    assert.deepEqual(videos.map((v) => v.guid), ['urn:sermon:1', 'urn:sermon:2', 'urn:sermon:3', 'urn:sermon:4', 'urn:sermon:5']);
    assert.equal(videos[4]?.mediaUrl, feeds.mediaUrl(5));
  });

  test('a 300-item feed is capped at 260, and the count is clamped 1–260', async () => {
    const videos = await reader.read(feeds.rssUrl(300), 1000);
    assert.equal(videos.length, 260);
    assert.equal(videos[259]?.guid, 'sermon-260');
    assert.equal((await reader.read(feeds.rssUrl(300), 0)).length, 1);
    assert.equal(clampVideoCount(undefined), 50);
    assert.equal(clampVideoCount(7.8), 7);
  });

  test('a page that is not a feed, a 404 and a feed without media are refused with a message', async () => {
    await assert.rejects(reader.read(`${feeds.origin}/feeds/not-a-feed.html`, 10), (e: unknown) => e instanceof FeedUnusableError && /Failed to parse RSS feed/.test(e.message));
    await assert.rejects(reader.read(`${feeds.origin}/feeds/missing.xml`, 10), (e: unknown) => e instanceof FeedUnusableError && /404/.test(e.message));
    const noMedia = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>Text only</title></item></channel></rss>';
    assert.deepEqual(parseFeedVideos(noMedia, 'https://church.example/feed'), []);
  });

  test('relative media links resolve against the feed address; audio is accepted when there is no video', () => {
    const text = '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><item><title>A</title><enclosure url="/audio/a.mp3" type="audio/mpeg" length="1"/></item></channel></rss>';
    const [video] = parseFeedVideos(text, 'https://church.example/podcast/feed.xml');
    assert.equal(video?.mediaUrl, 'https://church.example/audio/a.mp3');
    assert.equal(video?.guid, 'https://church.example/audio/a.mp3');
  });

  test('an iTunes duration longer than the items table can hold is unknown (the migration would refuse it)', () => {
    const item = (duration: string) => `<item><title>${duration}</title><itunes:duration>${duration}</itunes:duration><enclosure url="/v/${duration}.mp4" type="video/mp4" length="1"/></item>`;
    const text = `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>t</title>${item('3600')}${item('999999999:00:00')}</channel></rss>`;
    assert.deepEqual(parseFeedVideos(text, 'https://church.example/feed').map((v) => v.duration), [3600, null]);
  });
});
