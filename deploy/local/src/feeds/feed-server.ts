// A church's feed, served locally for the tests, the benchmark and `npm start`: real RSS 2.0
// (iTunes + Media RSS) and Atom documents whose items point at real short videos (espeak-ng speech
// over an ffmpeg colour frame) served with HTTP Range, plus broken items: a 404, a page that is
// not media, an oversized file, a server that stalls, and a redirect to the cloud metadata address.
//
//   GET /feeds/rss.xml?count=12&broken=404@2    RSS 2.0 (iTunes, Media RSS)
//   GET /feeds/atom.xml?count=12                Atom with rel="enclosure" links
//   GET /media/<n>.mp4                           video n (1-based), Range supported
//   GET /broken/<kind>.mp4                       404 | wrong-type | oversized | slow | private-redirect
//                                                | not-media (labelled video/mp4, not a video: the
//                                                  pipeline's media check refuses it)
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const BROKEN_KINDS = ['404', 'wrong-type', 'oversized', 'slow', 'private-redirect', 'not-media'] as const;
export type BrokenKind = (typeof BROKEN_KINDS)[number];

/** Short sermon passages, one per distinct video (videos beyond these repeat them with their own URL). */
const PASSAGES = [
  'Good morning church. Today we read Psalm twenty three. The Lord is my shepherd, I shall not want. God leads us beside still waters and restores our soul.',
  'Welcome everyone. Our text this morning is John chapter three verse sixteen. For God so loved the world that he gave his only Son. Love is the heart of the gospel.',
  'Let us open to Romans chapter five. Suffering produces endurance, and endurance produces character, and character produces hope. Hope does not put us to shame.',
  'Brothers and sisters, Matthew chapter five teaches the beatitudes. Blessed are the peacemakers, for they shall be called children of God. Let us be makers of peace.',
];

export interface FeedServerOptions {
  port?: number;
  host?: string;
  /** Where the made videos are kept between runs. */
  cacheDir?: string;
  /** Distinct videos to make (each about `seconds` long). */
  distinct?: number;
  /** Approximate length of each video in seconds (the passage is repeated to fill it). */
  seconds?: number;
  /** How long /broken/slow.mp4 stalls before it gives up (ms). */
  stallMs?: number;
}

export interface FeedServer {
  origin: string;
  /** `host:port`, for FEED_FETCH_ALLOW_ORIGINS. */
  hostPort: string;
  /** `trickleMs`: media sent in 8 KiB pieces this far apart (a download long enough to interrupt). */
  rssUrl(count: number, broken?: Partial<Record<number, BrokenKind>>, options?: { trickleMs?: number }): string;
  atomUrl(count: number): string;
  mediaUrl(n: number): string;
  /** Bytes of video n (to check a stored copy). */
  mediaBytes(n: number): Buffer;
  /** Requests seen per path, with their Range header (to check resumed downloads). */
  requests: { path: string; range: string | undefined }[];
  close(): Promise<void>;
}

