// Route hooks (like identity's): the staff area's roles of an organization, and the stricter
// devotional editors. Handlers read the caller with actorOf once a hook has passed.
import type { FastifyRequest } from 'fastify';
import { authenticate, forbidden, type AuthHook, type Role } from '@lectern/service-kit';
import type { Actor } from '../domain/sermon.actor.ts';
import { sermonErrors } from '../domain/sermon.errors.ts';

const STAFF_AREA: readonly Role[] = ['ADMIN', 'PASTOR', 'STAFF'];
const DEVOTIONAL_EDITORS: readonly Role[] = ['ADMIN', 'PASTOR'];

/** onRequest hook: ADMIN, PASTOR or STAFF of an organization (403 otherwise). */
export const requireSermonStaff: AuthHook = async (request) => {
  const principal = await authenticate(request);
  if (!principal.role || !STAFF_AREA.includes(principal.role)) throw forbidden();
  if (!principal.orgId) throw sermonErrors.noOrganization();
};

/** onRequest hook after requireSermonStaff: spec §5, only an admin or pastor edits devotionals. */
export const requireDevotionalEditor: AuthHook = async (request) => {
  const principal = await authenticate(request);
  if (!principal.role || !DEVOTIONAL_EDITORS.includes(principal.role)) throw sermonErrors.role();
};

/** The caller, once requireSermonStaff has passed. */
export function actorOf(request: FastifyRequest): Actor {
  const { userId, orgId } = request.user;
  if (!orgId) throw sermonErrors.noOrganization();
  return { userId, orgId };
}
