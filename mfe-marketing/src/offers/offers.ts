// Offer definitions (spec 001 §3 Offer definition, §9 Special offer).
import type { ProductCode } from '../billing/billing.client.ts';

export interface OfferDefinition {
  key: string;
  name: string;
  description: string;
  products: { productCode: ProductCode; name: string; description: string; features: string[] }[];
  primaryProductCode: ProductCode;
  /** one-time items billed on the first invoice */
  invoiceItemCodes: ProductCode[];
  customPricing?: { annualLabel: string; savings: string };
  features: string[];
  defaultPlan: 'standard' | 'premium';
  defaultInterval: 'monthly' | 'annual';
}

export const COTR_SPECIAL: OfferDefinition = {
  key: 'cotr',
  name: 'Exclusive church bundle',
  description: 'A year of Lectern Premium plus white-glove migration of your past sermons.',
  products: [
    { productCode: 'COTR_SPECIAL_YEARLY', name: 'Lectern Premium — annual', description: 'Retail $5,964', features: ['Transcripts and outlines', '5-day devotionals (short and long)', 'Small-group guides', 'Members area', '4 staff seats', 'Priority live chat'] },
    { productCode: 'COTR_WHITE_GLOVE_MIGRATION', name: 'White-glove sermon migration', description: 'Retail $17,820', features: ['Up to 5 years or about 260 videos', 'About 2–3 weeks of migration'] },
  ],
  primaryProductCode: 'COTR_SPECIAL_YEARLY',
  invoiceItemCodes: ['COTR_WHITE_GLOVE_MIGRATION'],
  customPricing: { annualLabel: '$3,564 per year', savings: 'Save $19,220 on a $23,784 standard value' },
  features: ['Annual subscription $3,564 (retail $5,964)', 'Migration $1,000 (retail $17,820)', '$4,564 paid up front'],
  defaultPlan: 'premium',
  defaultInterval: 'annual',
};

export const DEFAULT_OFFER: OfferDefinition = {
  key: 'default',
  name: 'Lectern Premium',
  description: 'Premium, billed annually.',
  products: [{ productCode: 'PREMIUM_YEARLY', name: 'Lectern Premium — annual', description: '$297/month billed annually', features: ['Transcripts and outlines', 'Small-group guides', '4 staff seats'] }],
  primaryProductCode: 'PREMIUM_YEARLY',
  invoiceItemCodes: [],
  features: ['Premium plan', 'Billed annually'],
  defaultPlan: 'premium',
  defaultInterval: 'annual',
};

export const OFFER_MESSAGES = {
  expired: 'Session expired. Please start over.',
  invalid: 'Invalid session data. Please start over.',
  missing: 'No checkout session found. Please start from the beginning.',
  prepareFailed: 'Failed to prepare checkout. Please start over.',
  pricingFailed: 'Failed to load pricing information',
  domainTaken: 'An organization already exists for this domain. Please join instead.',
  createFailed: 'Failed to create organization. Please try again.',
} as const;
