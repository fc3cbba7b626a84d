// Product analytics storage (ADR 0025): events, identify links, the ingestion rate windows, the
// funnel (landing → pricing → signup → paid) and the 2-year retention.
import { sql } from 'kysely';
import type { Db } from '../data/database.ts';

export interface IncomingEvent {
  name: string;
  path?: string;
  properties?: Record<string, string | number | boolean>;
  /** How long before the batch was sent the event happened (the browser's clock is not trusted). */
  ageMs: number;
}

/** Spec 001 §9 / privacy policy: "Analytics data is kept for 2 years." */
export const ANALYTICS_RETENTION = '2 years';

export async function insertEvents(db: Db, anonymousId: string, events: IncomingEvent[], receivedAt: Date): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values(events.map((event) => ({
      anonymous_id: anonymousId,
      name: event.name,
      path: event.path ?? null,
      properties: JSON.stringify(event.properties ?? {}),
      occurred_at: new Date(receivedAt.getTime() - event.ageMs),
      received_at: receivedAt,
    })))
    .execute();
}

/** Links a browser's analytics id to the account it signed in as (the latest account wins). */
export async function linkIdentity(db: Db, anonymousId: string, userId: string): Promise<void> {
  await db
    .insertInto('analytics_identities')
    .values({ anonymous_id: anonymousId, user_id: userId })
    .onConflict((c) => c.column('anonymous_id').doUpdateSet({ user_id: userId, identified_at: sql`now()` }))
    .execute();
}

/** Counts one request of `clientHash` in the current minute; returns the minute's count so far. */
export async function countRequest(db: Db, clientHash: string, now: Date): Promise<number> {
  const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  const row = await db
    .insertInto('analytics_rate_windows')
    .values({ client_hash: clientHash, window_start: windowStart, requests: 1 })
    .onConflict((c) => c.columns(['client_hash', 'window_start']).doUpdateSet({ requests: sql`analytics_rate_windows.requests + 1` }))
    .returning('requests')
    .executeTakeFirstOrThrow();
  return row.requests;
}

export interface FunnelStep {
  key: 'landing' | 'pricing' | 'signup' | 'paid';
  label: string;
  visitors: number;
  /** Share of the previous step that reached this one, in percent (one decimal); null for the first or after 0. */
  conversionPct: number | null;
}

export const FUNNEL_LABELS: Record<FunnelStep['key'], string> = { landing: 'Landing', pricing: 'Pricing', signup: 'Signup', paid: 'Paid' };

/**
 * Visitors (browser analytics ids) since `since`, each step counting only visitors who did the
 * step before it first: viewed the landing page, then /pricing, then a /signup page, then belong
 * (through identify) to an organization whose subscription billing reports active.
 */
export async function funnel(db: Db, since: Date): Promise<FunnelStep[]> {
  const result = await sql<{ landing: number; pricing: number; signup: number; paid: number }>`
    with landing as (
      select anonymous_id, min(occurred_at) as at from analytics_events
      where name = '$pageview' and path = '/' and occurred_at >= ${since}
      group by anonymous_id
    ), pricing as (
      select e.anonymous_id, min(e.occurred_at) as at from analytics_events e join landing l on l.anonymous_id = e.anonymous_id
      where e.name = '$pageview' and e.path = '/pricing' and e.occurred_at >= l.at
      group by e.anonymous_id
    ), signup as (
      select e.anonymous_id from analytics_events e join pricing p on p.anonymous_id = e.anonymous_id
      where e.name = '$pageview' and (e.path = '/signup' or e.path like '/signup/%') and e.occurred_at >= p.at
      group by e.anonymous_id
    ), paid as (
      select s.anonymous_id from signup s
      join analytics_identities i on i.anonymous_id = s.anonymous_id
      join users u on u.id = i.user_id
      join organizations o on o.id = u.org_id
      where o.subscription_status = 'active'
    )
    select (select count(*)::int from landing) as landing, (select count(*)::int from pricing) as pricing,
           (select count(*)::int from signup) as signup, (select count(*)::int from paid) as paid`.execute(db);
  const counts = result.rows[0]!;
  const keys: FunnelStep['key'][] = ['landing', 'pricing', 'signup', 'paid'];
  return keys.map((key, index) => {
    const previous = index === 0 ? null : counts[keys[index - 1]!];
    return {
      key,
      label: FUNNEL_LABELS[key],
      visitors: counts[key],
      conversionPct: previous ? Math.round((counts[key] / previous) * 1000) / 10 : null,
    };
  });
}

/** Deletes what the retention allows no longer: events older than 2 years, links with no event left, rate windows past the hour. */
export async function deleteExpiredAnalytics(db: Db, now: Date): Promise<{ events: number; identities: number }> {
  const events = await db.deleteFrom('analytics_events').where('occurred_at', '<', sql<Date>`${now}::timestamptz - ${ANALYTICS_RETENTION}::interval`).executeTakeFirst();
  const identities = await db
    .deleteFrom('analytics_identities')
    .where('identified_at', '<', sql<Date>`${now}::timestamptz - ${ANALYTICS_RETENTION}::interval`)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('analytics_events').select('id').whereRef('analytics_events.anonymous_id', '=', 'analytics_identities.anonymous_id'))))
    .executeTakeFirst();
  await db.deleteFrom('analytics_rate_windows').where('window_start', '<', new Date(now.getTime() - 3_600_000)).execute();
  return { events: Number(events.numDeletedRows), identities: Number(identities.numDeletedRows) };
}
