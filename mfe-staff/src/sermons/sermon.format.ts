// Display formats of the sermon screens (spec 000 §5, §9): sizes base 1024 with one decimal,
// 'MMM d, yyyy' dates, the print stamp 'MMMM d, yyyy h:mm a' and the transcript file name.
const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'] as const;

export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A date-only value ('2026-03-01') is a calendar day, not midnight UTC: read it as local. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = dateOnly
    ? new Date(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))
    : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'MMM d, yyyy', or 'No date'. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = value instanceof Date ? value : parseDate(value);
  if (!date) return 'No date';
  return `${MONTHS[date.getMonth()]!.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 'MMMM d, yyyy', or 'the next cycle' is the caller's business. */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** 'MMMM d, yyyy h:mm a', the date printed documents carry. */
export function formatPrintDate(date: Date): string {
  const hours = date.getHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatLongDate(date)} ${hour12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Title with every non-alphanumeric character an underscore, lower-cased, plus '_transcript.txt'. */
export function transcriptFileName(title: string): string {
  return `${title.replace(/[^a-zA-Z0-9]/g, '_').toLowerCase()}_transcript.txt`;
}

/** First word of the full name, or 'Admin'. */
export function welcomeName(fullName: string | null | undefined): string {
  const first = (fullName ?? '').trim().split(/\s+/)[0];
  return first ? first : 'Admin';
}
