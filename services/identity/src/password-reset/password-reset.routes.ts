// POST /password-reset (ask for a link) and POST /password-reset/confirm (set the new password).
import type { ServiceInstance } from '@lectern/service-kit';
import { Type } from 'typebox';
import type { IdentityContext } from '../context.ts';
import { clientAddress } from '../http/client-address.ts';
import { MessageSchema } from '../http/schemas.ts';
import { requestPasswordReset, resetPassword } from './password-reset.service.ts';

export async function passwordResetRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  app.post('/password-reset', {
    schema: { tags: ['session'], summary: 'Forgot password: e-mail a single-use reset link (same answer whether or not the address has an account)', body: Type.Object({ email: Type.String({ maxLength: 320 }) }), response: { 202: MessageSchema } },
  }, async (request, reply) => {
    try {
      return reply.code(202).send(await requestPasswordReset(ctx, request.body.email, clientAddress(request, ctx.trustedProxies)));
    } catch (error) {
      const retryAfterMs = (error as { extensions?: { retryAfterMs?: number } }).extensions?.retryAfterMs;
      if (typeof retryAfterMs === 'number') reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
      throw error;
    }
  });

  app.post('/password-reset/confirm', {
    schema: { tags: ['session'], summary: 'Set a new password from the link; revokes every session of the user', body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ maxLength: 4096 }) }), response: { 200: MessageSchema } },
  }, async (request) => resetPassword(ctx, request.body.token, request.body.password));
}
