// "You're invited": sent when an ADMIN or PASTOR invites someone to their organization.
import type { RenderedEmail } from './email.layout.ts';
import { renderEmail } from './email.layout.ts';
import { formatDate, roleLabel } from './wording.ts';
import { safeLink } from './html.escape.ts';

export interface InvitationEmailInput {
  productName: string;
  inviterName: string | null;
  organizationName: string | null;
  role: string;
  inviteUrl: string;
  expiresAt: Date;
}

export function invitationEmail(input: InvitationEmailInput): RenderedEmail {
  const { productName } = input;
  const inviter = input.inviterName?.trim();
  const organization = input.organizationName?.trim();
  const where = organization ? `${organization} on ${productName}` : productName;
  const role = roleLabel(input.role);
  return renderEmail({
    productName,
    subject: inviter ? `${inviter} invited you to join ${where}` : `You're invited to join ${where}`,
    preheader: `Accept the invitation to join ${organization ?? productName} as ${role}.`,
    greeting: 'Hi,',
    intro: [
      `${inviter ?? 'Someone'} has invited you to join ${where} as ${role}.`,
      'Accept the invitation to create your account. Your e-mail address and organization are already filled in.',
    ],
    action: { label: 'Accept invitation', url: safeLink(input.inviteUrl) },
    outro: [
      `This invitation expires on ${formatDate(input.expiresAt)}. After that, ask ${inviter ?? 'the person who invited you'} for a new one.`,
      'If you were not expecting this invitation, you can safely ignore this e-mail.',
    ],
  });
}
