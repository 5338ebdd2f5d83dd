// Loaded on demand: zod is the largest library the session code needs, and nothing on the first
// screen validates anything before the stored session is checked.
export { loginResponseSchema, refreshResponseSchema, sessionUserSchema } from '@schoolledger/domain';
