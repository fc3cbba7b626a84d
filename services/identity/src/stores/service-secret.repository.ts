// Secrets identity generates for itself when none is configured (e.g. the captcha HMAC key), kept
// in its schema so every instance and every restart agree on them. Never logged.
import { randomBytes } from 'node:crypto';
import type { Db } from '../data/database.ts';

/** The stored secret `name`, created (32 random bytes, hex) on first use; concurrent callers agree. */
export async function ensureSecret(db: Db, name: string): Promise<string> {
  await db
    .insertInto('service_secrets')
    .values({ name, value: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('service_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
