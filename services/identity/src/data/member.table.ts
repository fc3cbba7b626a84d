import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

export type MemberRole = 'MEMBER' | 'VOLUNTEER';
export type MemberStatus = 'active' | 'inactive';
export type MemberSource = 'manual' | 'import' | 'planningCenter' | 'rockRms';

export interface MemberTable {
  id: Generated<string>;
  org_id: string;
  /** the user who signs in as this member, when there is one */
  user_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: Generated<MemberRole>;
  status: Generated<MemberStatus>;
  source: Generated<MemberSource>;
  /** the church-management system's person id (synced members) */
  external_id: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** lower(first and last name) + newline + lower(e-mail), kept by Postgres; the trigram-indexed search text */
  search_text: ColumnType<string, never, never>;
}

export type Member = Omit<Selectable<MemberTable>, 'search_text'>;
export type NewMember = Insertable<MemberTable>;
