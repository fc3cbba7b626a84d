// What jsdom lacks and browsers have, for component tests (`@jest-environment jsdom`): the
// encoding API (react-router uses it at import), WebCrypto's digest (the captcha solver) and
// structuredClone (the devotional editor's draft), all from Node.
// Nothing is added in the node environment, which has them already.
import { webcrypto } from 'node:crypto';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

if (typeof window !== 'undefined') {
  if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
  if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });
  if (typeof globalThis.structuredClone === 'undefined') globalThis.structuredClone = (value) => deserialize(serialize(value));
}
