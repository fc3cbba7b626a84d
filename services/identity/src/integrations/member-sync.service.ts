// sync-members (spec 001 §7): people from the connected church-management system into member
// rows, page by page, each page in its own transaction with the job's progress (a stop keeps what
// was synced; member-sync.runner.ts runs the pages). A person is
// matched by the system's person id, else by e-mail (linking the member to the system); new
// people are added; names and phone follow the system only when they differ; staff-set role and
// status are never touched and nothing is ever deleted — a second sync changes nothing.
import { sql } from 'kysely';
import type { Db } from '../data/database.ts';
import type { MemberSource } from '../data/member.table.ts';
import { isValidEmail, normaliseEmail } from '../domain/signup.rules.ts';
import type { ExternalPerson } from './people.source.ts';

interface PageOutcome {
  added: number;
  updated: number;
  unchanged: number;
  /** people without a usable e-mail (a member row needs one) */
  skipped: number;
}

/** Writes one page of people inside the caller's transaction (with the job's progress); returns what changed. */
export async function upsertPageIn(trx: Db, orgId: string, source: MemberSource, people: readonly ExternalPerson[]): Promise<PageOutcome> {
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
}
