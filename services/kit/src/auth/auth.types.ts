export const ROLES = ['ADMIN', 'PASTOR', 'STAFF', 'MEMBER', 'VOLUNTEER'] as const;
export type Role = (typeof ROLES)[number];

/** Claims identity puts in an access JWT (besides iss, aud, iat, exp). */
export interface AccessTokenClaims {
  sub: string;
  org: string | null;
  role: Role | null;
  email: string;
  staff: boolean;
  /** Verified e-mail on one of the product's own company domains (spec: "company staff" screens). */
  cd?: boolean;
  /** The user's token version when issued; identity raises it to revoke every earlier token. */
  tv?: number;
  iss?: string;
  aud?: string | string[];
  exp?: number;
  iat?: number;
  jti?: string;
}

/** The verified caller, as routes see it on `request.user`. */
export interface Principal {
  userId: string;
  orgId: string | null;
  role: Role | null;
  email: string;
  /** Lectern company staff (console access), independent of any organization role. */
  companyStaff: boolean;
  /** Verified e-mail on an internal company domain: team, integrations, SMTP, members, communications. */
  companyDomain: boolean;
  /** Token expiry (seconds since epoch); the WebSocket helper closes the session then. */
  expiresAt: number;
  /** `tv` claim (0 when absent) */
  tokenVersion: number;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AccessTokenClaims;
    user: Principal;
  }
}
