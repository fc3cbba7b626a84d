import type { Generated } from 'kysely';

export interface LeadTable {
  id: Generated<string>;
  org_id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  plan: string;
  billing_interval: string;
  status: Generated<'initiated' | 'converted'>;
  created_at: Generated<Date>;
  converted_at: Date | null;
  /** create mode: the ADMIN's password hash until payment completes the signup */
  password_hash: Generated<string | null>;
  checkout_token_hash: Generated<string | null>;
}

export interface FeatureFlagTable {
  key: string;
  enabled: boolean;
  description: Generated<string>;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface FeatureFlagOverrideTable {
  key: string;
  org_id: string;
  enabled: boolean;
  updated_at: Generated<Date>;
  updated_by: string | null;
}

export interface CaptchaSpentTable {
  id: string;
  expires_at: Date;
}

export interface SignInAttemptTable {
  key: string;
  count: number;
  last_at: Date;
}

export interface ServiceSecretTable {
  name: string;
  value: string;
  created_at: Generated<Date>;
}
