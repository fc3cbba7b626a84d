// Spec 001 §4, §5, §9: the counts, estimate, progress and titles the migration page shows.
import type { MigrationStatus } from '../console.api.ts';

export const MIN_VIDEOS = 1;
export const MAX_VIDEOS = 260;
export const DEFAULT_VIDEOS = 50;
export const MINUTES_PER_VIDEO = 5;

export const clampCount = (value: number): number => (Number.isFinite(value) ? Math.min(MAX_VIDEOS, Math.max(MIN_VIDEOS, Math.floor(value))) : DEFAULT_VIDEOS);

/** Videos the run will process: the smaller of what the feed has and what was chosen. */
export const videosToProcess = (feedCount: number, chosen: number): number => Math.min(feedCount, clampCount(chosen));

/** 5 minutes a video, rounded up to whole minutes, shown in hours and minutes. */
export function estimatedTime(videos: number): string {
  const minutes = Math.ceil(videos * MINUTES_PER_VIDEO);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${minutes} minutes`;
  return rest === 0 ? `${hours} hour${hours === 1 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'} ${rest} minutes`;
}

export const progressPercent = (processed: number, total: number): number =>
  total <= 0 ? 0 : Math.min(100, Math.max(0, Math.round((processed / total) * 100)));

export const parsedMessage = (count: number): string => `Successfully parsed RSS feed with ${count} video${count === 1 ? '' : 's'}`;

export type ActionState = 'idle' | 'pending' | 'success' | 'error';

export function processingTitle(status: MigrationStatus | null, stop: ActionState, clear: ActionState): string {
  if (clear === 'pending') return 'Clearing Pending Sermons…';
  if (clear === 'success') return 'Pending Sermons Cleared';
  if (stop === 'pending') return 'Stopping Migration…';
  if (status === 'cancelled') return 'Migration Stopped';
  if (status === 'completed') return 'Migration Completed';
  if (status === 'failed') return 'Migration Failed';
  return 'Migration In Progress';
}

export const statusBadge = (status: MigrationStatus | null): string => (status ? status.toUpperCase() : 'IDLE');

export function showsSpinner(status: MigrationStatus | null, stop: ActionState, clear: ActionState): boolean {
  if (stop === 'pending' || clear === 'pending') return true;
  return (status === 'processing' || status === 'pending') && stop !== 'success' && clear !== 'success';
}
