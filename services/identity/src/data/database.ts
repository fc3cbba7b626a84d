// The identity service's tables (its Postgres schema `identity`).
import type { OrganizationTable } from './organization.table.ts';
import type { SigningKeyTable } from './signing-key.table.ts';
import type { UserTable } from './user.table.ts';

export interface IdentityDatabase {
  organizations: OrganizationTable;
  users: UserTable;
  signing_keys: SigningKeyTable;
}
