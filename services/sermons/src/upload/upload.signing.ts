// The upload link the browser PUTs to: bound to one sermon and an expiry by an HMAC, so the PUT
// needs no bearer token (a 2 GB upload may outlive a 15-minute access token).
// The secret is shared by every instance (STORAGE_SIGNING_SECRET), so a link issued by one is
// accepted by the others and survives restarts.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class UploadSigner {
  private readonly secret: Buffer;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('UploadSigner: the signing secret must be at least 32 characters');
    this.secret = Buffer.from(secret);
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