async function makeVideo(file: string, text: string, seconds: number): Promise<void> {
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return;
  const dir = path.dirname(file);
  const textFile = `${file}.txt`;
  const wav = `${file}.wav`;
  // espeak-ng at 150 words a minute says about 2.5 words a second.
  const words = text.split(/\s+/).length;
  const repeats = Math.max(1, Math.round((seconds * 2.5) / words));
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(textFile, Array.from({ length: repeats }, () => text).join(' '));
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-f', textFile, '-w', wav]);
  const tmp = `${file}.tmp.mp4`;
  await run('ffmpeg', [
    '-nostdin', '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'color=c=navy:s=160x120:r=5',
    '-i', wav,
    '-map', '0:v', '-map', '1:a', '-shortest',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '48k',
    '-movflags', '+faststart',
    tmp,
  ]);
  fs.renameSync(tmp, file);
  fs.rmSync(textFile, { force: true });
  fs.rmSync(wav, { force: true });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function parseBroken(value: string | null): Map<number, BrokenKind> {
  const map = new Map<number, BrokenKind>();
  for (const entry of (value ?? '').split(',').filter(Boolean)) {
    const [kind, at] = entry.split('@');
    if ((BROKEN_KINDS as readonly string[]).includes(kind ?? '') && Number(at) > 0) map.set(Number(at), kind as BrokenKind);
  }
  return map;
}

export async function startFeedServer(options: FeedServerOptions = {}): Promise<FeedServer> {
  const distinct = Math.min(options.distinct ?? PASSAGES.length, PASSAGES.length);
  const seconds = options.seconds ?? 6;
  const cacheDir = options.cacheDir ?? path.join(os.homedir(), '.cache', 'lectern', 'feed-media', `${seconds}s`);
  const files: string[] = [];
  for (let i = 0; i < distinct; i += 1) {
    const file = path.join(cacheDir, `sermon-${i + 1}.mp4`);
    await makeVideo(file, PASSAGES[i] as string, seconds);
    files.push(file);
  }
  const bytes = files.map((file) => fs.readFileSync(file));
  const requests: FeedServer['requests'] = [];
  const stallMs = options.stallMs ?? 120_000;
  const open = new Set<http.ServerResponse>();

  const titleOf = (n: number) => `Sunday Sermon ${n}: ${['The Shepherd', 'God So Loved', 'Hope in Suffering', 'The Peacemakers'][(n - 1) % 4]}`;
  const dateOf = (n: number) => new Date(Date.UTC(2025, 10, 30) - (n - 1) * 7 * 86_400_000);
  let origin = '';

  function itemUrl(n: number, broken: Map<number, BrokenKind>, trickle: number): string {
    const kind = broken.get(n);
    return kind ? `${origin}/broken/${kind}.mp4` : `${origin}/media/${n}.mp4${trickle > 0 ? `?trickle=${trickle}` : ''}`;
  }

  function rss(count: number, broken: Map<number, BrokenKind>, trickle: number): string {
    const items = Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      const media = bytes[(n - 1) % bytes.length] as Buffer;
      const url = escapeXml(itemUrl(n, broken, trickle));
      // Alternate RSS 2.0 enclosures and Media RSS content, as real church feeds mix them.
      const mediaTag = n % 2 === 1
        ? `<enclosure url="${url}" length="${media.length}" type="video/mp4"/>`
        : `<media:content url="${url}" type="video/mp4" medium="video" duration="${seconds}"/>`;
      return `<item><title>${escapeXml(titleOf(n))}</title><guid isPermaLink="false">sermon-${n}</guid><pubDate>${dateOf(n).toUTCString()}</pubDate>${mediaTag}<itunes:duration>${seconds}</itunes:duration></item>`;
    }).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Grace Church Sermons</title><link>${origin}/</link><description>Weekly sermons</description><itunes:author>Grace Church</itunes:author>
${items}
</channel></rss>`;
  }

  function atom(count: number): string {
    const entries = Array.from({ length: count }, (_, i) => {
      const n = i + 1;
      return `<entry><title>${escapeXml(titleOf(n))}</title><id>urn:sermon:${n}</id><updated>${dateOf(n).toISOString()}</updated><published>${dateOf(n).toISOString()}</published><link rel="enclosure" type="video/mp4" href="${escapeXml(`${origin}/media/${n}.mp4`)}"/></entry>`;
    }).join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Grace Church Sermons</title><id>urn:grace</id><updated>${dateOf(1).toISOString()}</updated>
${entries}
</feed>`;
  }

  /** Sends `body` whole, or in 8 KiB pieces `trickleMs` apart. */
  function send(res: http.ServerResponse, body: Buffer, trickleMs: number): void {
    if (trickleMs <= 0) {
      res.end(body);
      return;
    }
    open.add(res);
    let offset = 0;
    const next = () => {
      if (res.destroyed) return;
      const piece = body.subarray(offset, offset + 8192);
      offset += piece.length;
      if (offset >= body.length) {
        res.end(piece);
        open.delete(res);
        return;
      }
      res.write(piece);
      setTimeout(next, trickleMs).unref();
    };
    next();
  }

  function sendMedia(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer, trickleMs: number): void {
    const range = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
    if (range) {
      const start = Number(range[1]);
      const end = range[2] ? Math.min(Number(range[2]), body.length - 1) : body.length - 1;
      if (start >= body.length) {
        res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end();
        return;
      }
      res.writeHead(206, { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${body.length}`, 'content-length': end - start + 1 });
      send(res, body.subarray(start, end + 1), trickleMs);
      return;
    }
    res.writeHead(200, { 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'content-length': body.length });
    send(res, body, trickleMs);
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://feeds.local');
    requests.push({ path: url.pathname, range: req.headers.range });
    const count = Math.max(0, Math.min(2000, Number(url.searchParams.get('count') ?? 12)));
    if (url.pathname === '/feeds/rss.xml') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(count, parseBroken(url.searchParams.get('broken')), Number(url.searchParams.get('trickle') ?? 0)));
      return;
    }
    if (url.pathname === '/feeds/atom.xml') {
      res.writeHead(200, { 'content-type': 'application/atom+xml; charset=utf-8' }).end(atom(count));
      return;
    }
    if (url.pathname === '/feeds/not-a-feed.html') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Our sermons page</body></html>');
      return;
    }
    const media = /^\/media\/(\d+)\.mp4$/.exec(url.pathname);
    if (media) {
      sendMedia(req, res, bytes[(Number(media[1]) - 1) % bytes.length] as Buffer, Math.min(5000, Number(url.searchParams.get('trickle') ?? 0)));
      return;
    }
    switch (url.pathname) {
      case '/broken/404.mp4':
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      case '/broken/wrong-type.mp4':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>This video has moved.</body></html>');
        return;
      case '/broken/oversized.mp4':
        // Declares 3 GB and sends a little: the download must refuse it from the header.
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(3 * 1024 ** 3) });
        res.write(Buffer.alloc(1024));
        open.add(res);
        setTimeout(() => res.destroy(), 2000).unref();
        return;
      case '/broken/slow.mp4':
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': '10000000' });
        res.write(Buffer.alloc(512));
        open.add(res);
        setTimeout(() => res.destroy(), stallMs).unref();
        return;
      case '/broken/not-media.mp4': {
        const junk = Buffer.from('This is not a video, only text that claims to be one. '.repeat(200));
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': junk.length }).end(junk);
        return;
      }
      case '/broken/private-redirect.mp4':
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  const host = options.host ?? '127.0.0.1';
  origin = `http://${host}:${address.port}`;
  return {
    origin,
    hostPort: `${host}:${address.port}`,
    rssUrl: (count, broken = {}, rssOptions = {}) => {
      const spec = Object.entries(broken).map(([at, kind]) => `${kind}@${at}`).join(',');
      return `${origin}/feeds/rss.xml?count=${count}${spec ? `&broken=${spec}` : ''}${rssOptions.trickleMs ? `&trickle=${rssOptions.trickleMs}` : ''}`;
    },
    atomUrl: (count) => `${origin}/feeds/atom.xml?count=${count}`,
    mediaUrl: (n) => `${origin}/media/${n}.mp4`,
    mediaBytes: (n) => bytes[(n - 1) % bytes.length] as Buffer,
    requests,
    close: async () => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
