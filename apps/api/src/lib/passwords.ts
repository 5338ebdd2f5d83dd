import { createHash, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { initialStudentPassword } from '@schoolledger/domain';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Checks a sign-in password, including a student's derived initial password before its first change. */
export async function checkUserPassword(
  user: { passwordHash: string | null; firstname: string; regNo: string | null },
  password: string,
): Promise<boolean> {
  if (user.passwordHash) return verifyPassword(user.passwordHash, password);
  if (!user.regNo) return false;
  return timingSafeEqual(digest(initialStudentPassword(user.firstname, user.regNo)), digest(password));
}
