import type { SessionUser } from '@schoolledger/domain';

const KEYS = { token: 'token', refreshToken: 'refreshToken', user: 'user', rememberMe: 'rememberMe' } as const;

export interface StoredAuth {
  token: string | null;
  refreshToken: string;
  /** Unvalidated JSON: callers check it against the user schema. */
  user: unknown;
  rememberMe: boolean;
}

/**
 * Remembered sessions live in localStorage; the others in sessionStorage, so a reload in the same
 * tab keeps the user signed in but closing the tab ends the session.
 */
function target(rememberMe: boolean): Storage {
  return rememberMe ? localStorage : sessionStorage;
}

function parseJson(raw: string | null): unknown {
  if (!raw) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

export const authStorage = {
  read(): StoredAuth | null {
    for (const storage of [localStorage, sessionStorage]) {
      const refreshToken = storage.getItem(KEYS.refreshToken);
      if (!refreshToken) continue;
      return {
        token: storage.getItem(KEYS.token),
        refreshToken,
        user: parseJson(storage.getItem(KEYS.user)),
        rememberMe: storage === localStorage,
      };
    }
    return null;
  },

  write(auth: { token: string; refreshToken: string; user: SessionUser | null; rememberMe: boolean }) {
    authStorage.clear();
    const storage = target(auth.rememberMe);
    storage.setItem(KEYS.token, auth.token);
    storage.setItem(KEYS.refreshToken, auth.refreshToken);
    if (auth.user) storage.setItem(KEYS.user, JSON.stringify(auth.user));
    if (auth.rememberMe) storage.setItem(KEYS.rememberMe, 'true');
  },

  clear() {
    for (const storage of [localStorage, sessionStorage]) {
      for (const key of Object.values(KEYS)) storage.removeItem(key);
    }
  },
};
