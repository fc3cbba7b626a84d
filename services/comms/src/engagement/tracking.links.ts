// Open pixel and click redirect URLs. A click URL names the communication and the target and
// carries an HMAC of both, keyed by a key derived (HKDF) from the service's SECRET_KEYS: nobody can
// make a Lectern link that redirects elsewhere or record a click for someone else. The redirect
// also checks the target against the links of the sent mail (campaigns.links).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { parseSecretKeys } from '@lectern/service-kit';

const INFO = 'lectern comms tracking links v1';

export class TrackingLinks {
  readonly #origin: string;
  readonly #signingKey: Buffer;
  readonly #verifyKeys: Buffer[];

  constructor(options: { publicOrigin: string; secretKeys: string; activeKeyId?: string | undefined }) {
    this.#origin = options.publicOrigin.replace(/\/$/, '');
    const keys = parseSecretKeys(options.secretKeys);
    const derive = (key: Buffer) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), INFO, 32));
    const active = keys.get(options.activeKeyId ?? keys.keys().next().value!) ?? keys.values().next().value!;
    this.#signingKey = derive(active);
    this.#verifyKeys = [...keys.values()].map(derive);
  }

  pixelUrl(communicationId: string): string {
    return `${this.#origin}/api/comms/t/${communicationId}/open.gif`;
  }

  clickUrl(communicationId: string, target: string): string {
    const signature = this.#sign(this.#signingKey, communicationId, target);
    return `${this.#origin}/api/comms/t/${communicationId}/click?u=${encodeURIComponent(target)}&s=${signature}`;
  }

  verifyClick(communicationId: string, target: string, signature: string): boolean {
    const given = Buffer.from(signature, 'base64url');
    return this.#verifyKeys.some((key) => {
      const expected = Buffer.from(this.#sign(key, communicationId, target), 'base64url');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }

  #sign(key: Buffer, communicationId: string, target: string): string {
    return createHmac('sha256', key).update(`${communicationId}\n${target}`).digest('base64url');
  }
}
