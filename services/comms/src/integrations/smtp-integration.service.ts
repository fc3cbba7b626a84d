// SMTP integrations (spec 001): validation, the sealed password, the one default per organization,
// the JSON the settings screens read (never the password), and the test e-mail.
import { randomUUID } from 'node:crypto';
import { AppError, ErrorCode } from '@lectern/service-kit';
import type { KitTables, SecretBox } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { SmtpIntegrationRow } from '../data/smtp-integrations.table.ts';
import { parseSendgridPublicKey } from '../engagement/sendgrid.signature.ts';
import { sendTestEmail } from '../mail/smtp.probe.ts';
import type { SmtpSettings } from '../mail/smtp.probe.ts';
import { deleteIntegration, findIntegration, insertIntegration, listIntegrations, updateIntegration } from './smtp-integration.repository.ts';

type Db = CommsDatabase & KitTables;

export const DEFAULT_SMTP_PORT = 587;
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
const HOST = /^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:.]+\]$/;

/** The form of spec 001 (camelCase; the key keeps the spec's name). */
export interface SmtpIntegrationInput {
  title: string;
  fromName: string;
  fromEmail: string;
  smtpServer: string;
  smtpPort: number;
  smtpUser: string;
  /** required when adding; empty on edit keeps the stored one */
  smtpPassword: string;
  smtpDomain: string;
  domain: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  smtpFooter: string;
  isDefault: boolean;
  sendgrid_event_webhook_public_key: string;
}

export interface SmtpIntegrationJson extends Omit<SmtpIntegrationInput, 'smtpPassword'> {
  id: string;
  provider: 'sendgrid';
  userId: string;
  /** a password is stored (it is never sent back) */
  hasPassword: true;
  webhookUrl: string;
  createdAt: string;
  updatedAt: string;
}

const TEXT_FIELDS = ['title', 'fromName', 'fromEmail', 'smtpServer', 'smtpUser', 'smtpPassword', 'smtpDomain', 'domain', 'address1', 'address2', 'city', 'state', 'zipCode', 'country', 'smtpFooter', 'sendgrid_event_webhook_public_key'] as const;

/** Reads and checks the body; throws 400 naming every bad field (the first one as the detail). */
export function parseIntegrationInput(body: unknown, mode: 'add' | 'edit' | 'test'): SmtpIntegrationInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: Record<string, string> = {};
  const text = (name: (typeof TEXT_FIELDS)[number], max = 500): string => {
    const value = b[name];
    if (value === undefined || value === null) return '';
    if (typeof value !== 'string') {
      errors[name] = `${name} must be text.`;
      return '';
    }
    if (value.length > max) errors[name] = `${name} is too long (at most ${max} characters).`;
    return name === 'smtpPassword' ? value : value.trim();
  };
  const input = {} as SmtpIntegrationInput;
  for (const name of TEXT_FIELDS) (input as unknown as Record<string, string>)[name] = text(name, name === 'smtpFooter' || name === 'sendgrid_event_webhook_public_key' ? 4000 : 500);
  const port = b.smtpPort === undefined || b.smtpPort === null || b.smtpPort === '' ? DEFAULT_SMTP_PORT : Number(b.smtpPort);
  input.smtpPort = port;
  input.isDefault = b.isDefault === true;

  if (mode !== 'test' && !input.title) errors.title = 'Title is required.';
  if (!input.fromEmail) errors.fromEmail = 'From e-mail is required.';
  else if (!EMAIL.test(input.fromEmail)) errors.fromEmail = 'From e-mail must be an e-mail address.';
  if (!input.smtpServer) errors.smtpServer = 'SMTP server is required.';
  else if (!HOST.test(input.smtpServer)) errors.smtpServer = 'SMTP server must be a host name, without a scheme or port.';
  if (!Number.isInteger(port) || port < 1 || port > 65535) errors.smtpPort = 'SMTP port must be a number from 1 to 65535.';
  if (!input.smtpUser) errors.smtpUser = 'SMTP user is required.';
  if (mode === 'add' && !input.smtpPassword) errors.smtpPassword = 'SMTP password is required.';
  if (mode !== 'test') {
    if (!input.sendgrid_event_webhook_public_key) errors.sendgrid_event_webhook_public_key = 'The SendGrid event webhook public key is required.';
    else if (!parseSendgridPublicKey(input.sendgrid_event_webhook_public_key)) errors.sendgrid_event_webhook_public_key = "The public key must be SendGrid's event webhook verification key (an ECDSA P-256 public key, base64).";
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: first, extensions: { fieldErrors: errors } });
  return input;
}

export class SmtpIntegrationService {
  readonly #db: Kysely<Db>;
  readonly #box: SecretBox;
  readonly #origin: string;
  readonly #timeoutMs: number;

  constructor(options: { db: Kysely<Db>; box: SecretBox; publicOrigin: string; smtpTimeoutMs: number }) {
    this.#db = options.db;
    this.#box = options.box;
    this.#origin = options.publicOrigin.replace(/\/$/, '');
    this.#timeoutMs = options.smtpTimeoutMs;
  }

  static passwordContext(row: Pick<SmtpIntegrationRow, 'org_id' | 'id'>): string {
    return `${row.org_id}:smtp:${row.id}`;
  }

