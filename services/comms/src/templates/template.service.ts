// Email templates (spec 000 §3): the platform's (org_id null) and the organization's own; active
// ones listed by name. Bodies are sanitised and their placeholders checked when saved.
import { AppError, ErrorCode } from '@lectern/service-kit';
import type { KitTables } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { EmailTemplatesRow } from '../data/email-templates.table.ts';
import { UUID } from '../integrations/smtp-integration.service.ts';
import { checkPlaceholders, renderChurchEmail, sanitizeTemplateBody, TemplateError } from './church-email.template.ts';
import type { RenderedEmail } from './email.layout.ts';

type Db = CommsDatabase & KitTables;

export interface TemplateJson {
  id: string;
  name: string;
  type: string;
  subject: string;
  htmlBody: string;
  is_active: boolean;
  /** the organization's own (editable); false for the platform's */
  editable: boolean;
}

export interface TemplateInput {
  name: string;
  type: string;
  subject: string;
  htmlBody: string;
  isActive: boolean;
}

export function templateJson(row: EmailTemplatesRow): TemplateJson {
  return { id: row.id, name: row.name, type: row.type, subject: row.subject, htmlBody: row.html_body, is_active: row.is_active, editable: row.org_id !== null };
}

export function parseTemplateInput(body: unknown): TemplateInput {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const input = { name: str(b.name), type: str(b.type) || 'general', subject: str(b.subject), htmlBody: typeof b.htmlBody === 'string' ? b.htmlBody : '', isActive: b.isActive !== false };
  const errors: Record<string, string> = {};
  if (!input.name) errors.name = 'Name is required.';
  else if (input.name.length > 120) errors.name = 'Name is too long (at most 120 characters).';
  if (!input.subject) errors.subject = 'Subject is required.';
  else if (input.subject.length > 200) errors.subject = 'Subject is too long (at most 200 characters).';
  if (!input.htmlBody.trim()) errors.htmlBody = 'The e-mail body is required.';
  else if (input.htmlBody.length > 100_000) errors.htmlBody = 'The e-mail body is too long.';
  try {
    if (!errors.subject) checkPlaceholders(input.subject);
  } catch (error) {
    errors.subject = (error as Error).message;
  }
  if (!errors.htmlBody) {
    try {
      input.htmlBody = sanitizeTemplateBody(input.htmlBody);
      if (!input.htmlBody.trim()) errors.htmlBody = 'The e-mail body has no content left after removing unsupported markup.';
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      errors.htmlBody = error.message;
    }
  }
  const first = Object.values(errors)[0];
  if (first) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: first, extensions: { fieldErrors: errors } });
  return input;
}

export class TemplateService {
  readonly #db: Kysely<Db>;

  constructor(db: Kysely<Db>) {
    this.#db = db;
  }

  async listActive(orgId: string): Promise<TemplateJson[]> {
    const rows = await this.#db
      .selectFrom('email_templates')
      .selectAll()
      .where('is_active', '=', true)
      .where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', 'is', null)]))
      .orderBy('name')
      .orderBy('id')
      .execute();
    return rows.map(templateJson);
  }

  async find(orgId: string, id: string): Promise<EmailTemplatesRow> {
    const row = UUID.test(id)
      ? await this.#db.selectFrom('email_templates').selectAll().where('id', '=', id).where((eb) => eb.or([eb('org_id', '=', orgId), eb('org_id', 'is', null)])).executeTakeFirst()
      : undefined;
    if (!row) throw new AppError(ErrorCode.NOT_FOUND, { detail: 'Template not found' });
    return row;
  }

  async create(orgId: string, input: TemplateInput): Promise<TemplateJson> {
    const row = await this.#db
      .insertInto('email_templates')
      .values({ org_id: orgId, name: input.name, type: input.type, subject: input.subject, html_body: input.htmlBody, is_active: input.isActive })
      .returningAll()
      .executeTakeFirstOrThrow();
    return templateJson(row);
  }

  async update(orgId: string, id: string, input: TemplateInput): Promise<TemplateJson> {
    const existing = await this.find(orgId, id);
    if (existing.org_id === null) throw new AppError(ErrorCode.FORBIDDEN, { detail: "The platform's templates cannot be changed; save a copy as your own template." });
    const row = await this.#db
      .updateTable('email_templates')
      .set({ name: input.name, type: input.type, subject: input.subject, html_body: input.htmlBody, is_active: input.isActive, updated_at: new Date() })
      .where('id', '=', id)
      .where('org_id', '=', orgId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return templateJson(row);
  }

  /** The template as a recipient would see it (sample values, links not tracked). */
  preview(row: Pick<EmailTemplatesRow, 'subject' | 'html_body'>, organizationName: string): RenderedEmail {
    return renderChurchEmail({
      subject: row.subject,
      body: row.html_body,
      values: { name: 'Jordan Rivers', firstName: 'Jordan', email: 'jordan@example.org', organizationName },
      sender: { organizationName, footer: '', address: [] },
    });
  }
}
