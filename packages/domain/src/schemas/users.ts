import { z } from 'zod';
import { MSG } from '../messages.js';
import { passwordSchema, roleSchema } from './auth.js';
import { emailSchema, idSchema, nameText, optionalNameText, paginationSchema } from './common.js';

export const USER_STATUSES = ['active', 'inactive'] as const;
export const userStatusSchema = z.enum(USER_STATUSES);

/** A user as the User Management screen lists them. */
export const userSchema = z.object({
  _id: idSchema,
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  profile: z.object({ profilePicture: z.string().nullable() }),
  roles: z.array(roleSchema),
  school: z.object({ _id: idSchema, name: z.string() }).nullable(),
  status: userStatusSchema,
  isActive: z.boolean(),
  regNo: z.string().nullable(),
  classArm: z.object({ _id: idSchema, name: z.string() }).nullable(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  role: roleSchema.optional(),
  /** 'all' is the same as leaving it out. */
  status: z.enum([...USER_STATUSES, 'all']).optional(),
  school_id: idSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;

export const userListSchema = z.object({ users: z.array(userSchema), pagination: paginationSchema });
export type UserList = z.infer<typeof userListSchema>;

const nameField = (label: 'First' | 'Last') => nameText(`${label} name must be at least 2 characters`, 80, 2);

const phoneField = z
  .string()
  .trim()
  .refine((value) => value === '' || value.replace(/\D/g, '').length >= 10, 'Phone number must have at least 10 digits')
  .optional()
  .nullable();

/** Staff, parents and other non-student accounts; students are created through the student form. */
export const createUserRequestSchema = z.object({
  firstname: nameField('First'),
  middlename: optionalNameText(80),
  lastname: nameField('Last'),
  email: emailSchema,
  phone: phoneField,
  roles: z.array(roleSchema, { error: 'Please select at least one role' }).min(1, 'Please select at least one role'),
  password: passwordSchema,
  /** The school the account belongs to; defaults to the creator's school. */
  school_id: idSchema.optional().nullable(),
  status: userStatusSchema.optional().default('active'),
});
export type CreateUserRequest = z.output<typeof createUserRequestSchema>;

export const createUserFormSchema = createUserRequestSchema
  .extend({ confirmPassword: z.string().min(1, MSG.required) })
  .refine((form) => form.password === form.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type CreateUserFormValues = z.input<typeof createUserFormSchema>;

export const updateUserRequestSchema = z.object({
  firstname: nameField('First'),
  middlename: optionalNameText(80),
  lastname: nameField('Last'),
  email: emailSchema,
  phone: phoneField,
  roles: z.array(roleSchema, { error: 'Please select at least one role' }).min(1, 'Please select at least one role'),
  status: userStatusSchema,
});
export type UpdateUserRequest = z.output<typeof updateUserRequestSchema>;

const userIdsSchema = z
  .array(idSchema, { error: 'Please select users first' })
  .min(1, 'Please select users first')
  .max(500, 'Select at most 500 users at a time');

export const bulkUpdateUsersRequestSchema = z.object({
  userIds: userIdsSchema,
  updates: z.object({ status: userStatusSchema }),
});
export const bulkDeleteUsersRequestSchema = z.object({ userIds: userIdsSchema });
export const bulkResultSchema = z.object({ affected: z.number().int() });

export const userStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  inactiveUsers: z.number().int(),
  recentRegistrations: z.number().int(),
  byRole: z.array(z.object({ role: roleSchema, count: z.number().int() })),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** The columns of users.csv, in order (SPEC §9). */
export const USER_EXPORT_COLUMNS = [
  'ID',
  'First Name',
  'Last Name',
  'Email',
  'Roles',
  'Status',
  'Last Login',
  'Created At',
] as const;
