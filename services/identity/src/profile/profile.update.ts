// Settings → User Profile (spec 001 §2, §3): the user edits their first and last name; e-mail and
// role stay read only.
import { ErrorCode } from '@lectern/service-kit';
import type { IdentityContext } from '../context.ts';
import { formError, identityError } from '../http/identity.errors.ts';
import { loadProfile, type Profile } from './profile.service.ts';

export const PROFILE_MESSAGES = {
  saved: 'User profile saved successfully',
  noUser: 'No user found',
  // Not quoted by the spec: Lectern's wording.
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
} as const;

export async function updateOwnProfile(ctx: IdentityContext, userId: string, input: { firstName: string; lastName: string }): Promise<{ user: Profile; message: string }> {
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const errors = { firstName: firstName ? undefined : PROFILE_MESSAGES.firstNameRequired, lastName: lastName ? undefined : PROFILE_MESSAGES.lastNameRequired };
  if (errors.firstName || errors.lastName) throw formError(errors, ['firstName', 'lastName']);
  const updated = await ctx.db.updateTable('users').set({ first_name: firstName, last_name: lastName, updated_at: new Date() }).where('id', '=', userId).executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw identityError(ErrorCode.NOT_FOUND, 'no_user', PROFILE_MESSAGES.noUser);
  const loaded = await loadProfile(ctx.db, userId, ctx.companyDomains);
  return { user: loaded!.profile, message: PROFILE_MESSAGES.saved };
}
