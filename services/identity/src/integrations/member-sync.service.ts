// sync-members (spec 001 §7): people from the connected church-management system into member
// rows, page by page, each page in its own transaction (a stop keeps what was synced). A person is
// matched by the system's person id, else by e-mail (linking the member to the system); new
// people are added; names and phone follow the system only when they differ; staff-set role and
// status are never touched and nothing is ever deleted — a second sync changes nothing.
import { sql } from 'kysely';
import { ErrorCode } from '@lectern/service-kit';
import type { Db } from '../data/database.ts';
import type { IntegrationType } from '../data/integration-config.table.ts';
import type { MemberSource } from '../data/member.table.ts';
import { identityError } from '../http/identity.errors.ts';
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import { INTEGRATION_MESSAGES, INTEGRATION_NAMES } from './integration.rules.ts';
import { fetchPage, PeopleFetchError, type ExternalPerson, type FetchPolicy, type PeopleApi, type PageStats } from './people.source.ts';

export interface SyncResult {
  syncedCount: number;
  pagesProcessed: number;
  added: number;
  updated: number;
  unchanged: number;
  /** people without a usable e-mail (a member row needs one) */
  skipped: number;
  rateLimitedWaits: number;
  serverErrorRetries: number;
}

interface PageOutcome {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
}

/** Writes one page of people; returns what changed. */
export async function upsertPage(db: Db, orgId: string, source: MemberSource, people: readonly ExternalPerson[]): Promise<PageOutcome> {
  const usable = new Map<string, ExternalPerson & { email: string }>();
  let skipped = 0;
  for (const person of people) {
    const email = normaliseEmail(person.email ?? '');
    if (!email || !isValidEmail(email) || !person.externalId) {
      skipped++;
      continue;
    }
    usable.set(person.externalId, { ...person, email, firstName: person.firstName || '(no first name)', lastName: person.lastName || '(no last name)' });
  }
  if (usable.size === 0) return { added: 0, updated: 0, unchanged: 0, skipped };
  return db.transaction().execute(async (trx) => {
    const ids = [...usable.keys()];
    const byExternal = await trx.selectFrom('members').select(['id', 'external_id', 'first_name', 'last_name', 'phone']).where('org_id', '=', orgId).where('source', '=', source).where('external_id', 'in', ids).execute();
    const known = new Map(byExternal.map((m) => [m.external_id!, m]));
    const rest = [...usable.values()].filter((p) => !known.has(p.externalId));
    const byEmail = rest.length === 0
      ? []
      : await trx.selectFrom('members').select(['id', 'email', 'external_id', 'first_name', 'last_name', 'phone']).where('org_id', '=', orgId).where(sql<boolean>`lower(email) = any(${rest.map((p) => p.email)})`).execute();
    const emailMatch = new Map(byEmail.map((m) => [m.email.toLowerCase(), m]));
    let added = 0;
    let updated = 0;
    let unchanged = 0;
    const inserts: (ExternalPerson & { email: string })[] = [];
    for (const person of usable.values()) {
      const match = known.get(person.externalId) ?? emailMatch.get(person.email);
      if (!match) {
        inserts.push(person);
        continue;
      }
      const link = !known.has(person.externalId) && !match.external_id;
      const changed = match.first_name !== person.firstName || match.last_name !== person.lastName || (person.phone !== null && match.phone !== person.phone);
      if (!link && !changed) {
        unchanged++;
        continue;
      }
      await trx
        .updateTable('members')
        .set({
          first_name: person.firstName,
          last_name: person.lastName,
          ...(person.phone !== null ? { phone: person.phone } : {}),
          ...(link ? { source, external_id: person.externalId } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', match.id)
        .execute();
      updated++;
    }
    if (inserts.length > 0) {
      // A row added meanwhile (manual add, import, another sync) wins: no duplicate, no error.
      const result = await trx
        .insertInto('members')
        .values(inserts.map((p) => ({ org_id: orgId, first_name: p.firstName, last_name: p.lastName, email: p.email, phone: p.phone, source, external_id: p.externalId })))
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      const inserted = Number(result.numInsertedOrUpdatedRows ?? 0);
      added += inserted;
      unchanged += inserts.length - inserted;
    }
    return { added, updated, unchanged, skipped };
  });
}

const LEASE_STALE_SQL = sql<Date>`now() - interval '15 minutes'`;

/** Runs a whole sync for one organization's integration (one at a time per integration, across instances). */
export async function syncMembers(db: Db, orgId: string, type: IntegrationType, api: PeopleApi, policy: FetchPolicy): Promise<SyncResult> {
  const leased = await db
    .updateTable('integration_configs')
    .set({ sync_started_at: new Date() })
    .where('org_id', '=', orgId)
    .where('integration_type', '=', type)
    .where((eb) => eb.or([eb('sync_started_at', 'is', null), eb('sync_started_at', '<', LEASE_STALE_SQL)]))
    .executeTakeFirst();
  if (Number(leased.numUpdatedRows) !== 1) throw identityError(ErrorCode.CONFLICT, 'sync_running', INTEGRATION_MESSAGES.syncRunning);
  const result: SyncResult = { syncedCount: 0, pagesProcessed: 0, added: 0, updated: 0, unchanged: 0, skipped: 0, rateLimitedWaits: 0, serverErrorRetries: 0 };
  const stats: PageStats = { rateLimitedWaits: 0, serverErrorRetries: 0 };
  try {
    let url: string | null = api.firstPage();
    while (url) {
      const page = await fetchPage(api, url, policy, stats);
      const outcome = await upsertPage(db, orgId, type, page.people);
      result.pagesProcessed++;
      result.added += outcome.added;
      result.updated += outcome.updated;
      result.unchanged += outcome.unchanged;
      result.skipped += outcome.skipped;
      result.syncedCount += outcome.added + outcome.updated + outcome.unchanged;
      url = page.next;
    }
    await db.updateTable('integration_configs').set({ last_synced_at: new Date(), last_sync_count: result.syncedCount }).where('org_id', '=', orgId).where('integration_type', '=', type).execute();
    return { ...result, ...stats };
  } catch (error) {
    if (!(error instanceof PeopleFetchError)) throw error;
    const name = INTEGRATION_NAMES[type];
    const failure = error.failure;
    const extensions = { syncedCount: result.syncedCount, pagesProcessed: result.pagesProcessed };
    if (failure.kind === 'unauthorized') throw identityError(ErrorCode.BAD_REQUEST, 'integration_unauthorized', INTEGRATION_MESSAGES.badCredentials(name), extensions);
    // 4xx on purpose: the kit hides every 5xx detail, and the user needs this message.
    if (failure.kind === 'rate-limited') throw identityError(ErrorCode.RATE_LIMITED, 'integration_rate_limited', INTEGRATION_MESSAGES.rateLimited(name, failure.waitSec, result.syncedCount), { ...extensions, retryAfterSec: failure.waitSec });
    throw identityError(ErrorCode.CONFLICT, 'integration_unavailable', INTEGRATION_MESSAGES.unavailable(name, failure.status, result.syncedCount), extensions);
  } finally {
    await db.updateTable('integration_configs').set({ sync_started_at: null }).where('org_id', '=', orgId).where('integration_type', '=', type).execute();
  }
}
