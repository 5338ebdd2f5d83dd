import {
  type AddressCreateInput,
  type AddressInput,
  entityMessages,
  type GroupSchoolInput,
  type SchoolInput,
} from '@schoolledger/domain';
import type { AppContext } from '../../app-context.js';
import { conflict, forbidden, isUniqueViolation, notFound, validationFailed } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertSchoolExistsInScope } from '../../plugins/tenancy.js';
import { type Actor, recordAudit } from '../audit/audit.queries.js';
import { receiptCodeInUse, schoolNotFound } from './schools.errors.js';
import {
  countSchoolDependents,
  deleteAddressRow,
  deleteGroupSchoolRow,
  deleteSchoolAndAddresses,
  findAddress,
  findGroupSchool,
  findSchool,
  insertAddress,
  insertGroupSchool,
  insertSchool,
  receiptCodeTaken,
  updateAddressRow,
  updateGroupSchoolRow,
  updateSchoolRow,
} from './schools.queries.js';

const GROUP = entityMessages('Group school');
const SCHOOL = entityMessages('School');
const ADDRESS = entityMessages('Address');

/* Group schools: a group spans schools, so only the super-admin creates or deletes one, and
   only the super-admin or the group's proprietor edits it. */

export async function getGroupSchool(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findGroupSchool(ctx.db, auth.scope, id);
  if (!row) throw notFound(GROUP.notFound);
  return row;
}

export async function createGroupSchool(ctx: AppContext, auth: AuthContext, input: GroupSchoolInput, actor: Actor) {
  if (auth.scope.kind !== 'all') throw forbidden();
  const id = await ctx.db.transaction(async (tx) => {
    const row = await insertGroupSchool(tx, {
      name: input.name,
      description: input.description,
      logoUrl: input.logo || null,
    });
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'group_school',
      entityId: row.id,
      schoolId: null,
      after: row,
    });
    return row.id;
  });
  return getGroupSchool(ctx, auth, id);
}

export async function updateGroupSchool(
  ctx: AppContext,
  auth: AuthContext,
  id: string,
  input: GroupSchoolInput,
  actor: Actor,
) {
  const before = await getGroupSchool(ctx, auth, id);
  if (auth.scope.kind !== 'all' && auth.scope.kind !== 'group') throw forbidden();
  await ctx.db.transaction(async (tx) => {
    const after = await updateGroupSchoolRow(tx, id, {
      name: input.name,
      description: input.description,
      logoUrl: input.logo || before.logoUrl,
    });
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'group_school',
      entityId: id,
      schoolId: null,
      groupSchoolId: id,
      before,
      after,
    });
  });
  return getGroupSchool(ctx, auth, id);
}

export async function deleteGroupSchool(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const before = await getGroupSchool(ctx, auth, id);
  if (auth.scope.kind !== 'all') throw forbidden();
  if (Number(before.schoolCount) > 0) throw conflict('This group school still has schools. Move or delete them first.');
  await ctx.db.transaction(async (tx) => {
    await deleteGroupSchoolRow(tx, id);
    await recordAudit(tx, actor, { action: 'delete', entity: 'group_school', entityId: id, schoolId: null, before });
  });
}

/* Schools */

const RECEIPT_CODE_INDEX = 'schools_group_receipt_code_idx';

export async function getSchool(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findSchool(ctx.db, auth.scope, id);
  if (!row) throw schoolNotFound();
  return row;
}

const addressValues = (input: AddressInput) => ({
  street: input.street,
  streetNo: input.street_no,
  town: input.town,
  state: input.state,
  country: input.country,
  zipCode: input.zip_code,
});

const schoolValues = (input: SchoolInput) => ({
  groupSchoolId: input.groupSchool_id,
  name: input.name,
  email: input.email || null,
  phoneNumber: input.phoneNumber,
  isActive: input.isActive,
  // Left out, the code stays as it is; blank, the database gives the school its initials.
  ...(input.receiptCode !== undefined && { receiptCode: input.receiptCode }),
});

/**
 * A receipt code chosen for a school must be free in its group: no other school has it, or printed
 * it on receipts. The unique index answers two schools taking one code at once the same way.
 */
async function withFreeReceiptCode<T>(
  ctx: AppContext,
  input: SchoolInput,
  schoolId: string | null,
  work: () => Promise<T>,
): Promise<T> {
  const code = input.receiptCode;
  if (code && (await receiptCodeTaken(ctx.db, code, input.groupSchool_id, schoolId))) throw receiptCodeInUse(code);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error, RECEIPT_CODE_INDEX)) throw error;
      // A chosen code another school took meanwhile is refused. A code made from the name (the
      // database's default) can meet one made at the same moment for another new school: made
      // again, it sees that school's and takes the next free one.
      if (code || attempt === 3) throw receiptCodeInUse(code || input.name);
    }
  }
}

