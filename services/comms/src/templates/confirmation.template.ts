// "Confirm your e-mail address": sent after a join signup and again when the user asks for a new link.
import type { RenderedEmail } from './email.layout.ts';
import { renderEmail } from './email.layout.ts';
import { describeValidity } from './wording.ts';
import { safeLink } from './html.escape.ts';

export interface ConfirmationEmailInput {
  productName: string;
  firstName: string | null;
  organizationName: string | null;
  confirmationUrl: string;
  /** when the event was created, to say how long the link is valid */
  issuedAt: Date;
  expiresAt: Date;
  /** false for the resend */
  firstTime: boolean;
}

export function confirmationEmail(input: ConfirmationEmailInput): RenderedEmail {
  const { productName } = input;
  const name = input.firstName?.trim();
  const joining = input.organizationName?.trim();
  const intro = input.firstTime
    ? [
        joining ? `Welcome to ${productName}! You are almost ready to join ${joining}.` : `Welcome to ${productName}!`,
        'Please confirm your e-mail address so we know this account is really yours.',
      ]
    : ['Here is a new link to confirm your e-mail address, as you asked.'];
  return renderEmail({
    productName,
    subject: `Confirm your e-mail address for ${productName}`,
    preheader: 'One click and your account is ready.',
    greeting: name ? `Hi ${name},` : 'Hi,',
    intro,
    action: { label: 'Confirm e-mail address', url: safeLink(input.confirmationUrl) },
    outro: [
      `This link ${describeValidity(input.issuedAt, input.expiresAt)} and can be used once.`,
      `If you did not sign up for ${productName}, you can safely ignore this e-mail.`,
    ],
  });
}
