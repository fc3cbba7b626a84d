import { sql } from 'kysely';
import type { Db } from '../data/database.ts';
import type { NewOrganization } from '../data/organization.table.ts';

export const isUuid = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

export async function listPublicOrganizations(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectFrom('organizations').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

export async function findOrganization(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  return db.selectFrom('organizations').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
}

export async function findOrganizationByDomain(db: Db, domain: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('organizations').select('id').where(sql<string>`lower(domain)`, '=', domain.toLowerCase()).executeTakeFirst();
}

/** The organization holding a subdomain and the latest signup lead that created it. */
export async function findSubdomainHolder(db: Db, subdomain: string) {
  const org = await db.selectFrom('organizations').select('id').where('subdomain', '=', subdomain).executeTakeFirst();
  if (!org) return null;
  const lead = await db.selectFrom('leads').select(['email', 'status']).where('org_id', '=', org.id).orderBy('created_at', 'desc').executeTakeFirst();
  return { organizationId: org.id, leadEmail: lead?.email ?? null, leadStatus: lead?.status ?? null };
}

export async function insertOrganization(db: Db, values: NewOrganization): Promise<string> {
  const row = await db.insertInto('organizations').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export const isUniqueViolation = (error: unknown, constraint?: string): boolean => {
  const e = error as { code?: string; constraint?: string };
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
};
