import { z } from 'zod';
import { MSG } from '../messages.js';
import { passwordSchema } from './auth.js';
import { nameText, optionalNameText, optionalText } from './common.js';

export const updateProfileRequestSchema = z.object({
  firstname: nameText('First name is required', 80),
  middlename: optionalNameText(80),
  lastname: nameText('Last name is required', 80),
  email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').pipe(z.email(MSG.invalidEmail)),
  phone: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || value.replace(/\D/g, '').length >= 10,
      'Phone number must have at least 10 digits',
    )
    .optional()
    .nullable(),
  address: optionalText(300),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required'),
  newPassword: z.string({ error: 'New password is required' }).min(1, 'New password is required').pipe(passwordSchema),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The form adds a confirmation the server never sees. */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({
    confirmPassword: z.string().min(1, 'Please confirm your new password'),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

export const uploadedFileResponseSchema = z.object({ url: z.string() });
