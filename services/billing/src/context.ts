// What the use cases need, built once in app.ts.
import type { KitTables } from '@lectern/service-kit';
import type { Kysely, Transaction } from 'kysely';
import type Stripe from 'stripe';
import type { PriceCatalogue } from './catalogue/price.catalogue.ts';
import type { BillingConfig } from './config.ts';
import type { BillingDatabase } from './data/database.ts';

export type BillingDb = Kysely<BillingDatabase & KitTables>;
export type BillingTrx = Transaction<BillingDatabase & KitTables>;

export interface BillingContext {
  db: BillingDb;
  config: BillingConfig;
  stripe: Stripe;
  catalogue: PriceCatalogue;
}
