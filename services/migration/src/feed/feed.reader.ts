// rss-parser (spec 001 §7): the feed behind a URL, fetched safely, as at most `maxVideos` videos.
import type { FeedVideo } from './feed.parser.ts';
import { FeedFormatError, parseFeedVideos } from './feed.parser.ts';
import { FetchRefusedError, type SafeFetcher } from './safe-fetch.ts';

export const MIN_VIDEOS = 1;
export const MAX_VIDEOS = 260;
export const DEFAULT_VIDEOS = 50;

/** Spec 001 §5: the count is clamped to 1–260. */
export function clampVideoCount(value: number | undefined): number {
  if (value === undefined || !Number.isFinite(value)) return DEFAULT_VIDEOS;
  return Math.min(MAX_VIDEOS, Math.max(MIN_VIDEOS, Math.floor(value)));
}

/** A feed that cannot be used, with the message the page shows. */
export class FeedUnusableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedUnusableError';
  }
}

export interface FeedReaderOptions {
  fetcher: SafeFetcher;
  maxBytes: number;
  timeoutMs: number;
}

export class FeedReader {
  private readonly options: FeedReaderOptions;

  constructor(options: FeedReaderOptions) {
    this.options = options;
  }

  async read(rssUrl: string, maxVideos: number): Promise<FeedVideo[]> {
    let text: string;
    let finalUrl: string;
    try {
      const response = await this.options.fetcher.text(rssUrl, {
        timeoutMs: this.options.timeoutMs,
        maxBytes: this.options.maxBytes,
        headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.5' },
      });
      text = response.text;
      finalUrl = response.url;
    } catch (error) {
      if (error instanceof FetchRefusedError) throw new FeedUnusableError(`Failed to parse RSS feed: ${error.message}`);
      throw error;
    }
    let videos: FeedVideo[];
    try {
      videos = parseFeedVideos(text, finalUrl);
    } catch (error) {
      if (error instanceof FeedFormatError) throw new FeedUnusableError(`Failed to parse RSS feed: ${error.message}`);
      throw error;
    }
    if (videos.length === 0) throw new FeedUnusableError('Failed to parse RSS feed: it lists no video or audio recordings.');
    return videos.slice(0, clampVideoCount(maxVideos));
  }
}
