// resolve-price: the catalogue's prices by product code, read from Stripe (lookup_key = code).
// On a test-mode account a missing price is created once (idempotency key per code), so a fresh
// Stripe test account or the local stand-in needs no manual setup; live mode never creates.
import type Stripe from 'stripe';
import { AppError, ErrorCode } from '@lectern/service-kit';
import { CATALOGUE, PRODUCT_CODES, type ProductCode } from './product-codes.ts';

export interface ResolvedPrice {
  price_id: string;
  unit_amount_cents: number;
  currency: string;
  interval: 'month' | 'year' | null;
  metadata: { Interval: 'monthly' | 'yearly' | 'one_time' };
}

const CACHE_MS = 60_000;

export class PriceCatalogue {
  readonly #stripe: Stripe;
  readonly #mayCreate: boolean;
  #cache: { at: number; prices: Map<ProductCode, ResolvedPrice> } | undefined;
  #loading: Promise<Map<ProductCode, ResolvedPrice>> | undefined;

  constructor(stripe: Stripe, options: { mayCreate: boolean }) {
    this.#stripe = stripe;
    this.#mayCreate = options.mayCreate;
  }

  /** All six codes (a short-lived cache: prices change rarely; every instance reads Stripe itself). */
  async all(): Promise<Map<ProductCode, ResolvedPrice>> {
    if (this.#cache && Date.now() - this.#cache.at < CACHE_MS) return this.#cache.prices;
    this.#loading ??= this.#load().finally(() => (this.#loading = undefined));
    const prices = await this.#loading;
    this.#cache = { at: Date.now(), prices };
    return prices;
  }

  async resolve(codes: readonly ProductCode[]): Promise<Record<string, ResolvedPrice>> {
    const all = await this.all();
    return Object.fromEntries(codes.map((code) => [code, all.get(code)!]));
  }

  /** The product code of a price id, or undefined when it is not one of the catalogue's. */
  async codeOf(priceId: string): Promise<ProductCode | undefined> {
    for (const [code, price] of await this.all()) if (price.price_id === priceId) return code;
    return undefined;
  }

  async #load(): Promise<Map<ProductCode, ResolvedPrice>> {
    const found = new Map<ProductCode, Stripe.Price>();
    // lookup_keys takes at most 10 keys; six fit in one page.
    for await (const price of this.#stripe.prices.list({ lookup_keys: [...PRODUCT_CODES], active: true, limit: 100 })) {
      const code = price.lookup_key as ProductCode | null;
      if (code && (PRODUCT_CODES as readonly string[]).includes(code) && !found.has(code)) found.set(code, price);
    }
    for (const code of PRODUCT_CODES) {
      if (found.has(code)) continue;
      if (!this.#mayCreate) throw new AppError(ErrorCode.DEPENDENCY_UNAVAILABLE, { detail: `Stripe has no active price with lookup_key ${code}` });
      found.set(code, await this.#create(code));
    }
    return new Map([...found].map(([code, price]) => [code, toResolved(price)]));
  }

  async #create(code: ProductCode): Promise<Stripe.Price> {
    const entry = CATALOGUE[code];
    const product = await this.#stripe.products.create({ name: entry.productName, metadata: { productCode: code } }, { idempotencyKey: `lectern-catalogue-product-${code}-v1` });
    return this.#stripe.prices.create(
      {
        product: product.id,
        currency: 'usd',
        unit_amount: entry.defaultAmountCents,
        lookup_key: code,
        ...(entry.interval ? { recurring: { interval: entry.interval } } : {}),
        metadata: { productCode: code },
      },
      { idempotencyKey: `lectern-catalogue-price-${code}-v1` },
    );
  }
}

function toResolved(price: Stripe.Price): ResolvedPrice {
  const interval = (price.recurring?.interval ?? null) as 'month' | 'year' | null;
  return {
    price_id: price.id,
    unit_amount_cents: price.unit_amount ?? 0,
    currency: price.currency,
    interval,
    metadata: { Interval: interval === 'month' ? 'monthly' : interval === 'year' ? 'yearly' : 'one_time' },
  };
}
