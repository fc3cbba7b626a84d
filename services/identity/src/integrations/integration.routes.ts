// /integrations: the settings Integrations section's API (spec 001 §2, §7). A company-only screen
// (§6): every route needs a staff-side role on a verified company-domain e-mail, scoped to the
// caller's organization. The API key goes in, never out.
import { Nullable, orgScope, requireCompanyDomainStaff } from '@lectern/service-kit';
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { INTEGRATION_MESSAGES } from './integration.rules.ts';
import { completeOAuth, oauthAvailable, startOAuth } from './planning-center.oauth.ts';
import { view, deleteIntegration, getIntegration, latestMemberSync, listIntegrations, saveIntegration, startMemberSync, testConnection } from './integration.service.ts';

const TypeParam = Type.Object({ type: Type.Union([Type.Literal('rockRms'), Type.Literal('planningCenter')]) });
const IntegrationSchema = Type.Object({
  id: Type.String(),
  integrationType: Type.String(),
  name: Type.String(),
  credentials: Type.Object({ fromEmail: Type.String(), apiKeySet: Type.Boolean(), authKind: Type.Union([Type.Literal('apiKey'), Type.Literal('oauth')]) }),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  lastSyncedAt: Nullable(Type.String()),
  lastSyncCount: Nullable(Type.Integer()),
});
const Message = Type.Object({ message: Type.String() });
const Count = Type.Integer({ minimum: 0 });
const SyncJobSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  integrationType: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
  pagesProcessed: Count,
  syncedCount: Count,
  added: Count,
  updated: Count,
  unchanged: Count,
  skipped: Count,
  rateLimitedWaits: Count,
  serverErrorRetries: Count,
  message: Nullable(Type.String()),
  errorReason: Nullable(Type.String()),
  createdAt: Type.String(),
  startedAt: Nullable(Type.String()),
  finishedAt: Nullable(Type.String()),
});

export async function integrationRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  app.addHook('onRequest', requireCompanyDomainStaff);

  app.get('/integrations', { schema: { tags: ['integrations'], summary: 'Connected church-management systems, newest first', response: { 200: Type.Object({ items: Type.Array(IntegrationSchema) }) } } }, async (request) => ({
    items: await listIntegrations(ctx, orgScope(request)),
  }));

  // Planning Center's OAuth 2 connect flow (ADR 0024); static paths win over /integrations/:type.
  app.get('/integrations/planningCenter/oauth', {
    schema: { tags: ['integrations'], summary: 'Whether Planning Center can be connected with its sign-in (OAuth) on this server', response: { 200: Type.Object({ available: Type.Boolean() }) } },
  }, async () => ({ available: oauthAvailable(ctx) }));

  app.post('/integrations/planningCenter/oauth/start', {
    schema: {
      tags: ['integrations'],
      summary: 'Start connecting Planning Center with OAuth: the authorization URL to send the browser to (state bound to the caller, PKCE S256)',
      body: Type.Object({ fromEmail: Type.Optional(Nullable(Type.String({ maxLength: 320 }))) }),
      response: { 200: Type.Object({ authorizeUrl: Type.String() }) },
    },
  }, async (request) => startOAuth(ctx, orgScope(request), request.user.userId, request.body));

  app.post('/integrations/planningCenter/oauth/complete', {
    schema: {
      tags: ['integrations'],
      summary: 'Finish connecting Planning Center: the code and state Planning Center sent the browser back with (the caller must be who started it)',
      body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 2000 }), state: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Type.Object({ integration: IntegrationSchema, message: Type.String() }), 201: Type.Object({ integration: IntegrationSchema, message: Type.String() }) },
    },
  }, async (request, reply) => {
    const { integration, created } = await completeOAuth(ctx, orgScope(request), request.user.userId, request.body);
    return reply.code(created ? 201 : 200).send({ integration: view(integration), message: INTEGRATION_MESSAGES.oauthConnected });
  });

  app.get('/integrations/:type', { schema: { tags: ['integrations'], summary: 'One integration (without its key)', params: TypeParam, response: { 200: IntegrationSchema } } }, async (request) =>
    getIntegration(ctx, orgScope(request), request.params.type));

  app.put('/integrations/:type', {
    schema: {
      tags: ['integrations'],
      summary: 'Add or update: API Key (required when adding; empty keeps the stored one) and From Email',
      params: TypeParam,
      body: Type.Object({ apiKey: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))), fromEmail: Type.Optional(Nullable(Type.String({ maxLength: 320 }))) }),
      response: { 200: Type.Object({ integration: IntegrationSchema, message: Type.String() }), 201: Type.Object({ integration: IntegrationSchema, message: Type.String() }) },
    },
  }, async (request, reply) => {
    const { integration, message, created } = await saveIntegration(ctx, orgScope(request), request.params.type, request.body);
    return reply.code(created ? 201 : 200).send({ integration, message });
  });

  app.delete('/integrations/:type', { schema: { tags: ['integrations'], summary: 'Delete an integration', params: TypeParam, response: { 200: Message } } }, async (request) =>
    deleteIntegration(ctx, orgScope(request), request.params.type));

  app.post('/integrations/:type/test', { schema: { tags: ['integrations'], summary: 'Connection test (the spec: a simulated 1-second wait)', params: TypeParam, response: { 200: Type.Object({ ok: Type.Boolean(), message: Type.String() }) } } }, async (request) =>
    testConnection(ctx, orgScope(request), request.params.type));

  app.post('/integrations/:type/sync-members', {
    schema: {
      tags: ['integrations'],
      summary: 'sync-members: queue a background sync that pulls people page by page into members (upsert by person id and e-mail; never deletes); one at a time per integration',
      params: TypeParam,
      response: { 202: Type.Object({ job: SyncJobSchema, message: Type.String() }) },
    },
  }, async (request, reply) => {
    const { job, message } = await startMemberSync(ctx, orgScope(request), request.params.type, request.user.userId);
    return reply.code(202).send({ job, message });
  });

  app.get('/integrations/:type/sync-members/latest', {
    schema: { tags: ['integrations'], summary: 'The latest member sync: progress while it runs (page by page), outcome after; null while the integration has never synced', params: TypeParam, response: { 200: Nullable(SyncJobSchema) } },
  }, async (request, reply) => reply.send(await latestMemberSync(ctx, orgScope(request), request.params.type)));
}
