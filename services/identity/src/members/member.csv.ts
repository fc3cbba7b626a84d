// Members as CSV (spec 001 §2 Export and Import): export writes the filtered rows; import reads a
// file with a header line (an export's columns, any order), shows a preview with every row's
// errors, and commits all rows in one transaction or none.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { ErrorCode } from '@lectern/service-kit';
import type { IdentityContext } from '../context.ts';
import type { Member } from '../data/member.table.ts';
import { identityError } from '../http/identity.errors.ts';
import { CSV_COLUMNS, CSV_REQUIRED_COLUMNS, IMPORT_MAX_ROWS, MEMBER_MESSAGES, validateMember, type MemberField, type MemberInput } from './member.rules.ts';
import { followStatus } from './member.service.ts';

export const csvHeader = (): string => stringify([[...CSV_COLUMNS]]);

export const csvRows = (members: readonly Member[]): string =>
  stringify(members.map((m) => [m.first_name, m.last_name, m.email, m.phone ?? '', m.role, m.status, m.created_at.toISOString().slice(0, 10)]));

export interface ImportRow {
  /** line number in the file (the header is line 1) */
  line: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: string;
  status: string;
  action: 'add' | 'update' | null;
  errors: Partial<Record<MemberField, string>>;
}

export interface ImportPreview {
  rows: ImportRow[];
  valid: number;
  invalid: number;
}

const columnName = (header: string): string => header.trim().toLowerCase().replace(/[\s-]+/g, '_');

/** Parses and checks every row; marks each valid row as an add or an update (same e-mail in the organization). */
export async function previewImport(ctx: IdentityContext, orgId: string, text: string): Promise<{ preview: ImportPreview; valid: MemberInput[] }> {
  let records: Record<string, string>[];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { columns: (header: string[]) => header.map(columnName), skip_empty_lines: true, trim: true, relax_column_count: true, bom: true });
  } catch (error) {
    throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_csv', `The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (records.length === 0) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_csv', MEMBER_MESSAGES.importEmpty);
  if (records.length > IMPORT_MAX_ROWS) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_csv', MEMBER_MESSAGES.importTooLarge(IMPORT_MAX_ROWS));
  const missing = CSV_REQUIRED_COLUMNS.filter((c) => !(c in records[0]!));
  if (missing.length > 0) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_csv', MEMBER_MESSAGES.importMissingColumns(missing));

  const emails = records.map((r) => (r.email ?? '').trim().toLowerCase()).filter(Boolean);
  const existing = new Set(
    emails.length === 0
      ? []
      : (await ctx.db.selectFrom('members').select(sql<string>`lower(email)`.as('email')).where('org_id', '=', orgId).where(sql<boolean>`lower(email) = any(${emails})`).execute()).map((r) => r.email),
  );
  const seen = new Map<string, number>();
  const valid: MemberInput[] = [];
  const rows = records.map((record, index): ImportRow => {
    const line = index + 2;
    const checked = validateMember({ firstName: record.first_name, lastName: record.last_name, email: record.email, phone: record.phone, role: record.role, status: record.status });
    const errors: Partial<Record<MemberField, string>> = checked.ok ? {} : { ...checked.errors };
    const email = (record.email ?? '').trim().toLowerCase();
    if (email && seen.has(email)) errors.email = `The same email is on line ${seen.get(email)}.`;
    else if (email) seen.set(email, line);
    const ok = checked.ok && Object.keys(errors).length === 0;
    if (ok) valid.push(checked.value);
    return {
      line,
      firstName: record.first_name ?? '',
      lastName: record.last_name ?? '',
      email: record.email ?? '',
      phone: record.phone ?? '',
      role: record.role ?? '',
      status: record.status ?? '',
      action: ok ? (existing.has(email) ? 'update' : 'add') : null,
      errors,
    };
  });
  return { preview: { rows, valid: valid.length, invalid: rows.length - valid.length }, valid };
}

/** All rows or none: any invalid row refuses the whole file with the preview attached. */
export async function commitImport(ctx: IdentityContext, orgId: string, text: string): Promise<{ added: number; updated: number; message: string }> {
  const { preview, valid } = await previewImport(ctx, orgId, text);
  if (preview.invalid > 0) throw identityError(ErrorCode.VALIDATION_FAILED, 'invalid_rows', MEMBER_MESSAGES.importInvalid, { preview });
  let revoked = false;
  const inserted = await ctx.db.transaction().execute(async (trx) => {
    let added = 0;
    for (let start = 0; start < valid.length; start += 500) {
      const chunk = valid.slice(start, start + 500);
      const result = await sql<{ inserted: boolean }>`
        insert into members (org_id, first_name, last_name, email, phone, role, status, source)
        select ${orgId}::uuid, r.first_name, r.last_name, r.email, r.phone, r.role, r.status, 'import'
        from unnest(${chunk.map((m) => m.firstName)}::text[], ${chunk.map((m) => m.lastName)}::text[], ${chunk.map((m) => m.email)}::text[],
                    ${chunk.map((m) => m.phone)}::text[], ${chunk.map((m) => m.role)}::text[], ${chunk.map((m) => m.status)}::text[])
          as r(first_name, last_name, email, phone, role, status)
        on conflict (org_id, lower(email)) do update
          set first_name = excluded.first_name, last_name = excluded.last_name, phone = excluded.phone,
              role = excluded.role, status = excluded.status, updated_at = now()
        returning (xmax = 0) as inserted`.execute(trx);
      added += result.rows.filter((r) => r.inserted).length;
    }
    // A linked user follows an imported status change as after the status select.
    const drifted = await trx
      .selectFrom('members as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select(['u.id', 'm.status'])
      .where('m.org_id', '=', orgId)
      .where('u.org_id', '=', orgId)
      .whereRef('u.status', '<>', 'm.status')
      .execute();
    for (const user of drifted) if (await followStatus(trx, orgId, user.id, user.status)) revoked = true;
    return added;
  });
  if (revoked) await ctx.revocations.refresh();
  const updated = valid.length - inserted;
  return { added: inserted, updated, message: MEMBER_MESSAGES.imported(inserted, updated) };
}
