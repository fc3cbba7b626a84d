// A small stateful Stripe for local runs and tests (ADR 0013). stripe-mock checks request shapes but
// remembers nothing and sends no webhooks; this stand-in remembers customers, products, prices,
// subscriptions, invoices and payment intents, moves trials and billing periods on a clock the
// tests control, and delivers SIGNED events (Stripe-Signature, as Stripe computes it) to the
// webhook endpoint, retrying until it answers 2xx. It speaks Stripe's wire protocol: bearer
// secret key, form-encoded bodies, `expand[]`, list paging (`limit`, `starting_after`,
// `has_more`), `Idempotency-Key` replay, 429 rate limiting, Stripe's error bodies. Every API
// request it serves is logged so a test can replay the same shapes against stripe-mock.
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { asArray, asRecord, parseStripeForm, type FormValue } from './form.ts';

export const STANDIN_API_VERSION = '2026-10-28.endive';

export interface StripeStandInOptions {
  port?: number;
  host?: string;
  /** where events are POSTed; more can be added with addWebhookEndpoint */
  webhookUrl?: string;
  webhookSecret?: string;
  /** API requests per second before 429 (Stripe's test mode allows 25; benches need more) */
  rateLimitPerSec?: number;
  /** delay before the first delivery attempt of each event (ms) */
  deliveryDelayMs?: number;
  log?: (line: string) => void;
}

export interface LoggedRequest {
  method: string;
  path: string;
  body: string;
  query: string;
  idempotencyKey: string | undefined;
}

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  attempts: number;
  status: number | null;
}

type Obj = Record<string, unknown> & { id: string; object: string; created?: number };

/** What a restart keeps (npm start saves it under .lectern/): the objects, the idempotent answers, the clock. */
export interface StandInState {
  objects: Record<string, Obj[]>;
  idempotent: [string, { hash: string; status: number; body: unknown }][];
  clockOffsetSec: number;
  seq: number;
}
interface Endpoint {
  url: string;
  secret: string;
}

class StripeError extends Error {
  readonly status: number;
  readonly body: Record<string, unknown>;
  constructor(status: number, body: Record<string, unknown>) {
    super(String(body.message));
    this.status = status;
    this.body = body;
  }
}

const invalid = (message: string, param?: string) => new StripeError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });
const missing = (kind: string, id: string) => new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });

