// The staff console's server side in identity (spec 001 §2, §3, §7): the console profile (the
// console gate's probe), the TEST/LIVE mode switch, the catalog sync and the identity KPIs.
// Answered only to an active staff user (a staff_users row, e-mail confirmed) while the console
// flags are on — checked against the database on every call, not only the token's claim.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { AppError, ErrorCode, requireCompanyDomainStaff, requireCompanyStaff } from '@lectern/service-kit';
import { funnel } from '../analytics/analytics.repository.ts';
import type { IdentityContext } from '../context.ts';
import type { ConsoleMode } from '../data/console-settings.table.ts';
import { isStaffUser } from '../domain/role.resolution.ts';
import { readFlags } from '../flags/flag.repository.ts';

/** Console pages need both (spec 001 §6); the two functions below need their own flag too. */
export const CONSOLE_FLAGS = ['features_staff_console_enabled', 'rss_migration_enabled'] as const;

/** The confirmation the mode switch asks the operator to type (built from the target mode). */
export const modeConfirmation = (mode: ConsoleMode) => `SWITCH TO ${mode}`;

const consoleClosed = () => new AppError(ErrorCode.FORBIDDEN, { detail: 'The staff console is not available to this account.' });

export async function consoleRoutes(app: FastifyInstance, options: { ctx: IdentityContext }): Promise<void> {
  const { db } = options.ctx;

  /** A staff user (fresh from the database) with the console flags on; returns the flags. */
  async function requireConsole(request: FastifyRequest): Promise<Record<string, boolean>> {
    await requireCompanyStaff(request, undefined as never);
    const user = await db.selectFrom('users').select(['email', 'email_verified_at']).where('id', '=', request.user.userId).executeTakeFirst();
    if (!user?.email_verified_at) throw consoleClosed();
    const staffRows = await db.selectFrom('staff_users').select(['email', 'status']).where((eb) => eb(eb.fn('lower', ['email']), '=', user.email.toLowerCase())).execute();
    if (!isStaffUser(user.email, staffRows)) throw consoleClosed();
    const flags = await readFlags(db, null);
    if (!CONSOLE_FLAGS.every((key) => flags[key] === true)) throw consoleClosed();
    return flags;
  }

  const settings = () => db.selectFrom('console_settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const profileJson = async () => {
    const row = await settings();
    return { mode: row.mode, catalogItems: row.catalog_items.length };
  };
  const Profile = Type.Object({ mode: Type.Union([Type.Literal('TEST'), Type.Literal('LIVE')]), catalogItems: Type.Integer() });

  app.get('/console/profile', {
    schema: { tags: ['console'], summary: 'console-stripe-profile: mode and catalog item count (the console gate)', response: { 200: Type.Intersect([Profile, Type.Object({ modeToggle: Type.Boolean(), catalogEdit: Type.Boolean(), analytics: Type.Boolean() })]) } },
  }, async (request) => {
    const flags = await requireConsole(request);
    return { ...(await profileJson()), modeToggle: flags.console_mode_toggle_enabled === true, catalogEdit: flags.console_catalog_edit_enabled === true, analytics: flags.analytics_enabled === true };
  });

  app.post('/console/mode', {
    schema: {
      tags: ['console'],
      summary: 'console-stripe-mode: switch TEST/LIVE; the confirmation must read "SWITCH TO <mode>"',
      body: Type.Object({ mode: Type.Union([Type.Literal('TEST'), Type.Literal('LIVE')]), confirmation: Type.String({ maxLength: 100 }) }),
      response: { 200: Profile },
    },
  }, async (request) => {
    const flags = await requireConsole(request);
    if (flags.console_mode_toggle_enabled !== true) throw new AppError(ErrorCode.FORBIDDEN, { detail: 'Failed to set mode: the mode switch is turned off.' });
    const { mode, confirmation } = request.body as { mode: ConsoleMode; confirmation: string };
    if (confirmation.trim() !== modeConfirmation(mode)) {
      throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: `Failed to set mode: type "${modeConfirmation(mode)}" to confirm.` });
    }
    await db.updateTable('console_settings').set({ mode, updated_by: request.user.userId, updated_at: sql`now()` }).where('id', '=', 1).execute();
    request.log.info({ mode, by: request.user.userId }, 'console mode switched');
    return profileJson();
  });

  app.post('/console/catalog', {
    schema: {
      tags: ['console'],
      summary: 'console-stripe-catalog: replace the synced catalog items',
      body: Type.Object({ items: Type.Array(Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }), name: Type.Optional(Type.String({ maxLength: 200 })) }), { maxItems: 200 }) }),
      response: { 200: Profile },
    },
  }, async (request) => {
    const flags = await requireConsole(request);
    if (flags.console_catalog_edit_enabled !== true) throw new AppError(ErrorCode.FORBIDDEN, { detail: 'Catalog update failed: catalog editing is turned off.' });
    const { items } = request.body as { items: { code: string; name?: string }[] };
    await db.updateTable('console_settings').set({ catalog_items: JSON.stringify(items), updated_by: request.user.userId, updated_at: sql`now()` }).where('id', '=', 1).execute();
    return profileJson();
  });

  app.get('/console/kpis', {
    schema: {
      tags: ['console'],
      summary: 'console-kpis (identity part): leads total / initiated / converted and organizations',
      response: { 200: Type.Object({ totalLeads: Type.Integer(), initiatedLeads: Type.Integer(), convertedLeads: Type.Integer(), organizations: Type.Integer() }) },
    },
  }, async (request) => {
    await requireConsole(request);
    const leads = await db
      .selectFrom('leads')
      .select([
        sql<number>`count(*)::int`.as('total'),
        sql<number>`count(*) filter (where status = 'initiated')::int`.as('initiated'),
        sql<number>`count(*) filter (where status = 'converted')::int`.as('converted'),
      ])
      .executeTakeFirstOrThrow();
    const organizations = await db.selectFrom('organizations').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    return { totalLeads: leads.total, initiatedLeads: leads.initiated, convertedLeads: leads.converted, organizations: organizations.n };
  });

  app.get('/console/analytics/funnel', {
    schema: {
      tags: ['console'],
      summary: 'Product analytics funnel landing → pricing → signup → paid (company-domain staff, analytics_enabled)',
      querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 730, default: 30 })) }),
      response: {
        200: Type.Object({
          since: Type.String(),
          days: Type.Integer(),
          steps: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), visitors: Type.Integer(), conversionPct: Type.Union([Type.Number(), Type.Null()]) })),
        }),
      },
    },
  }, async (request) => {
    await requireCompanyDomainStaff(request, undefined as never);
    const flags = await requireConsole(request);
    if (flags.analytics_enabled !== true) throw new AppError(ErrorCode.FORBIDDEN, { detail: 'Analytics is turned off.', extensions: { reason: 'analytics_disabled' } });
    const days = (request.query as { days?: number }).days ?? 30;
    const since = new Date(Date.now() - days * 86_400_000);
    return { since: since.toISOString(), days, steps: await funnel(db, since) };
  });
}
