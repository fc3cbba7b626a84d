// `npm start`'s sample church feed (FEED_SERVER_PORT, default 4190) for trying the RSS migration
// locally: the migration service may fetch it because the launcher lists it in
// FEED_FETCH_ALLOW_ORIGINS (loopback is refused otherwise).
import { startFeedServer } from './feed-server.ts';

const port = Number(process.env.FEED_SERVER_PORT ?? 4190);
const server = await startFeedServer({ port, seconds: Number(process.env.FEED_VIDEO_SECONDS ?? 6), stallMs: 60_000 });
console.log(`feeds: serving ${server.rssUrl(12, { 4: '404' })}`);
const stop = () => void server.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
