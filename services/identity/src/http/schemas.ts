// Response schemas shared by several routes (OpenAPI + serialisation).
import { Nullable } from '@lectern/service-kit';
import { Type } from 'typebox';

export const RoleSchema = Type.Union([Type.Literal('ADMIN'), Type.Literal('PASTOR'), Type.Literal('STAFF'), Type.Literal('MEMBER'), Type.Literal('VOLUNTEER')]);

export const ProfileSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  role: Nullable(RoleSchema),
  orgId: Nullable(Type.String()),
  organization: Nullable(Type.Object({ id: Type.String(), name: Type.String(), subdomain: Nullable(Type.String()) })),
  emailVerified: Type.Boolean(),
  companyDomain: Type.Boolean(),
  staffUser: Type.Boolean(),
  roleFlags: Type.Object({
    isAdmin: Type.Boolean(),
    isPastor: Type.Boolean(),
    isStaff: Type.Boolean(),
    isAdminOrPastor: Type.Boolean(),
    isAdminOrPastorOrStaff: Type.Boolean(),
  }),
  navigation: Type.Array(Type.Object({ id: Type.String(), label: Type.String(), path: Type.String() })),
  homePath: Type.String(),
  needsOnboarding: Type.Boolean(),
});

export const SessionSchema = Type.Object({
  accessToken: Type.String(),
  tokenType: Type.Literal('Bearer'),
  expiresAt: Type.Number({ description: 'epoch milliseconds' }),
  expiresIn: Type.Integer({ description: 'seconds' }),
  user: ProfileSchema,
  redirect: Type.Optional(Type.String()),
});

export const MessageSchema = Type.Object({ message: Type.String() });
