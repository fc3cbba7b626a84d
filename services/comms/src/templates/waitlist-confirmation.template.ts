// "Confirm your spot on the waiting list": sent when an address joins from the landing page (or
// asks again while unconfirmed). The link opens /waitlist/confirm.
import type { RenderedEmail } from './email.layout.ts';
import { renderEmail } from './email.layout.ts';
import { describeValidity } from './wording.ts';
import { safeLink } from './html.escape.ts';

export interface WaitlistConfirmationEmailInput {
  productName: string;
  confirmUrl: string;
  issuedAt: Date;
  expiresAt: Date;
}

export function waitlistConfirmationEmail(input: WaitlistConfirmationEmailInput): RenderedEmail {
  const { productName } = input;
  return renderEmail({
    productName,
    subject: `Confirm your spot on the ${productName} waiting list`,
    preheader: 'One click and you are on the waiting list.',
    greeting: 'Hi,',
    intro: [
      `Thank you for your interest in ${productName}! You are almost on the waiting list.`,
      'Please confirm your e-mail address to finalise your spot. We will write to you as soon as a place opens for your church.',
    ],
    action: { label: 'Confirm my spot', url: safeLink(input.confirmUrl) },
    outro: [
      `This link ${describeValidity(input.issuedAt, input.expiresAt)}. If it has expired, enter your e-mail address on our home page again for a fresh one.`,
      `If you did not ask to join the ${productName} waiting list, you can safely ignore this e-mail.`,
    ],
  });
}
