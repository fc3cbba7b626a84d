// customers: one Stripe customer per organization.
import type { BillingDb, BillingTrx } from '../context.ts';

type Db = BillingDb | BillingTrx;

export async function orgOfCustomer(db: Db, stripeCustomerId: string): Promise<string | null> {
  const row = await db.selectFrom('customers').select('org_id').where('stripe_customer_id', '=', stripeCustomerId).executeTakeFirst();
  return row?.org_id ?? null;
}

export async function customerOfOrg(db: Db, orgId: string): Promise<string | null> {
  const row = await db.selectFrom('customers').select('stripe_customer_id').where('org_id', '=', orgId).executeTakeFirst();
  return row?.stripe_customer_id ?? null;
}

export async function saveCustomer(db: Db, orgId: string, stripeCustomerId: string, email: string): Promise<void> {
  await db.insertInto('customers').values({ org_id: orgId, stripe_customer_id: stripeCustomerId, email }).onConflict((oc) => oc.column('org_id').doNothing()).execute();
}
