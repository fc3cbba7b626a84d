// The comms service's church e-mail routes (SMTP integrations, templates, contacts, communications).
import { api } from '@lectern/shell-kit';
import type { ApiClient } from '@lectern/shell-kit';

export const COMMS_BASE = '/api/comms';

export interface SmtpIntegrationForm {
  title: string;
  fromName: string;
  fromEmail: string;
  smtpServer: string;
  smtpPort: number | string;
  smtpUser: string;
  /** never prefilled; empty on edit keeps the stored one */
  smtpPassword: string;
  smtpDomain: string;
  domain: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  smtpFooter: string;
  isDefault: boolean;
  sendgrid_event_webhook_public_key: string;
}

export interface SmtpIntegration extends Omit<SmtpIntegrationForm, 'smtpPassword' | 'smtpPort'> {
  id: string;
  provider: 'sendgrid';
  smtpPort: number;
  userId: string;
  webhookUrl: string;
  createdAt: string;
}

export interface EmailTemplate {
  id: string;
  name: string;
  type: string;
  subject: string;
  htmlBody: string;
  is_active: boolean;
  editable: boolean;
}

export interface Contact {
  id: string;
  name: string;
  email: string;
}

export interface Communication {
  id: string;
  subject: string;
  campaignName: string | null;
  recipientEmail: string;
  status: 'pending' | 'sent' | 'failed';
  error: string | null;
  sentAt: string | null;
  deliveredAt: string | null;
  bouncedAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  created_at: string;
}

export interface CommunicationStats {
  totalSent: number;
  delivered: number;
  openRate: number;
  clickRate: number;
  pending: number;
  failed: number;
}

export interface SendBody {
  templateId: string;
  contactIds: string[];
  recipients: { email: string; name?: string }[];
}

export function communicationsClient(client: ApiClient = api) {
  const path = (p: string) => `${COMMS_BASE}${p}`;
  return {
    integrations: () => client.get<{ integrations: SmtpIntegration[] }>(path('/smtp-integrations')),
    integration: (id: string) => client.get<{ integration: SmtpIntegration }>(path(`/smtp-integrations/${encodeURIComponent(id)}`)),
    addIntegration: (body: SmtpIntegrationForm) => client.post<{ integration: SmtpIntegration; message: string }>(path('/smtp-integrations'), body),
    updateIntegration: (id: string, body: SmtpIntegrationForm) => client.put<{ integration: SmtpIntegration; message: string }>(path(`/smtp-integrations/${encodeURIComponent(id)}`), body),
    deleteIntegration: (id: string) => client.delete<{ message: string }>(path(`/smtp-integrations/${encodeURIComponent(id)}`)),
    testIntegration: (body: SmtpIntegrationForm & { integrationId?: string; to?: string }) => client.post<{ message: string }>(path('/smtp-integrations/test'), body),
    templates: () => client.get<{ templates: EmailTemplate[] }>(path('/templates')),
    preview: (id: string) => client.get<{ subject: string; html: string; text: string }>(path(`/templates/${encodeURIComponent(id)}/preview`)),
    saveTemplate: (body: { name: string; subject: string; htmlBody: string }, id?: string) =>
      id ? client.put<{ template: EmailTemplate; message: string }>(path(`/templates/${encodeURIComponent(id)}`), body) : client.post<{ template: EmailTemplate; message: string }>(path('/templates'), body),
    contacts: () => client.get<{ contacts: Contact[] }>(path('/contacts')),
    addContact: (body: { name: string; email: string }) => client.post<{ contact: Contact; message: string }>(path('/contacts'), body),
    removeContact: (id: string) => client.delete<{ message: string }>(path(`/contacts/${encodeURIComponent(id)}`)),
    communications: () => client.get<{ communications: Communication[] }>(path('/communications')),
    stats: () => client.get<CommunicationStats>(path('/communications/stats')),
    send: (body: SendBody) => client.post<{ queued: number; suppressed: string[]; message: string }>(path('/communications/send'), body),
  };
}

export const communicationsApi = communicationsClient();
