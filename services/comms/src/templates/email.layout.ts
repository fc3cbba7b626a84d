// The frame every e-mail shares: a plain, single-column HTML body with inline styles (mail
// clients ignore <style> inconsistently) and the matching plain-text part.
import type { Html } from './html.escape.ts';
import { html } from './html.escape.ts';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface EmailContent {
  productName: string;
  subject: string;
  /** short line shown by inboxes next to the subject */
  preheader: string;
  greeting: string;
  /** paragraphs before the button */
  intro: string[];
  action: { label: string; url: string };
  /** paragraphs after the button */
  outro: string[];
}

export function renderEmail(content: EmailContent): RenderedEmail {
  const { productName, action } = content;
  const paragraph = (text: string): Html => html`<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937;">${text}</p>`;
  const body = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${content.subject}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${content.preheader}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#111827;">${productName}</p>
${paragraph(content.greeting)}
${content.intro.map(paragraph)}
<p style="margin:24px 0;"><a href="${action.url}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px;">${action.label}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:20px;color:#4b5563;">If the button does not work, copy this link into your browser:<br><a href="${action.url}" style="color:#4f46e5;word-break:break-all;">${action.url}</a></p>
${content.outro.map(paragraph)}
<p style="margin:24px 0 0;font-size:12px;line-height:18px;color:#6b7280;">You received this e-mail from ${productName}.</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  const text = [
    content.greeting,
    '',
    ...content.intro.flatMap((p) => [p, '']),
    `${action.label}: ${action.url}`,
    '',
    ...content.outro.flatMap((p) => [p, '']),
    `— ${productName}`,
    '',
  ].join('\n');
  return { subject: content.subject, text, html: body.value };
}
