// The member module's own refusals (the shared sermon messages stay in domain/sermon.errors.ts).
import { AppError, ErrorCode } from '@lectern/service-kit';

export const memberErrors = {
  /** `countsAfterSeconds`: when the claim would count (null: the recording was never fetched for this reader). */
  notWatched: (countsAfterSeconds: number | null) => new AppError(ErrorCode.CONFLICT, {
    detail: 'The recording has not been played long enough to count as watched. Play it through in the player first.',
    extensions: { reason: 'not_watched', countsAfterSeconds },
  }),
};
