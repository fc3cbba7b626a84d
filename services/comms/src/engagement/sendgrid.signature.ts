// SendGrid's Signed Event Webhook: each batch carries X-Twilio-Email-Event-Webhook-Signature (base64
// DER ECDSA P-256 / SHA-256) over timestamp + raw body, and X-Twilio-Email-Event-Webhook-Timestamp.
// The verification key SendGrid shows is the base64 DER (SPKI) public key; a PEM is accepted too.
import { createPublicKey, verify } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
export const TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/** The key as a P-256 public key, or undefined when it is not one. */
export function parseSendgridPublicKey(value: string): KeyObject | undefined {
  const text = value.trim();
  try {
    const key = text.includes('-----BEGIN')
      ? createPublicKey({ key: text, format: 'pem' })
      : createPublicKey({ key: Buffer.from(text.replace(/\s+/g, ''), 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1') return undefined;
    return key;
  } catch {
    return undefined;
  }
}

export function verifySendgridSignature(key: KeyObject, timestamp: string, rawBody: Buffer | string, signature: string): boolean {
  if (!timestamp || !signature) return false;
  try {
    const payload = Buffer.concat([Buffer.from(timestamp, 'utf8'), Buffer.isBuffer(rawBody) ? rawBody : Buffer.from(rawBody, 'utf8')]);
    return verify('sha256', payload, { key, dsaEncoding: 'der' }, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
