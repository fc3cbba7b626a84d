// Response shapes of the comms routes (the JSON the services' *Json mappers write): Fastify
// serialises with them and the OpenAPI document (and its fuzz test) shows them.
import { Iso, Nullable } from '@lectern/service-kit';
import { Type } from 'typebox';

const Message = { message: Type.String() };

export const MessageSchema = Type.Object(Message);

/** An SMTP integration as settings shows it: never the password, only that one is stored. */
export const SmtpIntegrationSchema = Type.Object({
  id: Type.String(),
  provider: Type.Literal('sendgrid'),
  title: Type.String(),
  fromName: Type.String(),
  fromEmail: Type.String(),
  smtpServer: Type.String(),
  smtpPort: Type.Integer(),
  smtpUser: Type.String(),
  hasPassword: Type.Literal(true),
  smtpDomain: Type.String(),
  domain: Type.String(),
  address1: Type.String(),
  address2: Type.String(),
  city: Type.String(),
  state: Type.String(),
  zipCode: Type.String(),
  country: Type.String(),
  smtpFooter: Type.String(),
  isDefault: Type.Boolean(),
  sendgrid_event_webhook_public_key: Type.String(),
  userId: Type.String(),
  webhookUrl: Type.String(),
  createdAt: Iso,
  updatedAt: Iso,
});
export const SmtpIntegrationList = Type.Object({ integrations: Type.Array(SmtpIntegrationSchema) });
export const SmtpIntegrationAnswer = Type.Object({ integration: SmtpIntegrationSchema });
export const SmtpIntegrationSaved = Type.Object({ integration: SmtpIntegrationSchema, ...Message });

export const TemplateSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  type: Type.String(),
  subject: Type.String(),
  htmlBody: Type.String(),
  is_active: Type.Boolean(),
  editable: Type.Boolean({ description: "the organization's own (editable); false for the platform's" }),
});
export const TemplateList = Type.Object({ templates: Type.Array(TemplateSchema) });
export const TemplateSaved = Type.Object({ template: TemplateSchema, ...Message });
export const TemplatePreview = Type.Object({ template: TemplateSchema, subject: Type.String(), text: Type.String(), html: Type.String() });

export const ContactSchema = Type.Object({ id: Type.String(), name: Type.String(), email: Type.String() });
export const ContactList = Type.Object({ contacts: Type.Array(ContactSchema) });
export const ContactAdded = Type.Object({ contact: ContactSchema, ...Message });
export const ContactsReplaced = Type.Object({ contacts: Type.Array(ContactSchema), ...Message });

export const CommunicationSchema = Type.Object({
  id: Type.String(),
  subject: Type.String(),
  campaignName: Nullable(Type.String()),
  recipientEmail: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('failed')]),
  error: Nullable(Type.String()),
  sentAt: Nullable(Iso),
  deliveredAt: Nullable(Iso),
  bouncedAt: Nullable(Iso),
  openedAt: Nullable(Iso),
  clickedAt: Nullable(Iso),
  created_at: Iso,
});
export const CommunicationList = Type.Object({ communications: Type.Array(CommunicationSchema) });
export const CommunicationStatsSchema = Type.Object({
  totalSent: Type.Integer(),
  delivered: Type.Integer(),
  openRate: Type.Integer({ minimum: 0, maximum: 100 }),
  clickRate: Type.Integer({ minimum: 0, maximum: 100 }),
  pending: Type.Integer(),
  failed: Type.Integer(),
});
export const SendResultSchema = Type.Object({ campaignId: Type.String(), queued: Type.Integer(), suppressed: Type.Array(Type.String()), ...Message });

/** What the SendGrid webhook applied (refusals answer as problems). */
export const WebhookOutcomeSchema = Type.Object({ status: Type.Literal('applied'), applied: Type.Integer(), duplicates: Type.Integer(), ignored: Type.Integer() });
