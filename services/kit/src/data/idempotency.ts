// Idempotency keys (ADR 0033): a client names one creation with a key of its choosing (the
// `Idempotency-Key` request header) and sends the same key when it tries again. The key is stored
// in the creation's own transaction, so it exists exactly when what it created exists: a retry
// after an answer that never arrived (a 503 while the commit went through, a dropped connection)
// finds the first attempt's resource instead of making a second one. Keys are scoped to an
// organization and a kind of creation, remember the user and the request they came with, and
// expire after a day; the outbox relay's housekeeping deletes expired ones.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import { AppError, ErrorCode } from '../errors/app-error.ts';
import type { KitTables } from './kit.tables.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a key is remembered: a client retries within minutes; a day covers a laptop put to sleep. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3600_000;
/** Visible ASCII, 8 to 255 characters: a UUID, a ULID or any random token a client makes. */
const KEY_FORMAT = /^[\x21-\x7e]{8,255}$/;

export interface IdempotentRequest {
  /** what the key creates, e.g. `sermons.create`: the same key may name one creation of each kind */
  scope: string;
  orgId: string;
  userId: string;
  key: string;
  /** requestFingerprint() of what the request asks for */
  fingerprint: string;
}

/**
 * The `Idempotency-Key` header's value: undefined without one, a 400 when it is not 8 to 255
 * visible ASCII characters (or sent twice).
 */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_FORMAT.test(value)) {
    throw new AppError(ErrorCode.BAD_REQUEST, {
      detail: 'The Idempotency-Key header must be one value of 8 to 255 visible ASCII characters (a UUID will do).',
      extensions: { reason: 'bad_idempotency_key' },
    });
  }
  return value;
}

/** A hash of a JSON value that does not depend on the order of object keys. */
export function requestFingerprint(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function idempotencyKeyReused(): AppError {
  return new AppError(ErrorCode.CONFLICT, {
    detail: 'This Idempotency-Key was already used for a different request. Send a new key for a new request, or the same request to get its result.',
    extensions: { reason: 'idempotency_key_reused' },
  });
}

type Db = Kysely<KitTables> | Transaction<KitTables>;
/** A service's own database or transaction (its tables include the kit's). */
type AnyDb<DB> = Kysely<DB> | Transaction<DB>;
const kitDb = <DB>(db: AnyDb<DB>) => db as unknown as Db;

async function storedKey(db: Db, request: IdempotentRequest) {
  return db
    .selectFrom('idempotency_keys')
    .select(['user_id', 'fingerprint', 'resource_id'])
    .where('org_id', '=', request.orgId)
    .where('scope', '=', request.scope)
    .where('key', '=', request.key)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

function resultOf(request: IdempotentRequest, row: { user_id: string; fingerprint: string; resource_id: string }): string {
  if (row.user_id !== request.userId || row.fingerprint !== request.fingerprint) throw idempotencyKeyReused();
  return row.resource_id;
}

/**
 * The id of what an earlier request with this key created (committed, key not expired), or
 * undefined. 409 when the key came with another request or from another user.
 */
export async function findIdempotentResult<DB>(db: AnyDb<DB>, request: IdempotentRequest): Promise<string | undefined> {
  const row = await storedKey(kitDb(db), request);
  return row ? resultOf(request, row) : undefined;
}

/**
 * Inside the creation's transaction, before it writes: records the key for `resourceId`, the id
 * the creation is about to use. Undefined when the key is now this transaction's (go on and
 * create); otherwise the id an earlier request with this key created — a concurrent one is waited
 * for by the unique index and seen once it commits — which the caller answers with instead. An
 * expired key is taken over. 409 when the key came with another request or from another user.
 */
export async function claimIdempotencyKey<DB>(transaction: Transaction<DB>, request: IdempotentRequest, resourceId: string, ttlMs = IDEMPOTENCY_KEY_TTL_MS): Promise<string | undefined> {
  const trx = kitDb(transaction);
  const expiresAt = sql<Date>`now() + ${ttlMs} * interval '1 millisecond'`;
  const claimed = await trx
    .insertInto('idempotency_keys')
    .values({ org_id: request.orgId, scope: request.scope, key: request.key, user_id: request.userId, fingerprint: request.fingerprint, resource_id: resourceId, expires_at: expiresAt })
    .onConflict((c) =>
      c.columns(['org_id', 'scope', 'key']).doUpdateSet({
        user_id: request.userId,
        fingerprint: request.fingerprint,
        resource_id: resourceId,
        created_at: sql<Date>`now()`,
        expires_at: expiresAt,
      }).where('idempotency_keys.expires_at', '<=', sql<Date>`now()`),
    )
    .returning('resource_id')
    .executeTakeFirst();
  if (claimed) return undefined;
  const earlier = await storedKey(trx, request);
  if (!earlier) throw new Error('idempotency key neither claimed nor found');
  return resultOf(request, earlier);
}

/** Deletes expired keys; returns how many. */
export async function purgeExpiredIdempotencyKeys<DB>(db: AnyDb<DB>): Promise<number> {
  const result = await kitDb(db).deleteFrom('idempotency_keys').where('expires_at', '<=', sql<Date>`now()`).executeTakeFirst();
  return Number(result.numDeletedRows);
}
