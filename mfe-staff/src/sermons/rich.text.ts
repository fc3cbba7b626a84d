// The outline's HTML fields (main point details, application) come from the generator. They are
// never injected as markup: this reads the few structures they use (paragraphs, lists) into plain
// text blocks that the page and the print document render themselves.
export type RichBlock =
  { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
    const known = ENTITIES[name.toLowerCase()];
    if (known !== undefined) return known;
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return whole;
  });
}

/** Text of an HTML fragment: tags dropped, entities decoded, white space collapsed. */
export function plainText(html: string): string {
  return decodeEntities(html.replace(/<br\s*\/?>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Paragraphs and lists of an HTML fragment, in order; loose text between them is a paragraph. */
export function richBlocks(html: string | null | undefined): RichBlock[] {
  if (!html) return [];
  const blocks: RichBlock[] = [];
  const pushParagraph = (fragment: string) => {
    for (const part of fragment.split(/<br\s*\/?>\s*<br\s*\/?>/i)) {
      const text = plainText(part);
      if (text) blocks.push({ kind: 'paragraph', text });
    }
  };
  const listPattern = /<(ul|ol)\b[^>]*>([\s\S]*?)<\/\1\s*>/gi;
  let cursor = 0;
  for (let match = listPattern.exec(html); match; match = listPattern.exec(html)) {
    pushParagraphs(html.slice(cursor, match.index), pushParagraph);
    const items = [...match[2]!.matchAll(/<li\b[^>]*>([\s\S]*?)(?=<li\b|$)/gi)]
      .map((m) => plainText(m[1]!))
      .filter((t) => t !== '');
    if (items.length > 0) blocks.push({ kind: 'list', ordered: match[1]!.toLowerCase() === 'ol', items });
    cursor = match.index + match[0].length;
  }
  pushParagraphs(html.slice(cursor), pushParagraph);
  return blocks;
}

function pushParagraphs(fragment: string, push: (text: string) => void): void {
  // Block boundaries: <p>, </p>, headings and <div>s each end the text before them.
  for (const part of fragment.split(/<\/?(?:p|div|h[1-6]|blockquote)\b[^>]*>/i)) push(part);
}
