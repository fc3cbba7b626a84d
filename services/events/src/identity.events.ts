// Events published by the identity service (topic `identity.events`). Contract: services/identity/API.md.
// Never carries passwords, password hashes or refresh tokens. Links that sign someone in or set a
// password travel sealed (kit secret box, shared SECRET_KEYS, context `mailLinkContext(userId)`):
// only comms opens them, to build the e-mail; Kafka and its consumers never see the token.
import { Type } from 'typebox';

export const Role = Type.Union([
  Type.Literal('ADMIN'),
  Type.Literal('PASTOR'),
  Type.Literal('STAFF'),
  Type.Literal('MEMBER'),
  Type.Literal('VOLUNTEER'),
]);

const Uuid = Type.String({ format: 'uuid' });
const NullableString = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

export const identityEvents = {
  'identity.organization.created.v1': Type.Object({
    organizationId: Uuid,
    name: Type.String({ minLength: 1 }),
    subdomain: Type.String({ minLength: 1 }),
    domain: NullableString,
    plan: NullableString,
    createdBy: Type.Union([Uuid, Type.Null()]),
    /** signup (create mode, step 1) or onboarding (deprecated form) */
    via: Type.Union([Type.Literal('signup'), Type.Literal('onboarding'), Type.Literal('bootstrap')]),
  }),
  /** An ADMIN renamed the organization in settings; projections of the name (comms) follow. */
  'identity.organization.renamed.v1': Type.Object({
    organizationId: Uuid,
    name: Type.String({ minLength: 1 }),
    previousName: Type.String(),
    renamedBy: Uuid,
  }),
  'identity.lead.initiated.v1': Type.Object({
    leadId: Uuid,
    organizationId: Uuid,
    email: Type.String({ minLength: 3 }),
    firstName: Type.String(),
    lastName: Type.String(),
    plan: Type.String(),
    interval: Type.String(),
  }),
  /** A user signed up (join mode): comms sends the confirmation e-mail with `confirmationUrl`. */
  'identity.user.registered.v1': Type.Object({
    userId: Uuid,
    email: Type.String({ minLength: 3 }),
    firstName: NullableString,
    lastName: NullableString,
    role: Role,
    orgId: Type.Union([Uuid, Type.Null()]),
    organizationName: NullableString,
    /** `${PUBLIC_ORIGIN}/confirmed?token=…`, sealed */
    sealedConfirmationUrl: Type.Optional(Type.String({ minLength: 1 })),
    /** @deprecated plain link of events published before sealing; read, never written */
    confirmationUrl: Type.Optional(Type.String({ minLength: 1 })),
    confirmationExpiresAt: DateTime,
    viaInvite: Type.Boolean(),
  }),
  /** The user asked for a new confirmation link: comms sends the confirmation e-mail again. */
  'identity.user.verification-requested.v1': Type.Object({
    userId: Uuid,
    email: Type.String({ minLength: 3 }),
    firstName: NullableString,
    sealedConfirmationUrl: Type.Optional(Type.String({ minLength: 1 })),
    /** @deprecated see identity.user.registered.v1 */
    confirmationUrl: Type.Optional(Type.String({ minLength: 1 })),
    confirmationExpiresAt: DateTime,
  }),
  'identity.user.email-verified.v1': Type.Object({
    userId: Uuid,
    email: Type.String({ minLength: 3 }),
  }),
  'identity.user.role-changed.v1': Type.Object({
    userId: Uuid,
    previousRole: Type.Union([Role, Type.Null()]),
    role: Role,
  }),
  /**
   * comms sends the invitation e-mail with the link (`${PUBLIC_ORIGIN}/signup?invite={id}`). The
   * invite id grants a STAFF or PASTOR signup, so neither it nor the link travels in plain: the
   * link is sealed in `sealedInviteUrl` (context `mailLinkContext(inviteRef)`), and the event is
   * known by `inviteRef`, a SHA-256 digest of the id (also its `subject`, so created and revoked
   * stay in order on one partition).
   */
  'identity.invite.created.v1': Type.Object({
    inviteRef: Type.Optional(Type.String({ minLength: 1 })),
    /** @deprecated plain id of events published before sealing; read, never written */
    inviteId: Type.Optional(Uuid),
    email: Type.String({ minLength: 3 }),
    role: Role,
    invitedBy: Uuid,
    inviterName: NullableString,
    organizationName: NullableString,
    sealedInviteUrl: Type.Optional(Type.String({ minLength: 1 })),
    /** @deprecated plain link of events published before sealing; read, never written */
    inviteUrl: Type.Optional(Type.String({ minLength: 1 })),
    expiresAt: DateTime,
  }),
  /**
   * A single-use password link: 'reset' (the user asked, "Forgot password?") or 'set-password'
   * (staff added them as a member). comms sends the link (`${PUBLIC_ORIGIN}/reset-password#token=…`),
   * which travels sealed in `sealedLinkUrl`.
   */
  'identity.password-link.requested.v1': Type.Object({
    userId: Uuid,
    email: Type.String({ minLength: 3 }),
    firstName: NullableString,
    organizationName: NullableString,
    purpose: Type.Union([Type.Literal('reset'), Type.Literal('set-password')]),
    sealedLinkUrl: Type.Optional(Type.String({ minLength: 1 })),
    /** @deprecated plain link of events published before sealing; read, never written */
    linkUrl: Type.Optional(Type.String({ minLength: 1 })),
    expiresAt: DateTime,
  }),
  /** The password was set from a link; every refresh-token family of the user was revoked. */
  'identity.user.password-changed.v1': Type.Object({
    userId: Uuid,
    email: Type.String({ minLength: 3 }),
    via: Type.Union([Type.Literal('reset'), Type.Literal('set-password')]),
  }),
  /**
   * An address joined the waiting list, or asked again while still unconfirmed: comms sends the
   * confirmation e-mail with the link (`${PUBLIC_ORIGIN}/waitlist/confirm?token=…`), which travels
   * sealed in `sealedConfirmUrl` (context `mailLinkContext(signupId)`).
   */
  'identity.waitlist.confirmation-requested.v1': Type.Object({
    signupId: Uuid,
    email: Type.String({ minLength: 3 }),
    source: Type.String(),
    sealedConfirmUrl: Type.String({ minLength: 1 }),
    expiresAt: DateTime,
  }),
  /** The address confirmed its spot on the waiting list. */
  'identity.waitlist.confirmed.v1': Type.Object({
    signupId: Uuid,
    email: Type.String({ minLength: 3 }),
    source: Type.String(),
  }),
  /** `inviteId` is no credential any more once revoked; `subject` is the created event's `inviteRef`. */
  'identity.invite.revoked.v1': Type.Object({
    inviteId: Uuid,
    email: Type.String({ minLength: 3 }),
  }),
} as const;

/** The secret-box context of a sealed link in an identity event: it opens only for that user. */
export const mailLinkContext = (userId: string): string => `identity.mail-link:${userId}`;
