// Church e-mail templates: staff edit the body (a small HTML subset with {{placeholders}}), the code
// owns the layout around it. Mustache is logic-less (no code runs); only the placeholders below are
// accepted and only in their escaped form, so a recipient's name can never inject markup. The body
// is sanitised when saved and the plain-text part is derived from the final HTML.
import { convert } from 'html-to-text';
import Mustache from 'mustache';
import sanitizeHtml from 'sanitize-html';
import type { Html } from './html.escape.ts';
import { html, trusted } from './html.escape.ts';
import type { RenderedEmail } from './email.layout.ts';

export const PLACEHOLDERS = ['name', 'firstName', 'email', 'organizationName'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Record<Placeholder, string>;

export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'blockquote', 'hr', 'span', 'div'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  // a link must be absolute: no relative or placeholder targets the click redirect could not check
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      return { tagName, attribs: /^(https?:\/\/|mailto:)/i.test(href) ? attribs : { ...attribs, href: '' } };
    },
  },
  disallowedTagsMode: 'discard',
};

/** The body as stored: disallowed markup removed; refuses placeholders other than PLACEHOLDERS. */
export function sanitizeTemplateBody(body: string): string {
  const clean = sanitizeHtml(body, SANITIZE).replace(/ href=""/g, '');
  checkPlaceholders(clean);
  return clean;
}

export function checkPlaceholders(text: string): void {
  let tokens: unknown[];
  try {
    tokens = Mustache.parse(text);
  } catch (error) {
    throw new TemplateError(`The template cannot be read: ${(error as Error).message}`);
  }
  for (const token of tokens as [string, string][]) {
    const [kind, name] = token;
    if (kind === 'text') continue;
    if (kind !== 'name') throw new TemplateError(`Only simple placeholders like {{name}} are allowed (found "${kind}${name}").`);
    if (!(PLACEHOLDERS as readonly string[]).includes(name)) {
      throw new TemplateError(`Unknown placeholder {{${name}}}. Use one of: ${PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}.`);
    }
  }
}

/** Absolute http(s) links of a body, in order, without repeats: the click redirect's allow-list. */
export function linksOf(body: string): string[] {
  const links: string[] = [];
  sanitizeHtml(body, {
    allowedTags: ['a'],
    allowedAttributes: { a: ['href'] },
    exclusiveFilter: (frame) => {
      const href = frame.attribs.href;
      if (frame.tag === 'a' && href && /^https?:\/\//i.test(href) && !links.includes(href)) links.push(href);
      return false;
    },
  });
  return links;
}

/** What the layout adds under the body: the sender's footer text and postal address (integration). */
export interface SenderFooter {
  organizationName: string;
  footer: string;
  address: string[];
}

export interface ChurchEmailInput {
  subject: string;
  body: string;
  values: TemplateValues;
  sender: SenderFooter;
  /** rewrites a link of the body for click tracking; identity when not tracked */
  trackLink?: (url: string) => string;
  /** URL of the open-tracking pixel */
  pixelUrl?: string;
}

const NO_ESCAPE = (value: string) => value;

/** A subject line for one recipient: placeholders filled, no HTML escaping, one line. */
export function renderSubject(subject: string, values: TemplateValues): string {
  return Mustache.render(subject, values, undefined, { escape: NO_ESCAPE }).replace(/[\r\n]+/g, ' ').trim();
}

/** The placeholder values for one recipient. */
export function recipientValues(recipient: { email: string; name: string | null }, organizationName: string): TemplateValues {
  const fullName = recipient.name?.trim() ?? '';
  return { name: fullName || recipient.email, firstName: fullName.split(/\s+/)[0] || 'friend', email: recipient.email, organizationName };
}

/** Subject, HTML (layout + body) and plain text for one recipient. */
export function renderChurchEmail(input: ChurchEmailInput): RenderedEmail {
  checkPlaceholders(input.body);
  checkPlaceholders(input.subject);
  const subject = renderSubject(input.subject, input.values);
  const bodyHtml = Mustache.render(input.body, input.values);
  const tracked = input.trackLink
    ? bodyHtml.replace(/(<a\b[^>]*?\bhref=")([^"]*)(")/gi, (_m, start: string, href: string, end: string) => {
        const url = decodeEntities(href);
        return /^https?:\/\//i.test(url) ? `${start}${escapeAttr(input.trackLink!(url))}${end}` : `${start}${href}${end}`;
      })
    : bodyHtml;
  const footerLines: Html[] = [
    ...(input.sender.footer ? [html`<p style="margin:0 0 8px;">${input.sender.footer}</p>`] : []),
    ...(input.sender.address.length ? [html`<p style="margin:0;">${input.sender.address.join(' · ')}</p>`] : []),
  ];
  const document = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${subject}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td style="font-size:16px;line-height:24px;color:#1f2937;">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#111827;">${input.sender.organizationName}</p>
${trusted(tracked)}
<div style="margin:32px 0 0;font-size:12px;line-height:18px;color:#6b7280;">${footerLines}</div>
</td></tr>
</table>
</td></tr>
</table>
${input.pixelUrl ? html`<img src="${input.pixelUrl}" width="1" height="1" alt="" style="display:block;border:0;width:1px;height:1px;">` : ''}
</body>
</html>
`;
  const textBody = convert(bodyHtml, { wordwrap: false, selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }] });
  const footerText = [input.sender.footer, input.sender.address.join(', ')].filter(Boolean).join('\n');
  const text = [input.sender.organizationName, '', textBody.trim(), '', ...(footerText ? ['--', footerText] : []), ''].join('\n');
  return { subject, html: document.value, text };
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

function escapeAttr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}
