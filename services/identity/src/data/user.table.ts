import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type UserRole = 'ADMIN' | 'PASTOR' | 'STAFF' | 'MEMBER' | 'VOLUNTEER';

export interface UserTable {
  id: Generated<string>;
  org_id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  role: Generated<UserRole>;
  status: Generated<'active' | 'inactive'>;
  /** argon2id PHC string; never leaves this service and is never logged */
  password_hash: string | null;
  email_verified_at: Date | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** carried by access tokens as `tv`; raised to end every earlier token (password reset, deactivation) */
  token_version: Generated<number>;
  tokens_revoked_at: Date | null;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;

export interface CustomUserRoleTable {
  user_id: string;
  role: string;
  created_at: Generated<Date>;
}

export interface StaffUserTable {
  id: Generated<string>;
  email: string;
  status: Generated<string>;
  created_at: Generated<Date>;
}
