// The six product codes of spec 001 §7/§9 and what each one means for the plan. In Stripe each
// code is a price's `lookup_key`, so prices can change in the dashboard without a deploy.

export const PRODUCT_CODES = ['PREMIUM_MONTHLY', 'PREMIUM_YEARLY', 'SEED_MONTHLY', 'SEED_YEARLY', 'COTR_SPECIAL_YEARLY', 'COTR_WHITE_GLOVE_MIGRATION'] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

export interface CatalogueEntry {
  code: ProductCode;
  productName: string;
  /** the plan the organization gets (quota, seats); null for one-time items */
  plan: 'standard' | 'premium' | null;
  interval: 'month' | 'year' | null;
  /** the amount billing creates the price with when the account has none (cents, usd) */
  defaultAmountCents: number;
}

export const CATALOGUE: Record<ProductCode, CatalogueEntry> = {
  PREMIUM_MONTHLY: { code: 'PREMIUM_MONTHLY', productName: 'Lectern Premium', plan: 'premium', interval: 'month', defaultAmountCents: 49_700 },
  PREMIUM_YEARLY: { code: 'PREMIUM_YEARLY', productName: 'Lectern Premium', plan: 'premium', interval: 'year', defaultAmountCents: 356_400 },
  SEED_MONTHLY: { code: 'SEED_MONTHLY', productName: 'Lectern Standard', plan: 'standard', interval: 'month', defaultAmountCents: 29_700 },
  SEED_YEARLY: { code: 'SEED_YEARLY', productName: 'Lectern Standard', plan: 'standard', interval: 'year', defaultAmountCents: 118_800 },
  COTR_SPECIAL_YEARLY: { code: 'COTR_SPECIAL_YEARLY', productName: 'Lectern Premium — special offer (annual)', plan: 'premium', interval: 'year', defaultAmountCents: 356_400 },
  COTR_WHITE_GLOVE_MIGRATION: { code: 'COTR_WHITE_GLOVE_MIGRATION', productName: 'White-glove sermon migration', plan: null, interval: null, defaultAmountCents: 100_000 },
};

export const isProductCode = (value: string): value is ProductCode => (PRODUCT_CODES as readonly string[]).includes(value);
