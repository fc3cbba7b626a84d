// email_contacts (spec 001): the organization's mailing list. Replace is delete-all then insert,
// in one transaction.
import { AppError, ErrorCode } from '@lectern/service-kit';
import type { KitTables } from '@lectern/service-kit';
import type { Kysely } from 'kysely';
import type { CommsDatabase } from '../data/database.ts';
import type { EmailContactRow } from '../data/email-contacts.table.ts';
import { UUID } from '../integrations/smtp-integration.service.ts';

type Db = CommsDatabase & KitTables;
const EMAIL = /^[^\s@<>,;]+@[^\s@<>,;]+\.[^\s@<>,;]+$/;
export const MAX_CONTACTS = 20_000;

export interface ContactJson {
  id: string;
  name: string;
  email: string;
}

const json = (row: EmailContactRow): ContactJson => ({ id: row.id, name: row.name, email: row.email });

export function parseContact(value: unknown, index?: number): { name: string; email: string } {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const email = typeof v.email === 'string' ? v.email.trim() : '';
  const name = typeof v.name === 'string' ? v.name.trim().slice(0, 200) : '';
  const where = index === undefined ? '' : ` (contact ${index + 1})`;
  if (!EMAIL.test(email) || email.length > 320) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: `Enter a valid e-mail address${where}.`, extensions: { fieldErrors: { email: 'Enter a valid e-mail address.' } } });
  return { name, email };
}

export class ContactService {
  readonly #db: Kysely<Db>;

  constructor(db: Kysely<Db>) {
    this.#db = db;
  }

  async list(orgId: string): Promise<ContactJson[]> {
    const rows = await this.#db.selectFrom('email_contacts').selectAll().where('org_id', '=', orgId).orderBy('name').orderBy('email').execute();
    return rows.map(json);
  }

  async add(orgId: string, contact: { name: string; email: string }): Promise<ContactJson> {
    try {
      return json(await this.#db.insertInto('email_contacts').values({ org_id: orgId, ...contact }).returningAll().executeTakeFirstOrThrow());
    } catch (error) {
      // email_contacts_org_email: one contact per address (case-insensitive)
      if ((error as { code?: unknown }).code === '23505') throw new AppError(ErrorCode.CONFLICT, { detail: `${contact.email} is already a contact.` });
      throw error;
    }
  }

  async replace(orgId: string, contacts: { name: string; email: string }[]): Promise<ContactJson[]> {
    if (contacts.length > MAX_CONTACTS) throw new AppError(ErrorCode.VALIDATION_FAILED, { detail: `At most ${MAX_CONTACTS} contacts.` });
    const unique = new Map(contacts.map((c) => [c.email.toLowerCase(), c]));
    await this.#db.transaction().execute(async (trx) => {
      await trx.deleteFrom('email_contacts').where('org_id', '=', orgId).execute();
      const all = [...unique.values()];
      for (let i = 0; i < all.length; i += 1000) await trx.insertInto('email_contacts').values(all.slice(i, i + 1000).map((c) => ({ org_id: orgId, ...c }))).execute();
    });
    return this.list(orgId);
  }

  async remove(orgId: string, id: string): Promise<void> {
    const result = UUID.test(id) ? await this.#db.deleteFrom('email_contacts').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst() : undefined;
    if (!result || result.numDeletedRows === 0n) throw new AppError(ErrorCode.NOT_FOUND, { detail: 'Contact not found.' });
  }
}
