// Console output of the launcher: one prefixed line per event, colours only on a TTY.

const tty = process.stdout.isTTY === true && !process.env.NO_COLOR;
const colours = [36, 35, 33, 32, 34, 91, 96, 95, 93];
const assigned = new Map<string, number>();

function paint(code: number, text: string): string {
  return tty ? `\u001b[${code}m${text}\u001b[0m` : text;
}

export const bold = (text: string): string => paint(1, text);
export const dim = (text: string): string => paint(2, text);
export const red = (text: string): string => paint(31, text);
export const green = (text: string): string => paint(32, text);

export function say(source: string, line: string): void {
  if (!assigned.has(source)) assigned.set(source, colours[assigned.size % colours.length] as number);
  const prefix = paint(assigned.get(source) as number, source.padEnd(9).slice(0, 9));
  process.stdout.write(`${prefix} │ ${line}\n`);
}

const notable = /\b(error|fatal|warn(ing)?|listening|serving|ready)\b/i;

/**
 * A compact form of a log line for the console (the log file keeps everything): pino JSON at warn
 * and above, start-up lines, and plain lines that mention an error or readiness. A process that
 * dies is reported separately with the tail of its log.
 */
export function summarise(line: string): string | undefined {
  const trimmed = line.trim();
  if (!trimmed) return undefined;
  if (!trimmed.startsWith('{')) return notable.test(trimmed) && !/^(at |\(Use `node --trace-)/.test(trimmed) ? trimmed : undefined;
  try {
    const entry = JSON.parse(trimmed) as { level?: number | string; msg?: string; err?: { message?: string } };
    const level = typeof entry.level === 'number' ? entry.level : { warn: 40, error: 50, fatal: 60 }[String(entry.level)] ?? 30;
    const message = entry.msg ?? '';
    if (level >= 50) return red(`${message}${entry.err?.message ? `: ${entry.err.message}` : ''}`);
    if (level >= 40) return `warning: ${message}`;
    if (/listening|started|ready/i.test(message)) return message;
    return undefined;
  } catch {
    return trimmed;
  }
}
