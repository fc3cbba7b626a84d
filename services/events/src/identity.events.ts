// Events published by the identity service (topic `identity.events`).
import { Type } from 'typebox';

export const Role = Type.Union([
  Type.Literal('ADMIN'),
  Type.Literal('PASTOR'),
  Type.Literal('STAFF'),
  Type.Literal('MEMBER'),
  Type.Literal('VOLUNTEER'),
]);

export const identityEvents = {
  'identity.organization.created.v1': Type.Object({
    organizationId: Type.String({ format: 'uuid' }),
    name: Type.String({ minLength: 1 }),
    createdBy: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  }),
  'identity.user.registered.v1': Type.Object({
    userId: Type.String({ format: 'uuid' }),
    email: Type.String({ minLength: 3 }),
    firstName: Type.Union([Type.String(), Type.Null()]),
    lastName: Type.Union([Type.String(), Type.Null()]),
    role: Role,
  }),
  'identity.user.role-changed.v1': Type.Object({
    userId: Type.String({ format: 'uuid' }),
    previousRole: Role,
    role: Role,
  }),
  'identity.invite.created.v1': Type.Object({
    inviteId: Type.String({ format: 'uuid' }),
    email: Type.String({ minLength: 3 }),
    role: Role,
    invitedBy: Type.String({ format: 'uuid' }),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
} as const;
