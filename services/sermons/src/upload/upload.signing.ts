// The upload link the browser PUTs to: bound to one sermon and an expiry by an HMAC, so the PUT
// needs no bearer token (a 2 GB upload may outlive a 15-minute access token).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export class UploadSigner {
  private readonly secret: Buffer;

  constructor(secret: string | undefined) {
    this.secret = secret ? Buffer.from(secret) : randomBytes(32);
  }

  sign(sermonId: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`upload:${sermonId}:${expires}`).digest('base64url');
  }

  verify(sermonId: string, expires: number, token: string, now = Date.now()): boolean {
    if (!Number.isFinite(expires) || expires * 1000 < now) return false;
    const expected = Buffer.from(this.sign(sermonId, expires));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
