// Public, unauthenticated routes that recipients' mail clients and SendGrid call: the open pixel,
// the click redirect, and the SendGrid event webhook (`/smtp_webhook/{userId}/sendgrid`, which the
// edge forwards from the origin's root). Each proves itself: an HMAC on the link, an ECDSA
// signature on the batch.
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@lectern/service-kit';
import type { EngagementService } from '../engagement/engagement.service.ts';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../engagement/sendgrid.signature.ts';
import { WebhookOutcomeSchema } from './church-email.schemas.ts';

// 1×1 transparent GIF
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

export async function engagementRoutes(app: FastifyInstance, options: { engagement: EngagementService }): Promise<void> {
  const { engagement } = options;

  app.get<{ Params: { id: string } }>('/t/:id/open.gif', { schema: { hide: true, response: { 200: { type: 'string', format: 'binary', description: 'A 1×1 transparent GIF' } } } }, async (request, reply) => {
    await engagement.recordOpen(request.params.id).catch((err: unknown) => request.log.warn({ err }, 'open not recorded'));
    return reply.header('cache-control', 'no-store, max-age=0').type('image/gif').send(PIXEL);
  });

  app.get<{ Params: { id: string }; Querystring: { u?: string; s?: string } }>('/t/:id/click', { schema: { hide: true, response: { 302: { type: 'null', description: 'Redirect to the linked page' } } } }, async (request, reply) => {
    const target = await engagement.recordClick(request.params.id, request.query.u ?? '', request.query.s ?? '');
    if (!target) throw new AppError(ErrorCode.NOT_FOUND, { detail: 'This link is not valid.' });
    return reply.header('cache-control', 'no-store').redirect(target, 302);
  });

  await app.register(async (webhook) => {
    // the signature covers the exact bytes: keep the body raw
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 5 * 1024 * 1024 }, (_request, body, done) => done(null, body));
    webhook.post<{ Params: { userId: string } }>('/smtp_webhook/:userId/sendgrid', { schema: { summary: "SendGrid's signed event webhook", response: { 200: WebhookOutcomeSchema } } }, async (request, reply) => {
      const signature = String(request.headers[SIGNATURE_HEADER] ?? '');
      const timestamp = String(request.headers[TIMESTAMP_HEADER] ?? '');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await engagement.sendgridWebhook(request.params.userId, { signature, timestamp }, body);
      if (outcome.status === 'unauthorized') {
        request.log.warn({ userId: request.params.userId }, 'SendGrid webhook: signature refused');
        throw new AppError(ErrorCode.UNAUTHENTICATED, { detail: 'The event webhook signature is not valid.' });
      }
      if (outcome.status === 'bad_request') throw new AppError(ErrorCode.BAD_REQUEST, { detail: outcome.message });
      return reply.send(outcome);
    });
  });
}
