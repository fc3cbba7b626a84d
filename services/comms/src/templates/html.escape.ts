// HTML built with the `html` tag escapes every interpolated value unless it is already Html
// (another `html` result or `trusted(...)`), so names and links from events cannot inject markup.
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

type Part = Html | string | number | null | undefined | readonly Part[];

function render(part: Part): string {
  if (part === null || part === undefined) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new Html(out);
}

/** Only for markup this codebase wrote itself. */
export function trusted(markup: string): Html {
  return new Html(markup);
}

/** Links in e-mails must be absolute http(s) URLs; anything else (javascript:, data:) is refused. */
export function safeLink(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error(`refusing a ${parsed.protocol} link in an e-mail`);
  return parsed.toString();
}
