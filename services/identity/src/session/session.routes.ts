// POST /session (sign-in), POST /session/refresh, POST /session/sign-out, GET /captcha/challenge.
import type { ServiceInstance } from '@lectern/service-kit';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { createChallenge } from '../captcha/index.ts';
import type { IdentityContext } from '../context.ts';
import { clientAddress } from '../http/client-address.ts';
import { SessionSchema } from '../http/schemas.ts';
import { clearedRefreshCookie, readCookie, REFRESH_COOKIE, refreshCookie } from './session.cookie.ts';
import { refreshSession, signIn, signOut, type IssuedSession } from './session.service.ts';

export function sessionReply(ctx: IdentityContext, reply: FastifyReply, session: IssuedSession) {
  const secure = ctx.config.PUBLIC_ORIGIN.startsWith('https:');
  if (session.refreshToken) reply.header('set-cookie', refreshCookie(session.refreshToken, ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400, secure));
  reply.header('cache-control', 'no-store');
  return session.body;
}

export async function sessionRoutes(app: ServiceInstance, { ctx }: { ctx: IdentityContext }): Promise<void> {
  const secure = ctx.config.PUBLIC_ORIGIN.startsWith('https:');

  app.get('/captcha/challenge', {
    schema: { tags: ['session'], summary: 'ALTCHA v1 proof-of-work challenge', response: { 200: Type.Object({ algorithm: Type.String(), challenge: Type.String(), maxnumber: Type.Integer(), salt: Type.String(), signature: Type.String() }) } },
  }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return createChallenge({ hmacKey: ctx.captchaKey, maxNumber: ctx.config.CAPTCHA_MAX_NUMBER });
  });

  app.post('/session', {
    schema: {
      tags: ['session'],
      summary: 'Sign in with e-mail, password and a solved captcha',
      body: Type.Object({ email: Type.String({ maxLength: 320 }), password: Type.String({ maxLength: 4096 }), captcha: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])) }),
      response: { 200: SessionSchema },
    },
  }, async (request, reply) => {
    try {
      return sessionReply(ctx, reply, await signIn(ctx, request.body, clientAddress(request, ctx.trustedProxies)));
    } catch (error) {
      const retryAfterMs = (error as { extensions?: { retryAfterMs?: number } }).extensions?.retryAfterMs;
      if (typeof retryAfterMs === 'number') reply.header('retry-after', String(Math.ceil(retryAfterMs / 1000)));
      throw error;
    }
  });

  app.post('/session/refresh', {
    schema: { tags: ['session'], summary: 'Rotate the refresh cookie and get a new access token', response: { 200: SessionSchema } },
  }, async (request, reply) => {
    try {
      return sessionReply(ctx, reply, await refreshSession(ctx, readCookie(request.headers.cookie, REFRESH_COOKIE)));
    } catch (error) {
      reply.header('set-cookie', clearedRefreshCookie(secure));
      throw error;
    }
  });

  app.post('/session/sign-out', {
    schema: { tags: ['session'], summary: 'Revoke the refresh token family and clear the cookie', response: { 204: Type.Null() } },
  }, async (request, reply) => {
    await signOut(ctx, readCookie(request.headers.cookie, REFRESH_COOKIE));
    reply.header('set-cookie', clearedRefreshCookie(secure));
    return reply.code(204).send(null);
  });
}
