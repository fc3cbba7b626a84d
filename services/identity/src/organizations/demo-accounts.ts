// Local demo only (`npm start` sets IDENTITY_DEMO_ACCOUNTS=true): beside the bootstrap
// administrator, one account for every other area of the product, all in the bootstrap
// organization and all with the bootstrap password — a pastor, a member, and a company-staff
// administrator on the internal domain with the console and the special offer switched on.
import { sql } from 'kysely';
import type { IdentityContext } from '../context.ts';
import type { Role } from '../domain/role.resolution.ts';

export interface DemoAccount {
  email: string;
  role: Role;
  firstName: string;
  lastName: string;
  /** An active staff_users row (the console). */
  consoleStaff?: boolean;
}

/** The flags a company-staff demo user needs to reach the console and the offer pages. */
export const DEMO_FLAGS = ['features_staff_console_enabled', 'rss_migration_enabled', 'console_catalog_edit_enabled', 'console_mode_toggle_enabled', 'offers_cotr_enabled', 'analytics_enabled'] as const;

export function demoAccountsFor(companyDomain: string, churchDomain: string): DemoAccount[] {
  return [
    { email: `pastor@${churchDomain}`, role: 'PASTOR', firstName: 'Paula', lastName: 'Pastor' },
    { email: `member@${churchDomain}`, role: 'MEMBER', firstName: 'Mark', lastName: 'Member' },
    { email: `staff@${companyDomain}`, role: 'ADMIN', firstName: 'Sam', lastName: 'Staff', consoleStaff: true },
  ];
}

/** Creates the missing demo accounts in the administrator's organization; returns the e-mails created. */
export async function seedDemoAccounts(ctx: IdentityContext): Promise<string[]> {
  const adminEmail = ctx.config.IDENTITY_BOOTSTRAP_ADMIN_EMAIL?.trim().toLowerCase();
  const password = ctx.config.IDENTITY_BOOTSTRAP_ADMIN_PASSWORD;
  if (!ctx.config.IDENTITY_DEMO_ACCOUNTS || !adminEmail || !password) return [];
  const churchDomain = adminEmail.split('@')[1]!;
  const accounts = demoAccountsFor(ctx.companyDomains[0] ?? 'lectern.app', churchDomain);
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.demo_accounts'))`.execute(trx);
    const admin = await trx.selectFrom('users').select(['id', 'org_id']).where('email', '=', adminEmail).executeTakeFirst();
    if (!admin?.org_id) return [];
    await trx.updateTable('feature_flags').set({ enabled: true, updated_by: admin.id, updated_at: new Date() }).where('key', 'in', [...DEMO_FLAGS]).execute();
    const existing = new Set((await trx.selectFrom('users').select('email').where('email', 'in', accounts.map((a) => a.email)).execute()).map((u) => u.email));
    const missing = accounts.filter((a) => !existing.has(a.email));
    if (missing.length === 0) return [];
    const passwordHash = await ctx.hasher.hash(password);
    for (const account of missing) {
      await trx
        .insertInto('users')
        .values({ org_id: admin.org_id, email: account.email, first_name: account.firstName, last_name: account.lastName, phone: null, role: account.role, password_hash: passwordHash, email_verified_at: new Date() })
        .execute();
      if (account.consoleStaff) {
        await trx.insertInto('staff_users').values({ email: account.email, status: 'active' }).onConflict((oc) => oc.doNothing()).execute();
      }
    }
    return missing.map((a) => a.email);
  });
}
