// The first administrator of a fresh deployment. Paid signup (billing) is what normally creates
// an organization's ADMIN; before any exists, IDENTITY_BOOTSTRAP_ADMIN_EMAIL/_PASSWORD create one
// with its organization at start — once: a later start finds the e-mail and changes nothing.
import { sql } from 'kysely';
import { appendEvent } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import { deriveSubdomain } from '../domain/signup.rules.ts';
import { insertOrganization } from './organization.repository.ts';

export type BootstrapOutcome = 'created' | 'exists' | 'off';

export async function bootstrapAdmin(ctx: IdentityContext): Promise<BootstrapOutcome> {
  const { IDENTITY_BOOTSTRAP_ADMIN_EMAIL: rawEmail, IDENTITY_BOOTSTRAP_ADMIN_PASSWORD: password, IDENTITY_BOOTSTRAP_ORGANIZATION: name } = ctx.config;
  if (!rawEmail || !password) return 'off';
  const email = rawEmail.trim().toLowerCase();
  return ctx.db.transaction().execute(async (trx) => {
    // Instances starting together create the administrator once.
    await sql`select pg_advisory_xact_lock(hashtext(current_schema() || '.bootstrap_admin'))`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    if (existing) return 'exists';
    // Hashed only when the account is made: a normal start costs no argon2 work.
    const passwordHash = await ctx.hasher.hash(password);
    let subdomain = deriveSubdomain(name);
    const taken = await trx.selectFrom('organizations').select('id').where('subdomain', '=', subdomain).executeTakeFirst();
    if (taken) subdomain = `${subdomain}-${Date.now().toString(36)}`;
    // No personal name is known, so none is made up ("Lectern Admin" had the dashboard greet
    // "Welcome, Lectern."): the name is the role, "Admin", as spec 000's dashboard greets a user
    // without a name. One name part is needed: a user with neither goes to /onboarding.
    const user = await trx
      .insertInto('users')
      .values({ org_id: null, email, first_name: 'Admin', last_name: null, phone: null, role: 'ADMIN', password_hash: passwordHash, email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const organizationId = await insertOrganization(trx, { name, subdomain, domain: null, plan_label: null, created_by: user.id });
    await trx.updateTable('users').set({ org_id: organizationId }).where('id', '=', user.id).execute();
    await appendEvent(trx, createEvent('identity.organization.created.v1', {
      orgId: organizationId,
      subject: organizationId,
      data: { organizationId, name, subdomain, domain: null, plan: null, createdBy: user.id, via: 'bootstrap' },
    }));
    return 'created';
  });
}
