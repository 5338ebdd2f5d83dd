import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_GRANTED_ROLES,
  grantableRoles,
  holdsEveryPower,
  ROLES,
  type Role,
  roleChangeRefusal,
} from '../src/index.js';

const roleSet = (options: { minLength?: number; without?: readonly Role[] } = {}) =>
  fc.uniqueArray(fc.constantFrom(...ROLES.filter((role) => !options.without?.includes(role))), {
    minLength: options.minLength ?? 1,
    maxLength: 4,
  });

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((role) => b.includes(role));

describe('who may set whose roles', () => {
  it('never lets anyone change their own roles, whatever they hold', () => {
    fc.assert(
      fc.property(roleSet(), roleSet(), (mine, after) => {
        const me = { id: 'me', roles: mine };
        const refusal = roleChangeRefusal({ granter: me, target: me, after });
        expect(refusal).toEqual(sameSet(mine, after) ? null : { reason: 'ownRoles' });
      }),
    );
  });

  it('lets a change through only when the user, before and after, holds no power the granter lacks', () => {
    fc.assert(
      fc.property(roleSet(), fc.option(roleSet()), roleSet(), (granter, before, after) => {
        const target = before === null ? null : { id: 'them', roles: before };
        const allowed = roleChangeRefusal({ granter: { id: 'me', roles: granter }, target, after }) === null;
        fc.pre(allowed);
        expect(holdsEveryPower(granter, after)).toBe(true);
        expect(holdsEveryPower(granter, before ?? [])).toBe(true);
      }),
    );
  });

  it('keeps Admin, Proprietor and Auditor out of reach of anyone but an Admin, in both directions', () => {
    fc.assert(
      fc.property(roleSet({ without: ['Admin'] }), fc.option(roleSet()), roleSet(), (granter, before, after) => {
        const target = before === null ? null : { id: 'them', roles: before };
        fc.pre(roleChangeRefusal({ granter: { id: 'me', roles: granter }, target, after }) === null);
        for (const role of ADMIN_GRANTED_ROLES) expect(after.includes(role)).toBe((before ?? []).includes(role));
      }),
    );
  });

  it('offers on the form exactly the roles the rule lets a granter add to an account they may change', () => {
    for (const granter of ROLES) {
      for (const role of ROLES) {
        const refusal = roleChangeRefusal({
          granter: { id: 'me', roles: [granter] },
          target: { id: 'them', roles: ['Parent'] },
          after: ['Parent', role],
        });
        expect(refusal === null, `${granter} adding ${role}`).toBe(grantableRoles([granter]).includes(role));
      }
    }
  });

  it('builds no set of powers that nobody started with, however many non-Admins take turns', () => {
    const step = fc.record({ actor: fc.nat(3), target: fc.nat(3), after: roleSet({ without: ['Admin'] }) });
    fc.assert(
      fc.property(
        fc.array(roleSet({ without: ['Admin'] }), { minLength: 2, maxLength: 4 }),
        fc.array(step, { maxLength: 20 }),
        (start, steps) => {
          const people = start.map((roles, index) => ({ id: `p${index}`, roles: [...roles] }));
          for (const { actor, target, after } of steps) {
            const granter = people[actor % people.length]!;
            const account = people[target % people.length]!;
            if (roleChangeRefusal({ granter, target: account, after }) === null) account.roles = [...after];
          }
          for (const person of people) {
            expect(start.some((roles) => holdsEveryPower(roles, person.roles))).toBe(true);
          }
        },
      ),
    );
  });

  it('weighs neither dashboards nor paying one’s own fees: every role may be given Parent', () => {
    for (const granter of ROLES) expect(holdsEveryPower([granter], ['Parent', 'Student'])).toBe(true);
    expect(holdsEveryPower(['ICT_administrator'], ['Bursar'])).toBe(false);
    expect(grantableRoles(['ICT_administrator'])).toEqual(['ICT_administrator', 'Headteacher', 'Student', 'Parent']);
  });
});
