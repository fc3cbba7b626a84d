import type { Db } from '../data/database.ts';

/** Every flag's value for a caller: the global value, replaced by the organization's override. */
export async function readFlags(db: Db, orgId: string | null): Promise<Record<string, boolean>> {
  const globals = await db.selectFrom('feature_flags').select(['key', 'enabled']).orderBy('key').execute();
  const overrides = orgId === null ? [] : await db.selectFrom('feature_flag_overrides').select(['key', 'enabled']).where('org_id', '=', orgId).execute();
  const flags: Record<string, boolean> = {};
  for (const row of globals) flags[row.key] = row.enabled;
  for (const row of overrides) flags[row.key] = row.enabled;
  return flags;
}

export async function flagExists(db: Db, key: string): Promise<boolean> {
  return (await db.selectFrom('feature_flags').select('key').where('key', '=', key).executeTakeFirst()) !== undefined;
}

export async function setGlobalFlag(db: Db, key: string, enabled: boolean, by: string): Promise<void> {
  await db.updateTable('feature_flags').set({ enabled, updated_by: by, updated_at: new Date() }).where('key', '=', key).execute();
}

export async function setOrgOverride(db: Db, key: string, orgId: string, enabled: boolean, by: string): Promise<void> {
  await db
    .insertInto('feature_flag_overrides')
    .values({ key, org_id: orgId, enabled, updated_by: by })
    .onConflict((oc) => oc.columns(['key', 'org_id']).doUpdateSet({ enabled, updated_by: by, updated_at: new Date() }))
    .execute();
}
