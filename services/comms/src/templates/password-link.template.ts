// "Reset your password" (the user asked) or "Set your password" (staff added them as a member).
import type { RenderedEmail } from './email.layout.ts';
import { renderEmail } from './email.layout.ts';
import { describeValidity } from './wording.ts';
import { safeLink } from './html.escape.ts';

export interface PasswordLinkEmailInput {
  productName: string;
  firstName: string | null;
  organizationName: string | null;
  purpose: 'reset' | 'set-password';
  linkUrl: string;
  issuedAt: Date;
  expiresAt: Date;
}

export function passwordLinkEmail(input: PasswordLinkEmailInput): RenderedEmail {
  const { productName } = input;
  const name = input.firstName?.trim();
  const organization = input.organizationName?.trim();
  const validity = `This link ${describeValidity(input.issuedAt, input.expiresAt)} and can be used once.`;
  if (input.purpose === 'set-password') {
    const where = organization ? `${organization} on ${productName}` : productName;
    return renderEmail({
      productName,
      subject: `Set your password for ${where}`,
      preheader: 'Choose a password to start reading your church’s sermons and devotionals.',
      greeting: name ? `Hi ${name},` : 'Hi,',
      intro: [`You have been added as a member of ${where}.`, 'Choose a password to sign in.'],
      action: { label: 'Set your password', url: safeLink(input.linkUrl) },
      outro: [validity, 'If you were not expecting this e-mail, you can safely ignore it.'],
    });
  }
  return renderEmail({
    productName,
    subject: `Reset your ${productName} password`,
    preheader: 'Choose a new password for your account.',
    greeting: name ? `Hi ${name},` : 'Hi,',
    intro: ['Someone (hopefully you) asked to reset the password of your account.', 'Choose a new password with the button below. Every device signed in to your account will be signed out.'],
    action: { label: 'Choose a new password', url: safeLink(input.linkUrl) },
    outro: [validity, 'If you did not ask for this, you can safely ignore this e-mail: your password stays the same.'],
  });
}