const PERIOD_SECONDS: Record<string, number> = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400, year: 365 * 86_400 };
const DECLINING_METHODS: Record<string, { code: string; decline_code: string; message: string }> = {
  pm_card_chargeDeclined: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  pm_card_visa_chargeDeclinedInsufficientFunds: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  pm_card_chargeDeclinedExpiredCard: { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' },
};
const ACCEPTED_METHODS = new Set(['pm_card_visa', 'pm_card_mastercard', 'pm_card_amex']);

export class StripeStandIn {
  readonly requests: LoggedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  readonly #o: StripeStandInOptions;
  readonly #store = new Map<string, Map<string, Obj>>();
  readonly #idempotent = new Map<string, { hash: string; status: number; body: unknown }>();
  readonly #endpoints: Endpoint[] = [];
  readonly #deliveryQueue: { event: Obj; endpoint: Endpoint; attempts: number; record: Delivery }[] = [];
  #clockOffsetSec = 0;
  #server: http.Server | undefined;
  #window = { second: 0, count: 0 };
  #delivering = false;
  #stopped = false;
  #seq = 0;

  constructor(options: StripeStandInOptions = {}) {
    this.#o = options;
    if (options.webhookUrl) this.addWebhookEndpoint(options.webhookUrl, options.webhookSecret ?? `whsec_${randomBytes(24).toString('hex')}`);
  }

  /** Seconds since the epoch on the stand-in's clock. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.#clockOffsetSec;
  }

  addWebhookEndpoint(url: string, secret: string): Endpoint {
    const endpoint = { url, secret };
    this.#endpoints.push(endpoint);
    return endpoint;
  }

  async start(): Promise<string> {
    this.#server = http.createServer((req, res) => void this.#serve(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(this.#o.port ?? 0, this.#o.host ?? '127.0.0.1', resolve));
    return this.baseUrl;
  }

  get baseUrl(): string {
    const address = this.#server?.address() as AddressInfo | undefined;
    if (!address) throw new Error('stripe stand-in is not started');
    return `http://127.0.0.1:${address.port}`;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await new Promise<void>((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
    this.#server?.closeAllConnections();
  }

  /** The objects, idempotent answers and clock as JSON-safe data (events in flight are not kept). */
  state(): StandInState {
    return {
      objects: Object.fromEntries([...this.#store].map(([object, table]) => [object, [...table.values()]])),
      idempotent: [...this.#idempotent],
      clockOffsetSec: this.#clockOffsetSec,
      seq: this.#seq,
    };
  }

  /** Takes over a saved state: the customers, prices and subscriptions a database still refers to. */
  restore(state: StandInState): void {
    this.#store.clear();
    for (const [object, rows] of Object.entries(state.objects)) this.#store.set(object, new Map(rows.map((row) => [row.id, row])));
    this.#idempotent.clear();
    for (const [key, answer] of state.idempotent) this.#idempotent.set(key, answer);
    this.#clockOffsetSec = state.clockOffsetSec;
    this.#seq = state.seq;
  }

  /** Moves the clock: trials end, periods renew or cancel, stale incomplete subscriptions expire. */
  advanceClock(seconds: number): void {
    this.#clockOffsetSec += seconds;
    const now = this.now();
    for (const sub of this.#all('subscription')) {
      const item = this.#firstItem(sub);
      if (sub.status === 'incomplete' && now - Number(sub.created) > 23 * 3600) {
        this.#update(sub, { status: 'incomplete_expired' }, 'customer.subscription.updated');
      } else if (sub.status === 'trialing' && Number(sub.trial_end) <= now) {
        this.#renew(sub, item, Number(sub.trial_end));
      } else if ((sub.status === 'active' || sub.status === 'past_due') && Number(item.current_period_end) <= now) {
        if (sub.cancel_at_period_end) this.#update(sub, { status: 'canceled', canceled_at: now, ended_at: now }, 'customer.subscription.deleted');
        else this.#renew(sub, item, Number(item.current_period_end));
      }
    }
  }

  /** Signed events waiting or delivered, for tests. */
  pendingDeliveries(): number {
    return this.#deliveryQueue.length;
  }

  async waitForDeliveries(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.#deliveryQueue.length > 0 || this.#delivering) {
      if (Date.now() > deadline) throw new Error(`stripe stand-in: ${this.#deliveryQueue.length} webhook deliveries still pending`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  // ── HTTP ──────────────────────────────────────────────────────────────────────────────────

  async #serve(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://standin');
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(8).toString('hex')}`, 'stripe-version': STANDIN_API_VERSION });
      res.end(JSON.stringify(payload));
    };
    try {
      if (url.pathname.startsWith('/_standin/')) return send(200, this.#control(req.method ?? 'GET', url.pathname, body ? (JSON.parse(body) as Record<string, unknown>) : {}));
      const auth = req.headers.authorization ?? '';
      if (!/^Bearer (sk|rk)_test_\S+$/.test(auth)) throw new StripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key provided.' });
      if (!this.#admit()) throw new StripeError(429, { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly.' });
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body, query: url.search.slice(1), idempotencyKey });
      const params = parseStripeForm(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body);
      if (idempotencyKey && req.method === 'POST') {
        const hash = createHash('sha256').update(`${url.pathname}\n${body}`).digest('hex');
        const seen = this.#idempotent.get(idempotencyKey);
        if (seen) {
          if (seen.hash !== hash) throw new StripeError(400, { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.` });
          res.setHeader('idempotent-replayed', 'true');
          return send(seen.status, seen.body);
        }
        const [status, payload] = this.#tryRoute(req.method ?? 'GET', url.pathname, params);
        this.#idempotent.set(idempotencyKey, { hash, status, body: payload });
        return send(status, payload);
      }
      const [status, payload] = this.#tryRoute(req.method ?? 'GET', url.pathname, params);
      return send(status, payload);
    } catch (error) {
      if (error instanceof StripeError) return send(error.status, { error: error.body });
      this.#o.log?.(`stripe stand-in: ${String(error)}`);
      return send(500, { error: { type: 'api_error', message: 'An unknown error occurred in the stand-in.' } });
    }
  }

  #tryRoute(method: string, path: string, params: Record<string, FormValue>): [number, unknown] {
    try {
      return [200, this.#route(method, path, params)];
    } catch (error) {
      if (error instanceof StripeError) return [error.status, { error: error.body }];
      throw error;
    }
  }

  #admit(): boolean {
    const second = Math.floor(Date.now() / 1000);
    if (this.#window.second !== second) this.#window = { second, count: 0 };
    this.#window.count += 1;
    return this.#window.count <= (this.#o.rateLimitPerSec ?? 1000);
  }

  #control(method: string, path: string, body: Record<string, unknown>): unknown {
    if (method === 'POST' && path === '/_standin/clock/advance') {
      this.advanceClock(Number(body.seconds ?? 0));
      return { now: this.now() };
    }
    if (method === 'GET' && path === '/_standin/clock') return { now: this.now() };
    if (method === 'GET' && path === '/_standin/deliveries') return { deliveries: this.deliveries.slice(-200), pending: this.#deliveryQueue.length };
    throw invalid(`Unknown stand-in control ${method} ${path}`);
  }

  #route(method: string, path: string, p: Record<string, FormValue>): unknown {
    const parts = path.split('/').filter(Boolean); // ['v1', 'customers', id?, action?]
    if (parts[0] !== 'v1') throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const [, resource, id, action] = parts;
    const expand = asArray(p.expand).map(String);
    switch (`${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`) {
      case 'POST customers':
        return this.#insert('customer', 'cus', { email: str(p.email), name: str(p.name), metadata: asRecord(p.metadata), livemode: false }, 'customer.created');
      case 'GET customers':
        return this.#list('customer', p, () => true);
      case 'GET customers/:id':
        return this.#get('customer', id!);
      case 'POST products':
        return this.#insert('product', 'prod', { name: required(p, 'name'), active: true, metadata: asRecord(p.metadata), livemode: false }, 'product.created');
      case 'POST prices':
        return this.#createPrice(p);
      case 'GET prices': {
        const keys = asArray(p.lookup_keys).map(String);
        return this.#list('price', p, (price) => (keys.length === 0 || keys.includes(String(price.lookup_key))) && (p.active === undefined || String(price.active) === String(p.active)), expand);
      }
      case 'GET prices/:id':
        return this.#get('price', id!);
      case 'POST subscriptions':
        return this.#expand(this.#createSubscription(p), expand);
      case 'GET subscriptions':
        return this.#list('subscription', p, (s) => p.customer === undefined || s.customer === p.customer, expand);
      case 'GET subscriptions/:id':
        return this.#expand(this.#get('subscription', id!), expand);
      case 'POST subscriptions/:id': {
        const sub = this.#get('subscription', id!);
        const changes: Record<string, unknown> = {};
        if (p.cancel_at_period_end !== undefined) changes.cancel_at_period_end = String(p.cancel_at_period_end) === 'true';
        if (p.metadata !== undefined) changes.metadata = { ...(sub.metadata as object), ...asRecord(p.metadata) };
        return this.#expand(this.#update(sub, changes, 'customer.subscription.updated'), expand);
      }
      case 'DELETE subscriptions/:id': {
        const sub = this.#get('subscription', id!);
        return this.#update(sub, { status: 'canceled', canceled_at: this.now(), ended_at: this.now() }, 'customer.subscription.deleted');
      }
      case 'GET invoices/:id':
        return this.#expand(this.#get('invoice', id!), expand);
      case 'GET invoices':
        return this.#list('invoice', p, (i) => (p.customer === undefined || i.customer === p.customer) && (p.subscription === undefined || this.#subscriptionOf(i) === p.subscription), expand);
      case 'GET payment_intents/:id':
        return this.#get('payment_intent', id!);
      case 'POST payment_intents/:id/confirm':
        return this.#confirm(this.#get('payment_intent', id!), p);
      case 'GET events':
        return this.#list('event', p, (e) => p.type === undefined || e.type === p.type);
      case 'GET events/:id':
        return this.#get('event', id!);
      default:
        throw new StripeError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  // ── objects ───────────────────────────────────────────────────────────────────────────────

  #table(object: string): Map<string, Obj> {
    let table = this.#store.get(object);
    if (!table) this.#store.set(object, (table = new Map()));
    return table;
  }

  #all(object: string): Obj[] {
    return [...this.#table(object).values()];
  }

  #newId(prefix: string): string {
    this.#seq += 1;
    return `${prefix}_${randomBytes(10).toString('hex')}${this.#seq.toString(36)}`;
  }

  #insert(object: string, prefix: string, fields: Record<string, unknown>, eventType?: string): Obj {
    const row = { id: this.#newId(prefix), object, created: this.now(), ...fields } as Obj;
    this.#table(object).set(row.id, row);
    if (eventType) this.#emit(eventType, row);
    return row;
  }

  #get(object: string, id: string): Obj {
    const row = this.#table(object).get(id);
    if (!row) throw missing(object.replace('_', ''), id);
    return row;
  }

  #update(row: Obj, changes: Record<string, unknown>, eventType?: string): Obj {
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(changes)) previous[key] = row[key];
    Object.assign(row, changes);
    if (eventType) this.#emit(eventType, row, previous);
    return row;
  }

  #list(object: string, p: Record<string, FormValue>, keep: (row: Obj) => boolean, expand: string[] = []): unknown {
    const limit = Math.min(Math.max(Number(p.limit ?? 10), 1), 100);
    // newest first, as Stripe lists
    let rows = this.#all(object).filter(keep).reverse();
    if (p.starting_after) {
      const at = rows.findIndex((r) => r.id === p.starting_after);
      rows = at >= 0 ? rows.slice(at + 1) : [];
    }
    const page = rows.slice(0, limit);
    const itemExpand = expand.filter((e) => e.startsWith('data.')).map((e) => e.slice(5));
    return { object: 'list', url: `/v1/${object}s`, has_more: rows.length > limit, data: page.map((r) => this.#expand(r, itemExpand)) };
  }

  /** A copy with the requested paths expanded (one or two levels, as the SDK asks here). */
  #expand(row: Obj, paths: string[]): Obj {
    const copy: Obj = structuredClone(row);
    const includeSecret = paths.some((p) => p.endsWith('confirmation_secret'));
    for (const path of paths) {
      const [first, second] = path.split('.');
      if (first === 'latest_invoice' && typeof copy.latest_invoice === 'string') copy.latest_invoice = structuredClone(this.#get('invoice', copy.latest_invoice));
      if (first === 'product' && typeof copy.product === 'string') copy.product = structuredClone(this.#get('product', copy.product));
      if (first === 'customer' && typeof copy.customer === 'string') copy.customer = structuredClone(this.#get('customer', copy.customer));
      void second;
    }
    // confirmation_secret is "includable": present only when expanded
    const stripSecret = (invoice: unknown) => {
      if (invoice && typeof invoice === 'object' && !includeSecret) delete (invoice as Record<string, unknown>).confirmation_secret;
    };
    if (copy.object === 'invoice') stripSecret(copy);
    stripSecret(copy.latest_invoice);
    return copy;
  }

  #createPrice(p: Record<string, FormValue>): Obj {
    const product = required(p, 'product');
    this.#get('product', product);
    const lookupKey = str(p.lookup_key);
    if (lookupKey && this.#all('price').some((x) => x.lookup_key === lookupKey && x.active)) {
      if (String(p.transfer_lookup_key) !== 'true') throw invalid(`A price (\`${lookupKey}\`) already uses that lookup key.`, 'lookup_key');
      for (const x of this.#all('price')) if (x.lookup_key === lookupKey) x.lookup_key = null;
    }
    const recurring = p.recurring ? asRecord(p.recurring) : null;
    return this.#insert('price', 'price', {
      active: true,
      currency: required(p, 'currency').toLowerCase(),
      unit_amount: Number(required(p, 'unit_amount')),
      lookup_key: lookupKey,
      product,
      recurring: recurring ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1), usage_type: 'licensed' } : null,
      type: recurring ? 'recurring' : 'one_time',
      metadata: asRecord(p.metadata),
      livemode: false,
    }, 'price.created');
  }

  #createSubscription(p: Record<string, FormValue>): Obj {
    const customer = this.#get('customer', required(p, 'customer'));
    const items = asArray(p.items).map((i) => asRecord(i as FormValue));
    if (items.length === 0) throw invalid('Missing required param: items.', 'items');
    const prices = items.map((i) => this.#get('price', i.price ?? ''));
    for (const price of prices) if (!price.recurring) throw invalid(`The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`, 'items');
    const extras = asArray(p.add_invoice_items).map((i) => this.#get('price', asRecord(i as FormValue).price ?? ''));
    for (const price of extras) if (price.recurring) throw invalid('add_invoice_items only accepts one-time prices.', 'add_invoice_items');
    const now = this.now();
    const trialEnd = p.trial_end ? Number(p.trial_end) : p.trial_period_days ? now + Number(p.trial_period_days) * 86_400 : null;
    const interval = String((prices[0]!.recurring as Record<string, unknown>).interval);
    const periodEnd = (trialEnd ?? now) + (trialEnd ? 0 : PERIOD_SECONDS[interval]!);
    const sub = this.#insert('subscription', 'sub', {
      customer: customer.id,
      status: trialEnd ? 'trialing' : 'incomplete',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? now : null,
      trial_end: trialEnd,
      default_payment_method: null,
      collection_method: 'charge_automatically',
      currency: prices[0]!.currency,
      metadata: asRecord(p.metadata),
      items: {
        object: 'list',
        url: '/v1/subscription_items',
        has_more: false,
        data: prices.map((price) => ({ id: this.#newId('si'), object: 'subscription_item', price, quantity: 1, current_period_start: now, current_period_end: periodEnd, created: now })),
      },
      latest_invoice: null,
      livemode: false,
    });
    const amount = trialEnd ? 0 : [...prices, ...extras].reduce((sum, price) => sum + Number(price.unit_amount), 0);
    const invoice = this.#createInvoice(sub, amount, trialEnd ? 'subscription_create' : 'subscription_create');
    sub.latest_invoice = invoice.id;
    this.#emit('customer.subscription.created', sub);
    return sub;
  }

  #createInvoice(sub: Obj, amount: number, reason: string): Obj {
    const invoice = this.#insert('invoice', 'in', {
      customer: sub.customer,
      status: amount === 0 ? 'paid' : 'open',
      amount_due: amount,
      amount_paid: amount === 0 ? 0 : 0,
      amount_remaining: amount,
      currency: sub.currency,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
      status_transitions: { finalized_at: this.now(), paid_at: amount === 0 ? this.now() : null },
      confirmation_secret: null,
      livemode: false,
    }, 'invoice.created');
    if (amount > 0) {
      const pi = this.#insert('payment_intent', 'pi', { amount, currency: sub.currency, customer: sub.customer, status: 'requires_payment_method', payment_method: null, last_payment_error: null, livemode: false });
      pi.client_secret = `${pi.id}_secret_${randomBytes(12).toString('hex')}`;
      pi.invoice = invoice.id;
      invoice.confirmation_secret = { client_secret: pi.client_secret, type: 'payment_intent' };
      invoice.payment_intent_id = pi.id;
    }
    this.#emit('invoice.finalized', invoice);
    if (amount === 0) this.#emit('invoice.paid', invoice);
    return invoice;
  }

  #confirm(pi: Obj, p: Record<string, FormValue>): Obj {
    const method = str(p.payment_method) ?? (pi.payment_method as string | null);
    if (!method) throw invalid('You must provide a payment method to confirm this PaymentIntent.', 'payment_method');
    if (pi.status === 'succeeded') throw new StripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'This PaymentIntent has already succeeded.' });
    const invoice = pi.invoice ? this.#get('invoice', String(pi.invoice)) : undefined;
    const sub = invoice ? this.#get('subscription', String(this.#subscriptionOf(invoice))) : undefined;
    const decline = DECLINING_METHODS[method];
    if (decline || !ACCEPTED_METHODS.has(method)) {
      const error = decline ?? { code: 'resource_missing', decline_code: '', message: `No such PaymentMethod: '${method}'` };
      this.#update(pi, { status: 'requires_payment_method', payment_method: null, last_payment_error: { type: 'card_error', ...error } }, 'payment_intent.payment_failed');
      if (invoice) this.#emit('invoice.payment_failed', invoice);
      throw new StripeError(decline ? 402 : 400, { type: decline ? 'card_error' : 'invalid_request_error', code: error.code, ...(decline ? { decline_code: error.decline_code } : {}), message: error.message, payment_intent: structuredClone(pi) });
    }
    this.#update(pi, { status: 'succeeded', payment_method: method, last_payment_error: null }, 'payment_intent.succeeded');
    if (invoice) this.#markPaid(invoice);
    if (sub && (sub.status === 'incomplete' || sub.status === 'past_due')) this.#update(sub, { status: 'active', default_payment_method: method }, 'customer.subscription.updated');
    return pi;
  }

  #markPaid(invoice: Obj): void {
    this.#update(invoice, { status: 'paid', amount_paid: invoice.amount_due, amount_remaining: 0, status_transitions: { ...(invoice.status_transitions as object), paid_at: this.now() } });
    this.#emit('invoice.paid', invoice);
    this.#emit('invoice.payment_succeeded', invoice);
  }

  /** A new period: invoice it and charge the saved payment method (trial end or renewal). */
  #renew(sub: Obj, item: Obj, from: number): void {
    const price = item.price as Obj;
    const interval = String((price.recurring as Record<string, unknown>).interval);
    for (const i of (sub.items as { data: Obj[] }).data) Object.assign(i, { current_period_start: from, current_period_end: from + PERIOD_SECONDS[interval]! });
    const invoice = this.#createInvoice(sub, Number(price.unit_amount), 'subscription_cycle');
    sub.latest_invoice = invoice.id;
    const method = sub.default_payment_method as string | null;
    if (method && ACCEPTED_METHODS.has(method)) {
      const pi = this.#get('payment_intent', String(invoice.payment_intent_id));
      this.#update(pi, { status: 'succeeded', payment_method: method }, 'payment_intent.succeeded');
      this.#markPaid(invoice);
      this.#update(sub, { status: 'active' }, 'customer.subscription.updated');
    } else {
      this.#emit('invoice.payment_failed', invoice);
      this.#update(sub, { status: 'past_due' }, 'customer.subscription.updated');
    }
  }

  #firstItem(sub: Obj): Obj {
    return (sub.items as { data: Obj[] }).data[0]!;
  }

  #subscriptionOf(invoice: Obj): string | null {
    return ((invoice.parent as Record<string, Record<string, unknown>> | null)?.subscription_details?.subscription as string | undefined) ?? null;
  }

  // ── events and signed delivery ──────────────────────────────────────────────────────────

  #emit(type: string, object: Obj, previous?: Record<string, unknown>): void {
    const snapshot = this.#expand(object, []);
    const event = this.#insert('event', 'evt', {
      api_version: STANDIN_API_VERSION,
      type,
      data: { object: snapshot, ...(previous ? { previous_attributes: structuredClone(previous) } : {}) },
      livemode: false,
      pending_webhooks: this.#endpoints.length,
      request: { id: null, idempotency_key: null },
    });
    for (const endpoint of this.#endpoints) {
      const record: Delivery = { eventId: event.id, type, url: endpoint.url, attempts: 0, status: null };
      this.deliveries.push(record);
      this.#deliveryQueue.push({ event, endpoint, attempts: 0, record });
    }
    setTimeout(() => void this.#deliver(), this.#o.deliveryDelayMs ?? 0);
  }

  async #deliver(): Promise<void> {
    if (this.#delivering || this.#stopped) return;
    this.#delivering = true;
    try {
      while (this.#deliveryQueue.length > 0 && !this.#stopped) {
        const next = this.#deliveryQueue[0]!;
        const payload = JSON.stringify(next.event);
        const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: next.endpoint.secret, timestamp: Math.floor(Date.now() / 1000) });
        next.attempts += 1;
        next.record.attempts = next.attempts;
        let status: number | null = null;
        try {
          const res = await fetch(next.endpoint.url, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload, signal: AbortSignal.timeout(10_000) });
          status = res.status;
          await res.arrayBuffer();
        } catch {
          status = null;
        }
        next.record.status = status;
        if (status !== null && status >= 200 && status < 300) {
          this.#deliveryQueue.shift();
          continue;
        }
        if (next.attempts >= 8) {
          this.#o.log?.(`stripe stand-in: gave up delivering ${next.event.id} (${String(next.event.type)}) to ${next.endpoint.url}`);
          this.#deliveryQueue.shift();
          continue;
        }
        // Stripe backs off over hours; locally: 0.25 s, 0.5 s, 1 s … 
        this.#deliveryQueue.push(this.#deliveryQueue.shift()!);
        await new Promise((r) => setTimeout(r, 250 * 2 ** Math.min(next.attempts - 1, 5)));
      }
    } finally {
      this.#delivering = false;
    }
  }
}

const str = (value: FormValue | undefined): string | null => (typeof value === 'string' && value !== '' ? value : null);

function required(p: Record<string, FormValue>, name: string): string {
  const value = str(p[name]);
  if (!value) throw invalid(`Missing required param: ${name}.`, name);
  return value;
}

export function createStripeStandIn(options: StripeStandInOptions = {}): StripeStandIn {
  return new StripeStandIn(options);
}
