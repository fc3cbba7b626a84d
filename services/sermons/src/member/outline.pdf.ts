// The outline as a real PDF document (pdfkit: text layout, wrapping and page breaks), the same
// sections the member's Outline tab shows. HTML fields (details, scripture, application) are
// reduced to their text.
import PDFDocument from 'pdfkit';

type Outline = Record<string, unknown>;

function plain(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|div|h\d)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function strings(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((item) => (typeof item === 'string' ? plain(item) : item && typeof item === 'object' ? plain((item as Record<string, unknown>).reference ?? (item as Record<string, unknown>).text ?? '') : '')).filter((s) => s !== '');
}

export function outlinePdf(sermon: { title: string; speaker: string | null; recordedAt: string | null }, outline: Outline): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `${sermon.title} - Outline`, Author: sermon.speaker ?? '' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).fillColor('#1f2a44').text(text).moveDown(0.3).font('Helvetica').fontSize(11).fillColor('#222222');
  const list = (items: string[]) => items.forEach((item) => doc.text(`•  ${item}`, { indent: 8 }).moveDown(0.2));

  doc.font('Helvetica-Bold').fontSize(20).fillColor('#1f2a44').text(`${sermon.title} - Outline`);
  doc.font('Helvetica').fontSize(11).fillColor('#555555').text([sermon.speaker, sermon.recordedAt].filter(Boolean).join(' · '));

  const theme = plain(outline.theme);
  if (theme) {
    heading('Main Theme');
    doc.text(theme);
  }
  const mainPoints = Array.isArray(outline.mainPoints) ? (outline.mainPoints as Record<string, unknown>[]) : [];
  if (mainPoints.length > 0) {
    heading('Main Points');
    mainPoints.forEach((point, index) => {
      doc.font('Helvetica-Bold').text(`${index + 1}. ${plain(point.title)}`).font('Helvetica');
      for (const part of [plain(point.summary), plain(point.details)]) if (part) doc.text(part, { indent: 14 });
      const scripture = plain(point.scripture);
      if (scripture) doc.font('Helvetica-Oblique').text(scripture, { indent: 14 }).font('Helvetica');
      doc.moveDown(0.4);
    });
  } else if (strings(outline.keyPoints).length > 0) {
    heading('Key Points');
    list(strings(outline.keyPoints));
  }
  for (const [title, key] of [['Scripture References', 'scriptures']] as const) {
    if (strings(outline[key]).length > 0) {
      heading(title);
      list(strings(outline[key]));
    }
  }
  if (strings(outline.applications).length > 0) {
    heading('Applications');
    list(strings(outline.applications));
  } else if (plain(outline.application)) {
    heading('Application');
    doc.text(plain(outline.application));
  }
  if (strings(outline.illustrations).length > 0) {
    heading('Illustrations');
    list(strings(outline.illustrations));
  }
  const conclusion = Array.isArray(outline.conclusion) ? strings(outline.conclusion) : [plain(outline.conclusion)].filter(Boolean);
  if (conclusion.length > 0) {
    heading('Conclusion');
    conclusion.forEach((line) => doc.text(line).moveDown(0.2));
  }
  doc.end();
  return done;
}
