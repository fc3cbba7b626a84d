// Settings → Organization (spec 001 §2, §7 "organizations: update (name, …)"): an ADMIN renames
// their own organization. The name is required (as at signup) and at most 200 characters; the
// subdomain stays (links and the lead keep it). The change and its event commit together, so the
// projections of the name (comms' e-mails) follow it exactly once.
import { appendEvent, ErrorCode } from '@lectern/service-kit';
import { createEvent } from '@lectern/events';
import type { IdentityContext } from '../context.ts';
import { REQUIRED_MESSAGES } from '../domain/signup.rules.ts';
import { formError, identityError } from '../http/identity.errors.ts';

export const ORGANIZATION_NAME_MAX_LENGTH = 200;

export const ORGANIZATION_SETTINGS_MESSAGES = {
  // Spec 001 §8.
  saved: 'Organization settings saved successfully',
  noOrganization: 'User not associated with an organization',
  // Not quoted by the spec: Lectern's wording.
  nameRequired: REQUIRED_MESSAGES.organizationName,
  nameTooLong: `Organization name must be at most ${ORGANIZATION_NAME_MAX_LENGTH} characters.`,
} as const;

export async function renameOrganization(ctx: IdentityContext, orgId: string, userId: string, rawName: string): Promise<{ organization: { id: string; name: string }; message: string }> {
  const name = rawName.trim().replace(/\s+/g, ' ');
  if (!name) throw formError({ name: ORGANIZATION_SETTINGS_MESSAGES.nameRequired }, ['name']);
  if (name.length > ORGANIZATION_NAME_MAX_LENGTH) throw formError({ name: ORGANIZATION_SETTINGS_MESSAGES.nameTooLong }, ['name']);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom('organizations').select(['id', 'name']).where('id', '=', orgId).forUpdate().executeTakeFirst();
    if (!current) throw identityError(ErrorCode.NOT_FOUND, 'no_organization', ORGANIZATION_SETTINGS_MESSAGES.noOrganization);
    if (current.name === name) return;
    await trx.updateTable('organizations').set({ name, updated_at: new Date() }).where('id', '=', orgId).execute();
    await appendEvent(trx, createEvent('identity.organization.renamed.v1', {
      orgId,
      subject: orgId,
      data: { organizationId: orgId, name, previousName: current.name, renamedBy: userId },
    }));
  });
  return { organization: { id: orgId, name }, message: ORGANIZATION_SETTINGS_MESSAGES.saved };
}