  webhookUrl(userId: string): string {
    return `${this.#origin}/smtp_webhook/${userId}/sendgrid`;
  }

  toJson(row: SmtpIntegrationRow): SmtpIntegrationJson {
    return {
      id: row.id,
      provider: row.provider,
      title: row.title,
      fromName: row.from_name,
      fromEmail: row.from_email,
      smtpServer: row.smtp_server,
      smtpPort: row.smtp_port,
      smtpUser: row.smtp_user,
      hasPassword: true,
      smtpDomain: row.smtp_domain,
      domain: row.domain,
      address1: row.address1,
      address2: row.address2,
      city: row.city,
      state: row.state,
      zipCode: row.zip_code,
      country: row.country,
      smtpFooter: row.smtp_footer,
      isDefault: row.is_default,
      sendgrid_event_webhook_public_key: row.sendgrid_event_webhook_public_key,
      userId: row.user_id,
      webhookUrl: this.webhookUrl(row.user_id),
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  async list(orgId: string): Promise<SmtpIntegrationJson[]> {
    return (await listIntegrations(this.#db, orgId)).map((row) => this.toJson(row));
  }

  async get(orgId: string, id: string): Promise<SmtpIntegrationJson> {
    return this.toJson(await this.#find(orgId, id));
  }

  async add(orgId: string, userId: string, input: SmtpIntegrationInput): Promise<SmtpIntegrationJson> {
    const id = randomUUID();
    const row = await this.#db.transaction().execute((trx) =>
      insertIntegration(trx, { id, org_id: orgId, user_id: userId, ...this.#columns(input), smtp_password_sealed: this.#box.seal(input.smtpPassword, SmtpIntegrationService.passwordContext({ org_id: orgId, id })) }),
    );
    return this.toJson(row);
  }

  async update(orgId: string, id: string, input: SmtpIntegrationInput): Promise<SmtpIntegrationJson> {
    await this.#find(orgId, id);
    const row = await this.#db.transaction().execute((trx) =>
      updateIntegration(trx, orgId, id, {
        ...this.#columns(input),
        ...(input.smtpPassword ? { smtp_password_sealed: this.#box.seal(input.smtpPassword, SmtpIntegrationService.passwordContext({ org_id: orgId, id })) } : {}),
        updated_at: new Date(),
      }),
    );
    if (!row) throw notFound();
    return this.toJson(row);
  }

  async remove(orgId: string, id: string): Promise<void> {
    if (!(await deleteIntegration(this.#db, orgId, id))) throw notFound();
  }

  /** The stored password, for delivery and for a test of an edited integration. */
  password(row: SmtpIntegrationRow): string {
    return this.#box.open(row.smtp_password_sealed, SmtpIntegrationService.passwordContext(row));
  }

  /** Sends a test e-mail with the settings as typed; on edit an empty password means the stored one. */
  async sendTest(orgId: string, input: SmtpIntegrationInput, to: string, existingId?: string): Promise<{ message: string }> {
    let password = input.smtpPassword;
    if (!password && existingId) password = this.password(await this.#find(orgId, existingId));
    if (!password) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: 'SMTP password is required.', extensions: { fieldErrors: { smtpPassword: 'SMTP password is required.' } } });
    const settings: SmtpSettings = { host: input.smtpServer, port: input.smtpPort, user: input.smtpUser, password, fromName: input.fromName || input.title || 'Lectern', fromEmail: input.fromEmail };
    const subject = `Test e-mail from ${settings.fromName}`;
    const text = `This is a test e-mail from Lectern.\n\nYour SMTP settings for ${input.smtpServer}:${input.smtpPort} work: e-mails to your church will be sent from ${input.fromEmail}.\n`;
    const html = `<p>This is a test e-mail from Lectern.</p><p>Your SMTP settings for ${escape(input.smtpServer)}:${input.smtpPort} work: e-mails to your church will be sent from ${escape(input.fromEmail)}.</p>`;
    const result = await sendTestEmail(settings, to, { subject, text, html }, this.#timeoutMs);
    if (!result.ok) throw new AppError(ErrorCode.BAD_REQUEST, { detail: result.message, extensions: { reason: 'smtp_test_failed' } });
    return { message: `Test e-mail sent to ${to}.` };
  }

  async #find(orgId: string, id: string): Promise<SmtpIntegrationRow> {
    const row = UUID.test(id) ? await findIntegration(this.#db, orgId, id) : undefined;
    if (!row) throw notFound();
    return row;
  }

  #columns(input: SmtpIntegrationInput) {
    return {
      title: input.title,
      from_name: input.fromName,
      from_email: input.fromEmail,
      smtp_server: input.smtpServer,
      smtp_port: input.smtpPort,
      smtp_user: input.smtpUser,
      smtp_domain: input.smtpDomain,
      domain: input.domain,
      address1: input.address1,
      address2: input.address2,
      city: input.city,
      state: input.state,
      zip_code: input.zipCode,
      country: input.country,
      smtp_footer: input.smtpFooter,
      is_default: input.isDefault,
      sendgrid_event_webhook_public_key: input.sendgrid_event_webhook_public_key,
    };
  }
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function notFound(): AppError {
  return new AppError(ErrorCode.NOT_FOUND, { detail: 'SMTP integration not found.' });
}

function escape(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
