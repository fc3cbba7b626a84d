// The identity service's tables (its Postgres schema `identity`).
import type { Executor, KitTables } from '@lectern/service-kit';
import type { CaptchaSpentTable, FeatureFlagOverrideTable, FeatureFlagTable, LeadTable, ServiceSecretTable, SignInAttemptTable } from './misc.table.ts';
import type { AnalyticsEventTable, AnalyticsIdentityTable, AnalyticsRateWindowTable } from './analytics.table.ts';
import type { ConsoleSettingsTable } from './console-settings.table.ts';
import type { IntegrationConfigTable, OAuthAuthorizationTable } from './integration-config.table.ts';
import type { MemberTable } from './member.table.ts';
import type { MemberSyncJobTable } from './member-sync-job.table.ts';
import type { OrganizationTable } from './organization.table.ts';
import type { SigningKeyTable } from './signing-key.table.ts';
import type { EmailVerificationTokenTable, InviteTokenTable, PasswordResetTokenTable, RefreshTokenTable } from './token.table.ts';
import type { CustomUserRoleTable, StaffUserTable, UserTable } from './user.table.ts';
import type { WaitlistSignupTable, WaitlistTokenTable } from './waitlist.table.ts';

export interface IdentityDatabase {
  organizations: OrganizationTable;
  users: UserTable;
  members: MemberTable;
  integration_configs: IntegrationConfigTable;
  member_sync_jobs: MemberSyncJobTable;
  oauth_authorizations: OAuthAuthorizationTable;
  custom_user_roles: CustomUserRoleTable;
  staff_users: StaffUserTable;
  invite_tokens: InviteTokenTable;
  email_verification_tokens: EmailVerificationTokenTable;
  refresh_tokens: RefreshTokenTable;
  password_reset_tokens: PasswordResetTokenTable;
  leads: LeadTable;
  feature_flags: FeatureFlagTable;
  feature_flag_overrides: FeatureFlagOverrideTable;
  captcha_spent: CaptchaSpentTable;
  sign_in_attempts: SignInAttemptTable;
  service_secrets: ServiceSecretTable;
  signing_keys: SigningKeyTable;
  console_settings: ConsoleSettingsTable;
  analytics_events: AnalyticsEventTable;
  analytics_identities: AnalyticsIdentityTable;
  analytics_rate_windows: AnalyticsRateWindowTable;
  waitlist_signups: WaitlistSignupTable;
  waitlist_tokens: WaitlistTokenTable;
}

/** A connection or a transaction over the identity schema (repositories take it first). */
export type Db = Executor<IdentityDatabase & KitTables>;
