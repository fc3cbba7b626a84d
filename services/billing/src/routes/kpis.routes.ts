// GET /kpis: company staff only (the console); figures from billing's own records.
import { requireCompanyStaff } from '@lectern/service-kit';
import type { ServiceInstance } from '@lectern/service-kit';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { BillingContext } from '../context.ts';

export async function kpiRoutes(app: ServiceInstance, { ctx }: { ctx: BillingContext }): Promise<void> {
  app.get('/kpis', {
    onRequest: requireCompanyStaff,
    schema: {
      tags: ['console'],
      summary: 'Paying customers and revenue (company staff)',
      response: { 200: Type.Object({ payingCustomers: Type.Integer(), revenueCents: Type.Integer(), currency: Type.String() }) },
    },
  }, async () => {
    // Paying: an organization whose subscription is active or past due (trials have not paid yet).
    const paying = await ctx.db
      .selectFrom('subscriptions')
      .select(sql<number>`count(distinct org_id)::int`.as('n'))
      .where('status', 'in', ['active', 'past_due'])
      .executeTakeFirstOrThrow();
    const revenue = await ctx.db
      .selectFrom('invoices')
      .select([sql<number>`coalesce(sum(amount_paid), 0)::bigint`.as('cents'), 'currency'])
      .where('status', '=', 'paid')
      .groupBy('currency')
      .orderBy(sql`sum(amount_paid)`, 'desc')
      .execute();
    const main = revenue[0];
    return { payingCustomers: paying.n, revenueCents: Number(main?.cents ?? 0), currency: main?.currency ?? 'usd' };
  });
}
