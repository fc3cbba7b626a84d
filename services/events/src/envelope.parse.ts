// Runtime validation of an envelope arriving from Kafka: the envelope itself, then — for a type
// in the catalogue — its payload. Unknown types pass with untyped data only when allowed.
import { Compile } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { EnvelopeSchema } from './envelope.ts';
import type { AnyEventEnvelope, EventEnvelope } from './envelope.ts';
import { eventSchemas, isKnownEventType } from './event-map.ts';

export class InvalidEventError extends Error {
  override readonly name = 'InvalidEventError';
  readonly issues: string[];
  constructor(message: string, issues: string[]) {
    super(`${message}: ${issues.join('; ')}`);
    this.issues = issues;
  }
}

const envelopeValidator = Compile(EnvelopeSchema);
const payloadValidators = new Map<string, ReturnType<typeof Compile<TSchema>>>();

function payloadValidator(type: string) {
  let validator = payloadValidators.get(type);
  if (!validator) {
    validator = Compile(eventSchemas[type as keyof typeof eventSchemas] as TSchema);
    payloadValidators.set(type, validator);
  }
  return validator;
}

function describe(errors: Iterable<{ instancePath: string; message: string }>, prefix: string): string[] {
  return [...errors].map((e) => `${prefix}${e.instancePath || '/'} ${e.message}`);
}

export interface ParseOptions {
  /** accept well-formed envelopes of types this build does not know (newer producers) */
  allowUnknownTypes?: boolean;
}

export function parseEnvelope(raw: unknown, options: ParseOptions = {}): AnyEventEnvelope {
  let value = raw;
  if (typeof raw === 'string' || raw instanceof Uint8Array) {
    try {
      value = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
    } catch {
      throw new InvalidEventError('Invalid event', ['not JSON']);
    }
  }
  if (!envelopeValidator.Check(value)) {
    throw new InvalidEventError('Invalid event envelope', describe(envelopeValidator.Errors(value), 'envelope'));
  }
  const envelope = value as EventEnvelope;
  if (!isKnownEventType(envelope.type)) {
    if (options.allowUnknownTypes) return envelope as AnyEventEnvelope;
    throw new InvalidEventError('Invalid event', [`unknown type "${envelope.type}"`]);
  }
  const validator = payloadValidator(envelope.type);
  if (!validator.Check(envelope.data)) {
    throw new InvalidEventError(`Invalid ${envelope.type} payload`, describe(validator.Errors(envelope.data), 'data'));
  }
  return envelope as AnyEventEnvelope;
}

export function serializeEnvelope(event: EventEnvelope): string {
  return JSON.stringify(event);
}
