// Staff seats (spec 001 §2 Team members, §9): ADMIN, PASTOR and STAFF users of an organization
// hold a seat; the settings page shows 'x of 4 seats used'. A fifth seat is refused on the server.
import type { Role } from './role.resolution.ts';

export const SEATS_TOTAL = 4;

export const SEAT_ROLES: readonly Role[] = ['ADMIN', 'PASTOR', 'STAFF'];

export const holdsSeat = (role: string | null): boolean => SEAT_ROLES.includes(role as Role);

export const SEAT_MESSAGES = {
  // Not quoted by the spec: Lectern's wording.
  full: `All ${SEATS_TOTAL} staff seats of this organization are in use. Ask an administrator to free a seat, then try again.`,
} as const;

/** True when one more seat would exceed the organization's seats. */
export const seatsFull = (used: number): boolean => used >= SEATS_TOTAL;
