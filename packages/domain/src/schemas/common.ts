import { z } from 'zod';
import { ERROR_CODES } from '../error-codes.js';
import { MSG } from '../messages.js';
import { decodeListCursor, type ListCursor } from '../pagination.js';
import { nameProblem } from '../text.js';

/** Every response is { success, message, data }. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string(), data });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

export const errorResponseSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  code: z.enum(ERROR_CODES).describe('Stable name of the failure: branch on it, not on the message'),
  errors: z.array(fieldErrorSchema).optional(),
});

export const idSchema = z.uuid({ error: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });

/** A required text field: trimmed, non-empty, with the form's own message. */
export function requiredText(message: string = MSG.required, max = 200) {
  return z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);
}

export function optionalText(max = 500) {
  return z.string().trim().max(max, `Must be at most ${max} characters`).optional().nullable();
}

/** The one rule for every name (people, schools, classes, fees, vendors): see `nameProblem`. */
function refuseBadName(name: string, context: z.RefinementCtx) {
  const problem = nameProblem(name);
  if (problem)
    context.addIssue({ code: 'custom', message: problem === 'hidden' ? MSG.nameHidden : MSG.nameNeedsLetter });
}

/**
 * A required name: trimmed, at least `min` characters (`message` otherwise), and one a reader can
 * see and that nothing hidden can disguise.
 */
export function nameText(message: string = MSG.required, max = 200, min = 1) {
  return z
    .string({ error: message })
    .trim()
    .min(min, message)
    .max(max, `Must be at most ${max} characters`)
    .superRefine(refuseBadName);
}

/** A name that may be left out or empty. */
export function optionalNameText(max = 200) {
  return z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .superRefine(refuseBadName)
    .optional()
    .nullable();
}

export const emailSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .pipe(z.email(MSG.invalidEmail));

/**
 * A calendar date, YYYY-MM-DD, from 1900 on: ISO allows year 0000, which PostgreSQL has no day
 * for, and no school record is older.
 */
export function calendarDate(message: string = MSG.required) {
  return z.iso.date({ error: message }).refine((day) => day >= '1900-01-01', 'Use a date after 1900');
}

/** A day a list is filtered from or to. */
export const filterDate = () => calendarDate('Use a date as YYYY-MM-DD');

export const timestampSchema = z.string();
export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});

/**
 * A list that can be read page after page from where the last page ended. Its total is counted
 * exactly up to a cap, so a list of millions answers as fast as a short one.
 */
export const cursorPaginationSchema = paginationSchema.extend({
  /** `true`: more rows match than `total`, where the count stopped; `totalPages` is then a lower bound. */
  totalIsCapped: z.boolean(),
  /** Pass as `cursor` to read the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CursorPagination = z.infer<typeof cursorPaginationSchema>;

/** `cursor` of a list query: a `nextCursor` this API gave, unchanged. */
export const listCursorSchema = z.string().transform((text, context): ListCursor => {
  const cursor = decodeListCursor(text);
  if (!cursor) {
    context.addIssue({ code: 'custom', message: 'Use the nextCursor of the previous page' });
    return z.NEVER;
  }
  return cursor;
});
