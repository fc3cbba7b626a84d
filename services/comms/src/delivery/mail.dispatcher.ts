// Sends queued e-mails over SMTP. The consumer only queues (inside its exactly-once transaction);
// this loop claims due rows with a lease, sends each one outside any transaction, then records the
// outcome together with its comms.email.* event in one transaction. See ADR 0011.
import { createEvent } from '@lectern/events';
import type { EventEnvelope } from '@lectern/events';
import { appendEvent, DrainLoop, type DrainPassResult } from '@lectern/service-kit';
import type { KitTables } from '@lectern/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { SentEmailRow } from '../data/sent-emails.table.ts';
import { describeSmtpFailure } from '../mail/mail.transport.ts';
import type { MailTransport, OutgoingMail } from '../mail/mail.transport.ts';
import type { CommunicationDelivery } from '../campaigns/communication.delivery.ts';
import { claimDue, markFailed, markHandedOver, markRetry, markSent } from './sent-email.repository.ts';
import type { SendRates } from './sent-email.repository.ts';

type Logger = Pick<FastifyBaseLogger, 'error' | 'warn' | 'info' | 'debug'>;
type Db = CommsDatabase & KitTables;

export interface MailDispatcherOptions {
  db: Kysely<Db>;
  transport: MailTransport;
  logger: Logger;
  /** attempts before a message that keeps failing transiently is recorded as failed */
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
  pollMs: number;
  /** how long a claim holds a row; must outlast one SMTP delivery */
  leaseMs: number;
  /** messages sent concurrently */
  batchSize?: number;
  /** church e-mail (kind 'communication'): sender, rendering and the communication row */
  communications?: CommunicationDelivery | undefined;
  /** per-sender rate limits; none: unlimited */
  rates?: SendRates | undefined;
}

export interface DispatcherStats {
  sent: number;
  retried: number;
  failed: number;
  /** rows whose earlier claim was interrupted after its hand-over (a receiver may get a second copy) */
  resentAfterHandover: number;
}

