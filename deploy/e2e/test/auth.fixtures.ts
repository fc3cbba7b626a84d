// People for the journeys: an organization and one user per role. Users sign up through the real
// API (join mode, captcha solved like the widget does); what no public endpoint grants — a role
// above MEMBER without an invite, a VOLUNTEER custom role, an active staff_users row, a verified
// e-mail without opening the mail — is set in the identity schema, as an operator would.
import { randomBytes } from 'node:crypto';
import type { Stack } from './stack.helpers.ts';
import { identityCall, solvedCaptcha } from './stack.helpers.ts';

export const PASSWORD = 'Quiet-Harbor-Lantern-73';

export type RoleName = 'ADMIN' | 'PASTOR' | 'STAFF' | 'MEMBER' | 'VOLUNTEER';

export interface Person {
  role: RoleName;
  email: string;
  password: string;
  firstName: string;
}

export async function seedOrganization(stack: Stack, name: string): Promise<string> {
  const subdomain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${randomBytes(3).toString('hex')}`;
  const { rows } = await stack.identityDb.query<{ id: string }>('insert into organizations (name, subdomain) values ($1, $2) returning id', [name, subdomain]);
  return rows[0]!.id;
}

export async function seedPerson(stack: Stack, orgId: string, role: RoleName, options: { email?: string; staffUser?: boolean } = {}): Promise<Person> {
  const email = options.email ?? `${role.toLowerCase()}-${randomBytes(3).toString('hex')}@grace-e2e.org`;
  const firstName = role.charAt(0) + role.slice(1).toLowerCase();
  await identityCall(stack.origin, 'POST', '/signup', {
    mode: 'join',
    firstName,
    lastName: 'Tester',
    email,
    password: PASSWORD,
    captcha: await solvedCaptcha(stack.origin),
    organizationId: orgId,
  });
  const db = stack.identityDb;
  await db.query('update users set email_verified_at = now() where email = $1', [email]);
  if (role === 'VOLUNTEER') {
    // The spec's custom roles: with one, it wins over the users-table role (MEMBER here).
    await db.query("insert into custom_user_roles (user_id, role) select id, 'VOLUNTEER' from users where email = $1", [email]);
  } else {
    await db.query('update users set role = $2 where email = $1', [email, role]);
  }
  if (options.staffUser) await db.query("insert into staff_users (email, status) values ($1, 'active')", [email]);
  return { role, email, password: PASSWORD, firstName };
}

/** Signs in through the API (set-up only) and returns the access token. */
export async function apiSignIn(stack: Stack, person: Person): Promise<string> {
  const session = await identityCall<{ accessToken: string }>(stack.origin, 'POST', '/session', {
    email: person.email,
    password: person.password,
    captcha: await solvedCaptcha(stack.origin),
  });
  return session.accessToken;
}

/** Turns feature flags on as company staff do (PUT /flags answers only a staff user on a company domain). */
export async function enableFlags(stack: Stack, staffUser: Person, keys: readonly string[]): Promise<void> {
  const token = await apiSignIn(stack, staffUser);
  for (const key of keys) await identityCall(stack.origin, 'PUT', `/flags/${key}`, { enabled: true }, token);
}
