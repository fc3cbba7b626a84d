// The company-domain staff routes (spec: /communications and the settings' Email Integrations are
// for ADMIN/PASTOR/STAFF whose verified e-mail is on the company domain): one guard for the prefix,
// every query scoped to the caller's organization.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, authenticate, ErrorCode, requireCompanyDomainStaff } from '@lectern/service-kit';
import type { CampaignService } from '../campaigns/campaign.service.ts';
import { MAX_RECIPIENTS } from '../campaigns/campaign.service.ts';
import type { ContactService } from '../contacts/contact.service.ts';
import { MAX_CONTACTS, parseContact } from '../contacts/contact.service.ts';
import type { SmtpIntegrationService } from '../integrations/smtp-integration.service.ts';
import { parseIntegrationInput, UUID } from '../integrations/smtp-integration.service.ts';
import type { TemplateService } from '../templates/template.service.ts';
import { parseTemplateInput, templateJson } from '../templates/template.service.ts';
import {
  CommunicationList, CommunicationStatsSchema, ContactAdded, ContactList, ContactsReplaced, MessageSchema, SendResultSchema, SmtpIntegrationAnswer, SmtpIntegrationList, SmtpIntegrationSaved,
  TemplateList, TemplatePreview, TemplateSaved,
} from './church-email.schemas.ts';

export interface ChurchEmailRoutesOptions {
  integrations: SmtpIntegrationService;
  templates: TemplateService;
  contacts: ContactService;
  campaigns: CampaignService;
}

interface Caller {
  userId: string;
  orgId: string;
  email: string;
}

async function callerOf(request: FastifyRequest): Promise<Caller> {
  const principal = await authenticate(request);
  if (!principal.orgId) throw new AppError(ErrorCode.FORBIDDEN, { detail: 'No church associated with user' });
  return { userId: principal.userId, orgId: principal.orgId, email: principal.email };
}

const idParam = { type: 'object', required: ['id'], properties: { id: { type: 'string', format: 'uuid' } } } as const;

