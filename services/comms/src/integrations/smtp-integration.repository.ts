// smtp_integrations, always scoped to one organization. At most one default per organization
// (partial unique index): making one the default clears the others in the same transaction.
import type { Executor, KitTables } from '@lectern/service-kit';
import type { CommsDatabase } from '../data/database.ts';
import type { NewSmtpIntegration, SmtpIntegrationRow, SmtpIntegrationUpdate } from '../data/smtp-integrations.table.ts';

type Db = CommsDatabase & KitTables;

export function listIntegrations(db: Executor<Db>, orgId: string): Promise<SmtpIntegrationRow[]> {
  return db.selectFrom('smtp_integrations').selectAll().where('org_id', '=', orgId).orderBy('created_at', 'desc').orderBy('id').execute();
}

export function findIntegration(db: Executor<Db>, orgId: string, id: string): Promise<SmtpIntegrationRow | undefined> {
  return db.selectFrom('smtp_integrations').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
}

export function findIntegrationById(db: Executor<Db>, id: string): Promise<SmtpIntegrationRow | undefined> {
  return db.selectFrom('smtp_integrations').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The organization's default integration; undefined: it sends through the platform's SMTP. */
export function findDefaultIntegration(db: Executor<Db>, orgId: string): Promise<SmtpIntegrationRow | undefined> {
  return db.selectFrom('smtp_integrations').selectAll().where('org_id', '=', orgId).where('is_default', '=', true).executeTakeFirst();
}

/** Integrations whose webhook URL names this user (`/smtp_webhook/{userId}/sendgrid`). */
export function integrationsOfUser(db: Executor<Db>, userId: string): Promise<SmtpIntegrationRow[]> {
  return db.selectFrom('smtp_integrations').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

async function clearDefault(db: Executor<Db>, orgId: string, except?: string): Promise<void> {
  let query = db.updateTable('smtp_integrations').set({ is_default: false }).where('org_id', '=', orgId).where('is_default', '=', true);
  if (except) query = query.where('id', '!=', except);
  await query.execute();
}

export async function insertIntegration(db: Executor<Db>, row: NewSmtpIntegration & { id: string }): Promise<SmtpIntegrationRow> {
  if (row.is_default) await clearDefault(db, row.org_id);
  return db.insertInto('smtp_integrations').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function updateIntegration(db: Executor<Db>, orgId: string, id: string, changes: SmtpIntegrationUpdate): Promise<SmtpIntegrationRow | undefined> {
  if (changes.is_default) await clearDefault(db, orgId, id);
  return db.updateTable('smtp_integrations').set(changes).where('org_id', '=', orgId).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteIntegration(db: Executor<Db>, orgId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('smtp_integrations').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
