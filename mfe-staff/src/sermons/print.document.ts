// Printed documents (spec 000 §2): titled with the sermon title plus ' - Outline', ' - Transcript'
// or the devotional day's subtitle, and stamped with the print date 'MMMM d, yyyy h:mm a'.
import { formatPrintDate } from './sermon.format.ts';
import type { Devotional, Outline } from './sermon.types.ts';
import type { Form } from './devotional.edit.ts';
import { PLACEHOLDERS } from './devotional.edit.ts';
import { escapeHtml } from './html.escape.ts';
import { mainPointBody } from './outline.edit.ts';
import { richBlocks } from './rich.text.ts';
import type { RichBlock } from './rich.text.ts';

export { escapeHtml };

export interface PrintDocument {
  title: string;
  printedAt: string;
  /** Body HTML; every user text in it is escaped. */
  body: string;
}

const paragraphs = (text: string) =>
  text
    .split(/\n{2,}|\n/)
    .filter((p) => p.trim() !== '')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join('');
const list = (items: readonly string[] | undefined) =>
  items && items.length > 0 ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
/** Outline HTML fields come from the server's generator: printed from their text blocks, never as markup. */
const blocksHtml = (blocks: readonly RichBlock[]) =>
  blocks
    .map((block) =>
      block.kind === 'paragraph'
        ? `<p>${escapeHtml(block.text)}</p>`
        : `<${block.ordered ? 'ol' : 'ul'}>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</${block.ordered ? 'ol' : 'ul'}>`,
    )
    .join('');

export function transcriptDocument(sermonTitle: string, text: string, now = new Date()): PrintDocument {
  return { title: `${sermonTitle} - Transcript`, printedAt: formatPrintDate(now), body: paragraphs(text) };
}

export function outlineDocument(sermonTitle: string, outline: Outline, now = new Date()): PrintDocument {
  const parts: string[] = [];
  parts.push(`<h2>Theme</h2><p>${escapeHtml(outline.theme || PLACEHOLDERS.theme)}</p>`);
  if (outline.mainPoints && outline.mainPoints.length > 0) {
    parts.push('<h2>Main Points</h2><ol>');
    for (const point of outline.mainPoints) {
      parts.push(`<li><strong>${escapeHtml(point.title)}</strong>`);
      if (point.scripture) parts.push(` <em>(${escapeHtml(point.scripture)})</em>`);
      parts.push(blocksHtml(mainPointBody(point)));
      parts.push('</li>');
    }
    parts.push('</ol>');
  } else if (outline.keyPoints && outline.keyPoints.length > 0) {
    parts.push(`<h2>Key Points</h2>${list(outline.keyPoints)}`);
  }
  if (outline.scriptures?.length) parts.push(`<h2>Scriptures</h2>${list(outline.scriptures)}`);
  if (outline.applications?.length) parts.push(`<h2>Applications</h2>${list(outline.applications)}`);
  else if (outline.application)
    parts.push(`<h2>Application</h2>${blocksHtml(richBlocks(outline.application))}`);
  if (outline.illustrations?.length) parts.push(`<h2>Illustrations</h2>${list(outline.illustrations)}`);
  if (outline.conclusion?.length) parts.push(`<h2>Conclusion</h2>${list(outline.conclusion)}`);
  return { title: `${sermonTitle} - Outline`, printedAt: formatPrintDate(now), body: parts.join('') };
}

export const FORM_LABELS: Record<Form, string> = { quick: 'Short Form', full: 'Long Form' };

/** 'Day 2: Walking in Faith (Short Form)'. */
export function daySubtitle(devotional: Pick<Devotional, 'dayNumber' | 'title'>, form: Form): string {
  return `Day ${devotional.dayNumber}: ${devotional.title} (${FORM_LABELS[form]})`;
}

export function devotionalDocument(
  sermonTitle: string,
  devotional: Devotional,
  form: Form,
  now = new Date(),
): PrintDocument {
  const passage = devotional.scripturePassage[form];
  const reflection = devotional.reflection[form];
  const parts = [
    `<p><strong>Theme:</strong> ${escapeHtml(devotional.theme || PLACEHOLDERS.theme)}</p>`,
    `<h2>Opening Prayer</h2><p>${escapeHtml(devotional.openingPrayer[form] || PLACEHOLDERS.openingPrayer)}</p>`,
    `<h2>Scripture</h2><p><strong>${escapeHtml(passage.reference || PLACEHOLDERS.reference)}</strong></p>`,
    passage.text ? `<blockquote>${escapeHtml(passage.text)}</blockquote>` : '',
    passage.context ? `<p>${escapeHtml(passage.context)}</p>` : '',
    '<h2>Reflection</h2>',
    list(reflection.observations),
    reflection.interpretation ? `<h3>Interpretation</h3><p>${escapeHtml(reflection.interpretation)}</p>` : '',
    reflection.application ? `<h3>Application</h3><p>${escapeHtml(reflection.application)}</p>` : '',
    reflection.keyTakeaway ? `<h3>Key Takeaway</h3><p>${escapeHtml(reflection.keyTakeaway)}</p>` : '',
    reflection.question ? `<h3>Question</h3><p>${escapeHtml(reflection.question)}</p>` : '',
    `<h2>Closing Prayer</h2><p>${escapeHtml(devotional.closingPrayer[form] || PLACEHOLDERS.closingPrayer)}</p>`,
  ];
  if (form === 'full' && devotional.additionalScripture?.length) {
    parts.push(
      `<h2>Additional Scripture</h2>${list(devotional.additionalScripture.map((s) => (s.note ? `${s.reference} — ${s.note}` : s.reference)))}`,
    );
  }
  return {
    title: `${sermonTitle} - ${daySubtitle(devotional, form)}`,
    printedAt: formatPrintDate(now),
    body: parts.join(''),
  };
}

export function printableHtml(doc: PrintDocument): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(doc.title)}</title>
<style>body{font-family:Georgia,serif;margin:2cm;color:#1b2433;line-height:1.5}h1{font-size:22pt;margin:0}
.printed{color:#5b6678;font-size:10pt;margin:0.3em 0 1.5em}h2{font-size:14pt;margin-top:1.4em}h3{font-size:12pt;margin:1em 0 0.3em}li>p{margin:0.25em 0}blockquote{margin:0.5em 1.5em;font-style:italic}</style>
</head><body><h1>${escapeHtml(doc.title)}</h1><p class="printed">Printed ${escapeHtml(doc.printedAt)}</p>${doc.body}</body></html>`;
}

/** Prints through a hidden frame, so no pop-up blocker interferes. */
export function printDocument(doc: PrintDocument): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  document.body.appendChild(frame);
  const win = frame.contentWindow;
  if (!win) return;
  win.document.open();
  win.document.write(printableHtml(doc));
  win.document.close();
  win.focus();
  win.print();
  setTimeout(() => frame.remove(), 1000);
}
