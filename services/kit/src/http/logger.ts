// Logger options shared by every service: JSON lines, pretty only on a terminal, secrets redacted.
import type { LoggerOptions } from 'pino';
import { redactedRequestSerializer } from './url.redact.ts';

const SECRET_KEYS = ['password', 'newPassword', 'currentPassword', 'token', 'accessToken', 'refreshToken', 'idToken', 'secret', 'clientSecret', 'privateKey', 'apiKey', 'authorization', 'cookie'];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  ...SECRET_KEYS.map((k) => `*.*.${k}`),
  'DATABASE_URL',
  '*.DATABASE_URL',
];

export function loggerOptions(level: string, service: string, pretty = process.stdout.isTTY === true): LoggerOptions {
  return {
    level,
    base: { service },
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    // Credentials in URLs (sign-in and upload links, invite ids, signed storage URLs) are cut out.
    serializers: { req: redactedRequestSerializer },
    ...(pretty ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss.l', ignore: 'pid,hostname' } } } : {}),
  };
}
