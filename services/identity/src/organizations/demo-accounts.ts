// Local demo only (`npm start` sets IDENTITY_DEMO_ACCOUNTS=true): beside the bootstrap
// administrator, one account for every other area of the product, all in the bootstrap
// organization and all with the bootstrap password — a pastor, a member, and a company-staff
// administrator on the internal domain with the console and the special offer switched on.
import { sql } from 'kysely';
import { appendEvent } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
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

/** The plan `npm start` pays for the demo church (deploy/local/src/launcher/demo-subscription.ts): Standard, monthly (SEED_MONTHLY). */
export const DEMO_PLAN = { plan: 'standard', interval: 'monthly' } as const;

/**
 * Local demo only: the bootstrap organization has no subscription, so its administrator's e-mail is
 * recorded as a signup lead for the demo plan (as signup step 1 records one), which is what lets
 * billing prepare its subscription; the launcher then pays the first invoice with a Stripe test
 * card through billing. The lead is marked converted at once: its ADMIN already exists, no
 * password or checkout token rides with it. Once per organization; nothing when it is subscribed.
 * Returns the lead created, or null.
 */
export async function seedDemoSignupLead(ctx: IdentityContext): Promise<string | null> {
  const adminEmail = ctx.config.IDENTITY_BOOTSTRAP_ADMIN_EMAIL?.trim().toLowerCase();
  if (!ctx.config.IDENTITY_DEMO_ACCOUNTS || !adminEmail) return null;
  return ctx.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.demo_signup_lead'))`.execute(trx);
    const admin = await trx
      .selectFrom('users')
      .innerJoin('organizations', 'organizations.id', 'users.org_id')
      .select(['users.first_name', 'users.last_name', 'organizations.id as orgId', 'organizations.subscription_status'])
      .where('users.email', '=', adminEmail)
      .executeTakeFirst();
    if (!admin || admin.subscription_status) return null;
    const recorded = await trx.selectFrom('leads').select('id').where('org_id', '=', admin.orgId).where('email', '=', adminEmail).executeTakeFirst();
    if (recorded) return null;
    const now = new Date();
    const firstName = admin.first_name ?? '';
    const lastName = admin.last_name ?? '';
    const lead = await trx
      .insertInto('leads')
      .values({ org_id: admin.orgId, email: adminEmail, first_name: firstName, last_name: lastName, phone: null, plan: DEMO_PLAN.plan, billing_interval: DEMO_PLAN.interval, status: 'converted', converted_at: now, password_hash: null, checkout_token_hash: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await appendEvent(trx, createEvent('identity.lead.initiated.v1', {
      orgId: admin.orgId,
      subject: lead.id,
      data: { leadId: lead.id, organizationId: admin.orgId, email: adminEmail, firstName, lastName, plan: DEMO_PLAN.plan, interval: DEMO_PLAN.interval },
    }));
    return lead.id;
  });
}
