import { can, type Permission, type Role } from '@schoolledger/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../app-context.js';
import { forbidden, passwordChangeRequired, unauthenticated } from '../lib/errors.js';
import type { Actor } from '../modules/audit/audit.queries.js';
import { type AuthUserRow, findAuthUser } from '../modules/auth/auth.queries.js';
import { type Scope, scopeFor } from './tenancy.js';

export interface AuthContext {
  row: AuthUserRow;
  userId: string;
  roles: Role[];
  schoolId: string | null;
  familyId: string;
  scope: Scope;
}

declare module 'fastify' {
  interface FastifyRequest {
    authContext: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Open to a user who must still replace a temporary password (reading and changing it). */
    beforePasswordChange?: boolean;
  }
}

export function actorOf(request: FastifyRequest): Actor {
  return {
    userId: request.authContext?.userId ?? null,
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  };
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}

/** The signed-in caller; routes behind `authenticate` always have one. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw unauthenticated();
  return request.authContext;
}

/** The user of a session that still holds: the user active, the session not signed out. */
export async function liveSessionUser(ctx: AppContext, claims: { userId: string; familyId: string }) {
  const row = await findAuthUser(ctx.db, claims.userId, claims.familyId, ctx.clock());
  if (row?.user.status !== 'active' || !row.familyLive) throw unauthenticated();
  return row;
}

/**
 * Verifies the bearer token and loads the user on every request, so a deactivated user or a
 * signed-out session stops working at once rather than when the token expires.
 */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply) {
  const token = bearerToken(request);
  if (!token) throw unauthenticated();
  const { ctx } = request.server;
  const claims = await ctx.tokens.verify(token);
  if (!claims) throw unauthenticated();
  const row = await liveSessionUser(ctx, claims);
  // A temporary password was chosen by someone else, and a student's first one is derivable from
  // their receipts: until it is replaced the session may do nothing but replace it.
  if (row.user.mustChangePassword && !request.routeOptions.config.beforePasswordChange) {
    throw passwordChangeRequired();
  }
  const roles = row.user.roles as Role[];
  request.authContext = {
    row,
    userId: row.user.id,
    roles,
    schoolId: row.user.schoolId,
    familyId: claims.familyId,
    scope: scopeFor({
      roles,
      schoolId: row.user.schoolId,
      groupSchoolId: row.school?.groupSchoolId ?? null,
      groupSchoolIds: row.groupSchoolIds ?? [],
      childSchoolIds: row.childSchoolIds ?? [],
    }),
  };
}

/** A preValidation hook that refuses callers whose roles lack the permission (after authenticate, before the body is checked). */
export function authorize(permission: Permission) {
  return async (request: FastifyRequest) => {
    if (!can(authOf(request).roles, permission)) throw forbidden();
  };
}

export const authPlugin = fp(async (app) => {
  app.decorateRequest('authContext', null);
});
