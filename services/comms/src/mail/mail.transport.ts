// SMTP delivery with nodemailer. One connection per message (no pool): the dispatcher sends a
// handful at a time, and a fresh connection recovers by itself when the server comes back.
import { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { MailFrom } from './mail.address.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** stable per sent_emails row, so a rare re-send carries the same Message-ID */
  messageId: string;
  headers?: Record<string, string>;
  /** the sender when not the transport's own (a church's integration: its From name and address) */
  from?: MailFrom;
  /**
   * Called once the whole message reached the server, before the final "." of DATA that makes the
   * server take it. A rejection aborts the transaction (the server then drops the message).
   */
  onHandover?: () => Promise<void>;
}

export interface Delivered {
  messageId: string;
  /** the server's final answer, e.g. "250 Message queued as …" */
  response: string;
}

export interface MailTransport {
  send(mail: OutgoingMail): Promise<Delivered>;
  close(): void;
}

export interface SmtpTransportOptions {
  /** smtp://user:pass@host:port, or host/port/auth for a church's integration */
  url?: string;
  server?: { host: string; port: number; user: string; password: string };
  from: MailFrom;
  timeoutMs: number;
  /** keep up to this many connections open and reuse them (bulk church e-mail) */
  pooled?: number;
}

export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const timeouts = { connectionTimeout: options.timeoutMs, greetingTimeout: options.timeoutMs, socketTimeout: options.timeoutMs, dnsTimeout: options.timeoutMs };
  const pool = options.pooled ? { pool: true as const, maxConnections: options.pooled, maxMessages: 1000 } : {};
  const transporter = options.server
    ? nodemailer.createTransport({
        host: options.server.host,
        port: options.server.port,
        secure: options.server.port === 465,
        auth: { user: options.server.user, pass: options.server.password },
        ...timeouts,
        ...pool,
      })
    : nodemailer.createTransport({ url: options.url, ...timeouts, ...pool });
  return {
    async send(mail) {
      const from = mail.from ?? options.from;
      const message = {
        from: { name: from.name, address: from.address },
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        ...(mail.headers ? { headers: mail.headers } : {}),
      };
      if (!mail.onHandover) {
        const info = await transporter.sendMail(message);
        return { messageId: info.messageId, response: info.response };
      }
      const raw = await new MailComposer(message).compile().build();
      const info = await transporter.sendMail({ envelope: { from: from.address, to: [mail.to] }, raw: new HandoverStream(raw, mail.onHandover) });
      return { messageId: mail.messageId, response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}

export interface SmtpFailure {
  /** the server refused this message for good (5xx other than 503); retrying cannot help */
  permanent: boolean;
  /** safe to store and publish: no credentials (nodemailer errors carry none) */
  message: string;
}

export function describeSmtpFailure(error: unknown): SmtpFailure {
  const e = error as { message?: unknown; code?: unknown; responseCode?: unknown; permanent?: unknown };
  const message = (typeof e.message === 'string' ? e.message : String(error)).slice(0, 1000);
  const code = typeof e.code === 'string' ? e.code : undefined;
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent = e.permanent === true || (responseCode !== undefined && responseCode >= 500 && responseCode < 600 && responseCode !== 503);
  return { permanent, message: code && !message.startsWith(code) ? `${code}: ${message}` : message };
}

/**
 * The message bytes, then (once they were taken by the SMTP client) a pause for `onHandover`
 * before the end that makes nodemailer send the final ".". highWaterMark 0: the second read only
 * comes after the consumer took the bytes.
 */
class HandoverStream extends Readable {
  readonly #raw: Buffer;
  readonly #onHandover: () => Promise<void>;
  #pushed = false;
  #waiting = false;

  constructor(raw: Buffer, onHandover: () => Promise<void>) {
    super({ highWaterMark: 0 });
    this.#raw = raw;
    this.#onHandover = onHandover;
  }

  override _read(): void {
    if (!this.#pushed) {
      this.#pushed = true;
      this.push(this.#raw);
      return;
    }
    if (this.#waiting) return;
    this.#waiting = true;
    this.#onHandover().then(
      () => this.push(null),
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}
