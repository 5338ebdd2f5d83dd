import { EMAIL_MESSAGES } from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { forbidden, notFound, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { groupSchoolExists } from './email.queries.js';

const GROUP_NOT_FOUND = 'School group not found';

/**
 * The school group whose email settings and templates a caller works on: their own, or for the
 * super-admin the one they name. Another group's id is, to a group's staff, not there.
 */
export async function groupOf(ctx: AppContext, auth: AuthContext, requested: string | undefined): Promise<string> {
  const { scope } = auth;
  if (scope.kind === 'none') throw forbidden();
  if (scope.kind !== 'all') {
    if (requested !== undefined && requested !== scope.groupSchoolId) throw notFound(GROUP_NOT_FOUND);
    return scope.groupSchoolId;
  }
  if (requested === undefined) {
    throw validationFailed([{ field: 'group_school_id', message: EMAIL_MESSAGES.selectGroup }]);
  }
  if (!(await groupSchoolExists(ctx.db, requested))) throw notFound(GROUP_NOT_FOUND);
  return requested;
}

/** Like groupOf, but the super-admin may leave it out (then the built-in wording is shown). */
export async function optionalGroupOf(ctx: AppContext, auth: AuthContext, requested: string | undefined) {
  if (auth.scope.kind === 'all' && requested === undefined) return null;
  return groupOf(ctx, auth, requested);
}
