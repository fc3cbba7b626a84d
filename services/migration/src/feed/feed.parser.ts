// A feed's text → the videos (and recordings) it offers, newest first as the feed lists them.
// RSS 2.0 enclosures, Media RSS (media:content, media:group), iTunes durations and Atom
// `rel="enclosure"` links, parsed by feedsmith (a maintained parser for every feed format).
import { parseFeed } from 'feedsmith';

export interface FeedVideo {
  title: string;
  /** ISO date when the feed gives a readable one. */
  publishedAt: string | null;
  mediaUrl: string;
  mediaType: string | null;
  /** Seconds, when the feed says. */
  duration: number | null;
  /** The item's GUID (RSS) or id (Atom); the media URL when the feed gives none. */
  guid: string;
}

export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

interface MediaLike { url?: string; type?: string; medium?: string; duration?: number; length?: number }

const MEDIA_TYPE = /^(video|audio)\//i;
const MEDIA_EXTENSION = /\.(mp4|m4v|mov|webm|mkv|mp3|m4a|aac|wav|ogg|oga|opus|flac)(\?|#|$)/i;

function isMedia(candidate: MediaLike): boolean {
  if (!candidate.url) return false;
  if (candidate.type) return MEDIA_TYPE.test(candidate.type);
  if (candidate.medium) return candidate.medium === 'video' || candidate.medium === 'audio';
  return MEDIA_EXTENSION.test(candidate.url);
}

/** Video before audio, the first of each kind as listed. */
function pickMedia(candidates: MediaLike[]): MediaLike | undefined {
  const media = candidates.filter(isMedia);
  return media.find((m) => /^video\//i.test(m.type ?? '') || m.medium === 'video') ?? media[0];
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (value && typeof value === 'object' && 'value' in value && typeof (value as { value: unknown }).value === 'string') {
    return (value as { value: string }).value.trim();
  }
  return '';
}

function isoDate(value: unknown): string | null {
  const text = textOf(value);
  if (!text) return null;
  const time = Date.parse(text);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The longest duration a video can have in migration_items (a 32-bit integer column); past it, unknown. */
export const MAX_DURATION_SECONDS = 2_147_483_647;

function seconds(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 && value <= MAX_DURATION_SECONDS ? Math.round(value) : null;
}

/** Absolute http(s) URL of a media link (relative links resolve against the feed's address). */
function absolute(url: string, base: string): string | null {
  try {
    const resolved = new URL(url, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.toString() : null;
  } catch {
    return null;
  }
}

type AnyItem = Record<string, unknown> & {
  media?: { contents?: MediaLike[]; groups?: { contents?: MediaLike[] }[] };
  itunes?: { duration?: number };
};

function mediaCandidates(item: AnyItem): MediaLike[] {
  const list: MediaLike[] = [];
  for (const enclosure of (item.enclosures as MediaLike[] | undefined) ?? []) list.push(enclosure);
  for (const content of item.media?.contents ?? []) list.push(content);
  for (const group of item.media?.groups ?? []) for (const content of group.contents ?? []) list.push(content);
  for (const link of (item.links as { href?: string; rel?: string; type?: string; length?: number }[] | undefined) ?? []) {
    if (link.rel === 'enclosure' && link.href) list.push({ url: link.href, ...(link.type ? { type: link.type } : {}) });
  }
  return list;
}

/** Parses RSS 2.0 / Atom (with iTunes and Media RSS); throws FeedFormatError on anything else. */
export function parseFeedVideos(text: string, feedUrl: string): FeedVideo[] {
  let parsed: ReturnType<typeof parseFeed>;
  try {
    parsed = parseFeed(text);
  } catch {
    throw new FeedFormatError('The address does not serve an RSS or Atom feed.');
  }
  const items = (parsed.format === 'atom' ? parsed.feed.entries : parsed.format === 'rss' || parsed.format === 'rdf' ? parsed.feed.items : undefined) as AnyItem[] | undefined;
  if (parsed.format === 'json') throw new FeedFormatError('JSON feeds are not supported; use the RSS or Atom feed.');
  const videos: FeedVideo[] = [];
  for (const item of items ?? []) {
    const media = pickMedia(mediaCandidates(item));
    const mediaUrl = media?.url ? absolute(media.url, feedUrl) : null;
    if (!media || !mediaUrl) continue;
    const guid = textOf((item.guid as { value?: string } | undefined)?.value) || textOf(item.id) || mediaUrl;
    videos.push({
      title: textOf(item.title) || 'Untitled sermon',
      publishedAt: isoDate(item.pubDate) ?? isoDate(item.published) ?? isoDate(item.updated),
      mediaUrl,
      mediaType: media.type ?? null,
      duration: seconds(item.itunes?.duration) ?? seconds(media.duration),
      guid,
    });
  }
  return videos;
}
