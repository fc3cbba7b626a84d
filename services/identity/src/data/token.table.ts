import type { Generated, Selectable } from 'kysely';

export interface InviteTokenTable {
  id: Generated<string>;
  org_id: string;
  email: string;
  role: 'STAFF' | 'PASTOR';
  created_by: string | null;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
}
export type InviteToken = Selectable<InviteTokenTable>;

export interface EmailVerificationTokenTable {
  /** SHA-256 of the token in the link; the token itself is never stored */
  token_hash: string;
  user_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}

export interface RefreshTokenTable {
  id: Generated<string>;
  /** every token rotated from one sign-in shares the family; a reuse revokes it all */
  family_id: string;
  user_id: string;
  /** SHA-256 of the cookie value; the value itself is never stored */
  token_hash: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
  replaced_by: string | null;
  revoked_at: Date | null;
  revoked_reason: string | null;
}
export type RefreshToken = Selectable<RefreshTokenTable>;

export interface PasswordResetTokenTable {
  /** SHA-256 of the token in the link; the token itself is never stored */
  token_hash: string;
  user_id: string;
  /** 'reset': the user asked ("Forgot password?"); 'set-password': staff added them as a member */
  purpose: 'reset' | 'set-password';
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}