/** A new school joins a group the caller oversees: any group for the super-admin, their own for a proprietor. */
function assertMayPlaceSchoolInGroup(auth: AuthContext, groupSchoolId: string) {
  if (auth.scope.kind === 'all') return;
  if (auth.scope.kind === 'group' && auth.scope.groupSchoolId === groupSchoolId) return;
  if (auth.scope.kind === 'group') throw notFound(GROUP.notFound);
  throw forbidden();
}

export async function createSchool(ctx: AppContext, auth: AuthContext, input: SchoolInput, actor: Actor) {
  assertMayPlaceSchoolInGroup(auth, input.groupSchool_id);
  if (!(await findGroupSchool(ctx.db, auth.scope, input.groupSchool_id))) throw notFound(GROUP.notFound);
  const id = await withFreeReceiptCode(ctx, input, null, () =>
    ctx.db.transaction(async (tx) => {
      const school = await insertSchool(tx, schoolValues(input));
      const address = await insertAddress(tx, { ...addressValues(input), schoolId: school.id, isSchoolAddress: true });
      await recordAudit(tx, actor, {
        action: 'create',
        entity: 'school',
        entityId: school.id,
        schoolId: school.id,
        after: { ...school, address },
      });
      return school.id;
    }),
  );
  // The proprietor's scope was computed before this school existed.
  if (auth.scope.kind === 'group') auth.scope.schoolIds.push(id);
  return getSchool(ctx, auth, id);
}

export async function updateSchool(ctx: AppContext, auth: AuthContext, id: string, input: SchoolInput, actor: Actor) {
  const before = await getSchool(ctx, auth, id);
  if (input.groupSchool_id !== before.school.groupSchoolId) {
    if (auth.scope.kind !== 'all') throw forbidden('Only a system administrator can move a school to another group.');
    if (!(await findGroupSchool(ctx.db, auth.scope, input.groupSchool_id))) throw notFound(GROUP.notFound);
  }
  await withFreeReceiptCode(ctx, input, id, () =>
    ctx.db.transaction(async (tx) => {
      const school = await updateSchoolRow(tx, id, schoolValues(input));
      const address = before.address
        ? await updateAddressRow(tx, before.address.id, addressValues(input))
        : await insertAddress(tx, { ...addressValues(input), schoolId: id, isSchoolAddress: true });
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'school',
        entityId: id,
        schoolId: id,
        before: { ...before.school, address: before.address },
        after: { ...school, address },
      });
    }),
  );
  return getSchool(ctx, auth, id);
}

export async function deleteSchool(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const before = await getSchool(ctx, auth, id);
  if (auth.scope.kind === 'school') throw forbidden();
  if ((await countSchoolDependents(ctx.db, id)) > 0) {
    throw conflict(
      'This school still has sessions, class arms or users. Remove them first, or mark the school inactive.',
    );
  }
  await ctx.db.transaction(async (tx) => {
    await deleteSchoolAndAddresses(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'school',
      entityId: id,
      schoolId: id,
      before: before.school,
    });
  });
}

/* Addresses */

export async function getAddress(ctx: AppContext, auth: AuthContext, id: string) {
  const row = await findAddress(ctx.db, auth.scope, id);
  if (!row) throw notFound(ADDRESS.notFound);
  return row;
}

/** An address belongs to the school named, else to the caller's; the super-admin has none and must name one. */
export async function createAddress(ctx: AppContext, auth: AuthContext, input: AddressCreateInput, actor: Actor) {
  const schoolId = input.school_id ?? auth.schoolId;
  if (!schoolId) throw validationFailed([{ field: 'school_id', message: 'School is required' }]);
  await assertSchoolExistsInScope(ctx.db, auth.scope, schoolId, SCHOOL.notFound);
  return ctx.db.transaction(async (tx) => {
    const row = await insertAddress(tx, { ...addressValues(input), schoolId });
    await recordAudit(tx, actor, {
      action: 'create',
      entity: 'address',
      entityId: row.id,
      schoolId: row.schoolId,
      after: row,
    });
    return row;
  });
}

export async function updateAddress(ctx: AppContext, auth: AuthContext, id: string, input: AddressInput, actor: Actor) {
  const before = await getAddress(ctx, auth, id);
  return ctx.db.transaction(async (tx) => {
    const after = await updateAddressRow(tx, id, addressValues(input));
    await recordAudit(tx, actor, {
      action: 'update',
      entity: 'address',
      entityId: id,
      schoolId: before.schoolId,
      before,
      after,
    });
    return after!;
  });
}

export async function deleteAddress(ctx: AppContext, auth: AuthContext, id: string, actor: Actor) {
  const before = await getAddress(ctx, auth, id);
  if (before.isSchoolAddress) throw conflict("A school's own address can be edited but not deleted.");
  await ctx.db.transaction(async (tx) => {
    await deleteAddressRow(tx, id);
    await recordAudit(tx, actor, {
      action: 'delete',
      entity: 'address',
      entityId: id,
      schoolId: before.schoolId,
      before,
    });
  });
}
