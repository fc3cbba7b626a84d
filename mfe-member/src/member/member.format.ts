// Display rules of the member area (spec 001 §2, §9).

/** Seconds → '1h 5m', '42m', '< 1m'; '' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds <= 0) return '';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return '< 1m';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** Completed items among outline, devotional and video, over 3, rounded. */
export function progressPercent(flags: { outlineRead: boolean; devotionalCompleted: boolean; videoCompleted: boolean }): number {
  return Math.round(((Number(flags.outlineRead) + Number(flags.devotionalCompleted) + Number(flags.videoCompleted)) / 3) * 100);
}

/** 'Series: Title' → 'Series'; otherwise 'General'. */
export function seriesOf(title: string): string {
  const match = /^([^:]+):\s*\S/.exec(title);
  return match ? (match[1] as string).trim() : 'General';
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00`) : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
}

/** Text of a generated HTML fragment (paragraphs kept apart); never injected as markup. */
export function paragraphs(html: string | null | undefined): string[] {
  if (!html) return [];
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|div|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The video counts as watched once this share of it has played. */
export const VIDEO_COMPLETED_SHARE = 0.9;
