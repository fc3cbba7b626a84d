// Where a sermon's recording plays from: a short-lived signed GET URL into sermons-raw (the
// store answers HTTP range requests, so the media element seeks without downloading), or the
// sermon's own media URL when it has one. The player asks again when a link expires.
import type { Bucket } from '@lectern/service-kit';
import type { FastifyInstance } from 'fastify';
import type { SermonsRow } from '../data/sermons.table.ts';
import { sermonErrors } from '../domain/sermon.errors.ts';
import type { SermonUseCases } from '../domain/sermon.use-cases.ts';
import { actorOf, requireSermonStaff } from '../routes/sermon.guards.ts';
import { PlaybackSchema, SermonIdParams } from '../routes/sermon.schemas.ts';

export const PLAYBACK_URL_SECONDS = 20 * 60;

export async function playbackOf(sermon: SermonsRow, bucket: Bucket) {
  if (sermon.temporary_media_path) {
    const [info, signed] = await Promise.all([bucket.stat(sermon.temporary_media_path), bucket.createDownloadUrl(sermon.temporary_media_path, { expiresIn: PLAYBACK_URL_SECONDS })]);
    return { url: signed.url, expiresAt: signed.expiresAt.toISOString(), contentType: info.contentType, duration: sermon.duration };
  }
  if (sermon.media_url) return { url: sermon.media_url, expiresAt: null, contentType: null, duration: sermon.duration };
  throw sermonErrors.noMedia();
}

/** The staff review page's player: staff roles of the sermon's organization, any status. */
export async function staffPlaybackRoutes(app: FastifyInstance, options: { sermons: SermonUseCases; raw: () => Promise<Bucket> }): Promise<void> {
  app.addHook('onRequest', requireSermonStaff);
  app.get<{ Params: { id: string } }>('/sermons/:id/media', {
    schema: { tags: ['sermons'], summary: 'Where the review page\'s player plays the recording from (a short-lived signed link)', params: SermonIdParams, response: { 200: PlaybackSchema } },
  }, async (request) => {
    return playbackOf(await options.sermons.queries.find(actorOf(request).orgId, request.params.id), await options.raw());
  });
}
