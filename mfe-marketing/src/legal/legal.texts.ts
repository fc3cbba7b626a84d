// The three legal pages' text (spec 001 §2 Legal pages, §9 Terms): Lectern's own wording, holding
// the spec's terms — liability cap (greater of 2× the last 3 months of fees or USD 2,000), ages
// (18 to hold an account; the service is not directed to children under 13), retention (support
// and transaction data 7 years, analytics 2 years).
export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export const LAST_UPDATED = 'Last updated: July 29, 2025';

export const TERMS_OF_SERVICE: LegalSection[] = [
  { heading: '1. Who we are and what these terms cover', paragraphs: ['These Terms of Service govern your use of Lectern, a web platform that turns sermon recordings into transcripts, outlines, 5-day devotionals and small-group material for churches and similar organisations. By creating an account or using Lectern you agree to these terms on behalf of yourself and the organisation you represent.'] },
  { heading: '2. Accounts and eligibility', paragraphs: ['You must be at least 18 years old to create an account or to accept these terms for an organisation. You are responsible for the accuracy of the information you give us, for keeping your password confidential and for all activity under your account. Organisation administrators decide who joins their organisation and with which role.'] },
  { heading: '3. Subscriptions, billing and cancellation', paragraphs: ['Paid plans (Standard and Premium) are billed in advance, monthly or annually, through our payment processor Stripe. Prices are shown on the pricing page before you pay. A subscription renews automatically at the end of each period until it is cancelled; a cancellation takes effect at the end of the period already paid. Special offers, including one-time migration services, are billed as described on the offer page at the time of purchase.', 'If a payment fails we may retry it and, after notice, suspend access to paid features until the balance is paid.'] },
  { heading: '4. Your content', paragraphs: ['Your organisation keeps all rights in the recordings, texts and other material it uploads and in the material Lectern generates from them. You grant us a limited licence to host, process and display that content only to provide the service to you. You confirm that you have the rights needed to upload each recording.'] },
  { heading: '5. Acceptable use', paragraphs: ['You agree to follow our Acceptable Use Policy, which forms part of these terms.'] },
  { heading: '6. Availability and changes', paragraphs: ['We work to keep Lectern available and secure but do not promise uninterrupted service. We may change features; when a change materially reduces what a paid plan includes we will tell administrators in advance.'] },
  { heading: '7. Limitation of liability', paragraphs: ['To the extent permitted by law, our total liability arising out of or relating to Lectern in any twelve-month period is limited to the greater of (a) two times the fees your organisation paid us in the three months before the event giving rise to the claim, or (b) USD 2,000. We are not liable for indirect, incidental or consequential damages, or for loss of profits or data, except where such a limitation is not allowed by law.'] },
  { heading: '8. Termination', paragraphs: ['You may stop using Lectern at any time. We may suspend or close an account that breaches these terms. After closure we keep data only as our Privacy Policy describes.'] },
  { heading: '9. Contact', paragraphs: ['Questions about these terms: legal@lectern.app.'] },
];

export const PRIVACY_POLICY: LegalSection[] = [
  { heading: '1. What this policy covers', paragraphs: ['This Privacy Policy explains what personal data Lectern collects when churches, their staff and their members use the service, why, and for how long.'] },
  { heading: '2. Data we collect', paragraphs: ['Account data (name, e-mail address, phone number if given, role, organisation); content your organisation uploads (sermon recordings and the transcripts, outlines and devotionals made from them); usage data (pages viewed, reading progress, favourites); billing data (handled by Stripe — we store customer and subscription identifiers, never full card numbers); and support messages.'] },
  { heading: '3. Why we use it', paragraphs: ['To provide and secure the service, to send the e-mails you or your organisation ask for (confirmations, invitations, devotional reminders), to bill subscriptions, to answer support requests and to understand, in aggregate, how Lectern is used so we can improve it. We do not sell personal data.'] },
  { heading: '4. Children', paragraphs: ['Accounts are for people aged 18 and over. Lectern is not directed to children under 13 and we do not knowingly collect their personal data; if you believe a child under 13 has given us personal data, contact us and we will delete it.'] },
  { heading: '5. How long we keep data', paragraphs: ['Support records and transaction (billing) records are kept for 7 years, as tax and accounting rules require. Analytics data is kept for 2 years. Account data and content are kept while the account is active and deleted within 90 days after the organisation closes its account, except where the law requires longer.'] },
  { heading: '6. Processors and transfers', paragraphs: ['We use service providers for hosting, e-mail delivery and payments (Stripe) under contracts that require them to protect the data and use it only on our instructions.'] },
  { heading: '7. Your rights', paragraphs: ['You can access, correct, export or delete your personal data, and object to or restrict some processing, by contacting privacy@lectern.app or your organisation administrator.'] },
];

export const ACCEPTABLE_USE_POLICY: LegalSection[] = [
  { heading: '1. Purpose', paragraphs: ['This policy describes what you may not do with Lectern. It applies to every user and forms part of the Terms of Service.'] },
  { heading: '2. Content', paragraphs: ['Do not upload recordings or text that you do not have the right to share, that infringe others’ intellectual property, that are unlawful, or that harass, threaten or incite violence against any person or group.'] },
  { heading: '3. Security and the service', paragraphs: ['Do not try to gain access to accounts, organisations or data that are not yours; probe, scan or test the service’s vulnerabilities without our written permission; interfere with or overload the service; or use automated means to create accounts or extract data beyond what the product offers.'] },
  { heading: '4. E-mail', paragraphs: ['Send e-mail through Lectern only to people who have agreed to receive it from your organisation, honour unsubscribe requests, and do not use Lectern to send spam or misleading messages.'] },
  { heading: '5. Enforcement', paragraphs: ['We may remove content or suspend accounts that breach this policy, and report unlawful activity to the authorities. Report abuse to abuse@lectern.app.'] },
];
