import { z } from 'zod';
import { MSG } from '../messages.js';
import { ROLES } from '../roles.js';
import { emailSchema, idSchema } from './common.js';

export const passwordSchema = z.string({ error: MSG.required }).min(1, MSG.required).min(8, MSG.passwordMin).max(200);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  rememberMe: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const roleSchema = z.enum(ROLES);

export const schoolRefSchema = z.object({ _id: idSchema, name: z.string(), groupSchool: idSchema.nullable() });

export const sessionUserSchema = z.object({
  _id: idSchema,
  firstname: z.string(),
  middlename: z.string().nullable(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  profile: z.object({ profilePicture: z.string().nullable() }),
  roles: z.array(roleSchema),
  school: schoolRefSchema.nullable(),
  status: z.enum(['active', 'inactive']),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  lastLogin: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  user: sessionUserSchema,
  token: z.string(),
  refreshToken: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshRequestSchema = z.object({
  refreshToken: z.string({ error: MSG.noRefreshToken }).min(1, MSG.noRefreshToken),
});
export const refreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutRequestSchema = z.object({ refreshToken: z.string().optional() }).nullish();

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: MSG.resetTokenInvalid }).min(1, MSG.resetTokenInvalid),
  password: passwordSchema,
});

/** The reset form adds a confirmation the server never sees. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
