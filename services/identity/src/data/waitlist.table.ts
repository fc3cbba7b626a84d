import type { Generated } from 'kysely';

/** One address on the waiting list (lower-cased), pending until a link from its e-mail is opened. */
export interface WaitlistSignupTable {
  id: Generated<string>;
  email: string;
  /** where the address was captured: 'marketing-landing' */
  source: string;
  status: Generated<'pending' | 'confirmed'>;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
}

/** A confirmation link: only the SHA-256 of its token. */
export interface WaitlistTokenTable {
  token_hash: string;
  signup_id: string;
  created_at: Generated<Date>;
  expires_at: Date;
  used_at: Date | null;
}
