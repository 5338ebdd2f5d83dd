import { entityMessages, MSG, ROLE_BADGES, type RoleChangeRefusal, USER_ERROR_CODES } from '@schoolledger/domain';
import { fieldError, forbidden, notFound } from '../../lib/errors.js';

export const userNotFound = () => notFound(entityMessages('User').notFound, USER_ERROR_CODES.userNotFound);
export const emailTaken = () => fieldError('email', MSG.emailTaken, { status: 409, code: USER_ERROR_CODES.emailTaken });

/** 403 for a role change the grant rule refuses, naming the role so the administrator knows which one. */
export function roleChangeRefused(refusal: RoleChangeRefusal) {
  switch (refusal.reason) {
    case 'ownRoles':
      return forbidden(
        'You cannot change your own roles. Ask another administrator to do it.',
        USER_ERROR_CODES.ownRolesLocked,
      );
    case 'targetHoldsMore':
      return forbidden(
        'You cannot change a user who holds permissions you do not have',
        USER_ERROR_CODES.userHoldsMore,
      );
    case 'adminOnly':
      return forbidden(
        `Only an administrator can ${refusal.change} the ${ROLE_BADGES[refusal.role]} role`,
        USER_ERROR_CODES.roleNotGrantable,
      );
    case 'beyondGranter':
      return forbidden(
        `You cannot ${refusal.change} the ${ROLE_BADGES[refusal.role]} role: it carries permissions you do not have`,
        USER_ERROR_CODES.roleNotGrantable,
      );
  }
}