export async function churchEmailRoutes(app: FastifyInstance, options: ChurchEmailRoutesOptions): Promise<void> {
  const { integrations, templates, contacts, campaigns } = options;
  app.addHook('onRequest', requireCompanyDomainStaff);

  // SMTP integrations (settings → Email Integrations)
  app.get('/smtp-integrations', { schema: { summary: 'SMTP integrations of the organization, newest first (passwords never returned)', response: { 200: SmtpIntegrationList } } }, async (request) => ({
    integrations: await integrations.list((await callerOf(request)).orgId),
  }));
  app.get<{ Params: { id: string } }>('/smtp-integrations/:id', { schema: { summary: 'One SMTP integration', params: idParam, response: { 200: SmtpIntegrationAnswer } } }, async (request) => ({
    integration: await integrations.get((await callerOf(request)).orgId, request.params.id),
  }));
  app.post('/smtp-integrations', { schema: { summary: 'Add an SMTP integration (SendGrid)', response: { 201: SmtpIntegrationSaved } } }, async (request, reply) => {
    const caller = await callerOf(request);
    const integration = await integrations.add(caller.orgId, caller.userId, parseIntegrationInput(request.body, 'add'));
    return reply.code(201).send({ integration, message: 'SMTP integration added' });
  });
  app.put<{ Params: { id: string } }>('/smtp-integrations/:id', { schema: { summary: 'Change an SMTP integration (an empty password keeps the stored one)', params: idParam, response: { 200: SmtpIntegrationSaved } } }, async (request) => {
    const caller = await callerOf(request);
    const integration = await integrations.update(caller.orgId, request.params.id, parseIntegrationInput(request.body, 'edit'));
    return { integration, message: 'SMTP integration updated' };
  });
  app.delete<{ Params: { id: string } }>('/smtp-integrations/:id', { schema: { summary: 'Delete an SMTP integration', params: idParam, response: { 200: MessageSchema } } }, async (request) => {
    await integrations.remove((await callerOf(request)).orgId, request.params.id);
    return { message: 'SMTP integration deleted successfully' };
  });
  app.post<{ Body: { integrationId?: unknown; to?: unknown } }>('/smtp-integrations/test', { schema: { summary: 'Send a test e-mail with the settings as typed; nothing is saved', response: { 200: MessageSchema } } }, async (request) => {
    const caller = await callerOf(request);
    const body = (request.body ?? {}) as { integrationId?: unknown; to?: unknown };
    const existingId = typeof body.integrationId === 'string' && UUID.test(body.integrationId) ? body.integrationId : undefined;
    const to = typeof body.to === 'string' && body.to.trim() ? body.to.trim() : caller.email;
    if (!/^[^\s@<>]+@[^\s@<>]+$/.test(to)) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Enter the address the test e-mail should go to.' });
    return integrations.sendTest(caller.orgId, parseIntegrationInput(request.body, 'test'), to, existingId);
  });

  // Templates
  app.get('/templates', { schema: { summary: 'The active templates: the platform\'s and the organization\'s own', response: { 200: TemplateList } } }, async (request) => ({ templates: await templates.listActive((await callerOf(request)).orgId) }));
  app.post('/templates', { schema: { summary: 'Save a new template of the organization', response: { 201: TemplateSaved } } }, async (request, reply) => {
    const caller = await callerOf(request);
    return reply.code(201).send({ template: await templates.create(caller.orgId, parseTemplateInput(request.body)), message: 'Template saved' });
  });
  app.put<{ Params: { id: string } }>('/templates/:id', { schema: { summary: 'Change one of the organization\'s templates', params: idParam, response: { 200: TemplateSaved } } }, async (request) => {
    const caller = await callerOf(request);
    return { template: await templates.update(caller.orgId, request.params.id, parseTemplateInput(request.body)), message: 'Template saved' };
  });
  app.get<{ Params: { id: string } }>('/templates/:id/preview', { schema: { summary: 'The template as a recipient would see it (sample values)', params: idParam, response: { 200: TemplatePreview } } }, async (request) => {
    const caller = await callerOf(request);
    const row = await templates.find(caller.orgId, request.params.id);
    const organizationName = await campaigns.organizationName(caller.orgId);
    return { template: templateJson(row), ...templates.preview(row, organizationName) };
  });

  // Contacts (email_contacts)
  app.get('/contacts', { schema: { summary: 'The organization\'s e-mail list', response: { 200: ContactList } } }, async (request) => ({ contacts: await contacts.list((await callerOf(request)).orgId) }));
  app.post('/contacts', { schema: { summary: 'Add a contact', response: { 201: ContactAdded } } }, async (request, reply) => {
    const caller = await callerOf(request);
    return reply.code(201).send({ contact: await contacts.add(caller.orgId, parseContact(request.body)), message: 'Contact added' });
  });
  app.put<{ Body: { contacts?: unknown } }>('/contacts', { schema: { summary: 'Replace the whole e-mail list', response: { 200: ContactsReplaced } } }, async (request) => {
    const caller = await callerOf(request);
    const list = (request.body as { contacts?: unknown } | undefined)?.contacts;
    if (!Array.isArray(list)) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Send the list as { "contacts": [{ "name", "email" }] }.' });
    if (list.length > MAX_CONTACTS) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: `At most ${MAX_CONTACTS} contacts.` });
    return { contacts: await contacts.replace(caller.orgId, list.map((c, i) => parseContact(c, i))), message: 'Email list updated' };
  });
  app.delete<{ Params: { id: string } }>('/contacts/:id', { schema: { summary: 'Remove a contact', params: idParam, response: { 200: MessageSchema } } }, async (request) => {
    await contacts.remove((await callerOf(request)).orgId, request.params.id);
    return { message: 'Contact removed' };
  });

  // Communications
  app.get('/communications', { schema: { summary: 'The most recent messages sent, newest first', response: { 200: CommunicationList } } }, async (request) => ({ communications: await campaigns.recent((await callerOf(request)).orgId) }));
  app.get('/communications/stats', { schema: { summary: 'Sent, delivered, open and click rates, pending and failed', response: { 200: CommunicationStatsSchema } } }, async (request) => campaigns.stats((await callerOf(request)).orgId));
  app.post<{ Body: Record<string, unknown> }>('/communications/send', {
    schema: {
      summary: 'Send a template to chosen contacts and typed recipients (queued; suppressed addresses skipped)',
      response: { 202: SendResultSchema },
      body: {
        type: 'object',
        required: ['templateId'],
        properties: {
          templateId: { type: 'string', maxLength: 64 },
          campaignName: { type: 'string', maxLength: 200 },
          contactIds: { type: 'array', maxItems: MAX_RECIPIENTS, items: { type: 'string', maxLength: 64 } },
          recipients: {
            type: 'array',
            maxItems: MAX_RECIPIENTS,
            items: { type: 'object', required: ['email'], properties: { email: { type: 'string', maxLength: 320 }, name: { type: 'string', maxLength: 200 } } },
          },
        },
      },
    },
    bodyLimit: 8 * 1024 * 1024,
  }, async (request, reply) => {
    const caller = await callerOf(request);
    const body = request.body as { templateId: string; campaignName?: string; contactIds?: string[]; recipients?: { email: string; name?: string }[] };
    if (!UUID.test(body.templateId)) throw new AppError(ErrorCode.NOT_FOUND, { detail: 'Template not found' });
    const contactIds = body.contactIds ?? [];
    if (contactIds.some((id) => !UUID.test(id))) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'Some of the chosen contacts no longer exist. Reload the page and choose again.' });
    const result = await campaigns.send(caller.orgId, caller.userId, { templateId: body.templateId, campaignName: body.campaignName, contactIds, recipients: body.recipients ?? [] });
    return reply.code(202).send(result);
  });
}