/** Delay before attempt `attempts + 1`: base · 2^(attempts-1), capped, with ±10 % jitter. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number, random = Math.random): number {
  const raw = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(1, Math.round(raw * (0.9 + 0.2 * random())));
}

export class MailDispatcher {
  readonly stats: DispatcherStats = { sent: 0, retried: 0, failed: 0, resentAfterHandover: 0 };
  readonly #o: Required<Omit<MailDispatcherOptions, 'communications' | 'rates'>> & Pick<MailDispatcherOptions, 'communications' | 'rates'>;
  readonly #loop: DrainLoop;

  constructor(options: MailDispatcherOptions) {
    this.#o = { batchSize: 5, ...options };
    this.#loop = new DrainLoop({ pass: () => this.#pass(), pollMs: this.#o.pollMs });
  }

  start(): void {
    this.#loop.start();
  }

  /** Look for due messages now (or right after the pass in progress). */
  kick(): void {
    this.#loop.kick();
  }

  /** Resolves when no pass is in progress. */
  flush(): Promise<void> {
    return this.#loop.flush();
  }

  async stop(): Promise<void> {
    await this.#loop.stop();
    this.#o.transport.close();
    this.#o.communications?.close();
  }

  async #pass(): Promise<DrainPassResult> {
    let rows: SentEmailRow[];
    try {
      rows = await claimDue(this.#o.db, this.#o.batchSize, this.#o.leaseMs, this.#o.rates);
    } catch (error) {
      // The poll timer tries again.
      this.#o.logger.warn({ err: error }, 'mail dispatcher: could not claim e-mails, will retry');
      return 'backoff';
    }
    await Promise.all(rows.map((row) => this.#deliver(row)));
    return rows.length >= this.#o.batchSize ? 'more' : 'idle';
  }

  async #deliver(row: SentEmailRow): Promise<void> {
    const log = { emailId: row.id, kind: row.kind, attempt: row.attempts, sourceEventId: row.source_event_id };
    if (row.attempts > this.#o.maxAttempts) {
      // The previous claim was the last allowed attempt and its sender never reported back.
      await this.#fail(row, `gave up after ${row.attempts - 1} attempts; the last one was interrupted`, false, row.attempts - 1);
      return;
    }
    if (row.handed_over_at) {
      // An earlier claim was interrupted after its hand-over: the final "." may or may not have
      // left that process, so the message is sent again with the same Message-ID (ADR 0029).
      this.#o.logger.warn(log, 'mail dispatcher: e-mail was interrupted after its hand-over; sending it again with the same Message-ID');
      this.stats.resentAfterHandover += 1;
    }
    let response: string;
    try {
      let transport = this.#o.transport;
      let mail: OutgoingMail = { to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body, messageId: row.message_id };
      if (row.kind === 'communication') {
        if (!this.#o.communications) throw new Error('church e-mail is not configured in this dispatcher');
        const prepared = await this.#o.communications.prepare(row);
        if ('failure' in prepared) {
          this.#o.logger.warn({ ...log, reason: prepared.failure }, 'mail dispatcher: church e-mail not sent');
          await this.#fail(row, prepared.failure, true, row.attempts);
          return;
        }
        ({ transport, mail } = prepared);
      }
      mail.onHandover = async () => {
        if (!(await markHandedOver(this.#o.db, row))) throw new Error('the claim on this e-mail ran out; another dispatcher owns it now');
      };
      ({ response } = await transport.send(mail));
    } catch (error) {
      const failure = describeSmtpFailure(error);
      if (failure.permanent || row.attempts >= this.#o.maxAttempts) {
        const reason = failure.permanent ? failure.message : `gave up after ${row.attempts} attempts: ${failure.message}`;
        this.#o.logger.error({ ...log, reason }, 'mail dispatcher: e-mail failed');
        await this.#fail(row, reason, failure.permanent, row.attempts);
        return;
      }
      const delayMs = retryDelayMs(row.attempts, this.#o.retryBaseMs, this.#o.retryMaxMs);
      this.#o.logger.warn({ ...log, reason: failure.message, retryInMs: delayMs }, 'mail dispatcher: delivery failed, will retry');
      await this.#record(row, (db) => markRetry(db, row, failure.message, delayMs).then(() => undefined));
      this.stats.retried += 1;
      return;
    }
    // Delivered. Should the process die before this commits, the row is sent again (ADR 0029).
    await this.#recordSent(row, response);
    this.stats.sent += 1;
    this.#o.logger.info(log, 'mail dispatcher: e-mail sent');
  }

  async #recordSent(row: SentEmailRow, response: string): Promise<void> {
    await this.#record(row, async (trx) => {
      const sentAt = await markSent(trx, row, response);
      if (!sentAt) return;
      if (row.kind === 'communication') await this.#o.communications?.markSent(trx, row, sentAt);
      await appendEvent(trx, this.#event(row, 'comms.email.sent.v1', { messageId: row.message_id, sentAt: sentAt.toISOString() }));
    });
  }

  async #fail(row: SentEmailRow, reason: string, permanent: boolean, attempts: number): Promise<void> {
    await this.#record(row, async (trx) => {
      const failedAt = await markFailed(trx, row, reason);
      if (!failedAt) return;
      if (row.kind === 'communication') await this.#o.communications?.markFailed(trx, row, reason);
      await appendEvent(trx, this.#event(row, 'comms.email.failed.v1', { error: reason, permanent, failedAt: failedAt.toISOString() }, attempts));
    });
    this.stats.failed += 1;
  }

  async #record(row: SentEmailRow, write: (trx: Transaction<Db>) => Promise<void>): Promise<void> {
    try {
      await this.#o.db.transaction().execute(write);
    } catch (error) {
      // Postgres unreachable: the row keeps its lease and is picked up again when it runs out.
      this.#o.logger.error({ err: error, emailId: row.id }, 'mail dispatcher: could not record the outcome; the lease will expire and the e-mail be retried');
    }
  }

  #event<T extends 'comms.email.sent.v1' | 'comms.email.failed.v1'>(
    row: SentEmailRow,
    type: T,
    extra: T extends 'comms.email.sent.v1' ? { messageId: string; sentAt: string } : { error: string; permanent: boolean; failedAt: string },
    attempts = row.attempts,
  ): EventEnvelope<T> {
    const data = {
      emailId: row.id,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      sourceEventId: row.source_event_id,
      sourceEventType: row.source_event_type,
      attempts,
      ...extra,
    };
    return createEvent(type, { orgId: row.org_id, subject: row.id, data: data as EventEnvelope<T>['data'] });
  }
}
