import { type LoginRequest, MSG, type SessionUser } from '@schoolledger/domain';
import { create } from 'zustand';
import { ApiError, configureApiAuth } from '../api-client';
import { notify } from '../notify';
import { queryClient } from '../query-client';
import { authStorage } from '../storage';
import { getProfile, parseCachedUser } from './get-profile';
import { loginRequest } from './login';
import { logoutRequest } from './logout';
import { refreshRequest } from './refresh';

export interface AuthState {
  user: SessionUser | null;
  token: string | null;
  refreshToken: string | null;
  isAuthenticated: boolean;
  /** True until start-up has restored (or given up on) the stored session. */
  isLoading: boolean;
  rememberMe: boolean;
  initialize(): Promise<void>;
  login(input: LoginRequest): Promise<SessionUser>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
  setUser(user: SessionUser): void;
  clear(): void;
}

const signedOut = { user: null, token: null, refreshToken: null, isAuthenticated: false, rememberMe: false };

/**
 * Whether an access token still has a minute to live, read from its own expiry. Opening the app
 * with one needs no refresh: refresh tokens rotate, and a page reloaded while its first load was
 * still refreshing would present the token that refresh used up, which ends the whole session.
 */
export function tokenStillFresh(token: string | null, now = Date.now()): boolean {
  if (!token) return false;
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replaceAll('-', '+').replaceAll('_', '/')));
    return typeof payload.exp === 'number' && payload.exp * 1000 - now > 60_000;
  } catch {
    return false;
  }
}

function isRejection(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

export const useAuthStore = create<AuthState>()((set, get) => {
  function persist() {
    const { token, refreshToken, user, rememberMe } = get();
    if (token && refreshToken) authStorage.write({ token, refreshToken, user, rememberMe });
  }

  return {
    ...signedOut,
    isLoading: true,

    async initialize() {
      const stored = authStorage.read();
      if (!stored) {
        set({ isLoading: false });
        return;
      }
      const cachedUser = await parseCachedUser(stored.user);
      set({
        user: cachedUser,
        token: stored.token,
        refreshToken: stored.refreshToken,
        rememberMe: stored.rememberMe,
        isAuthenticated: cachedUser !== null,
      });
      try {
        if (!tokenStillFresh(stored.token)) await get().refresh();
      } catch (error) {
        // A refused refresh ends the session; an unreachable server keeps a cached one.
        if (isRejection(error) || !cachedUser) get().clear();
        // Ended while the app was closed (idle past the group's sign-out, or signed out): say so on
        // the sign-in page rather than just showing it.
        if (error instanceof ApiError && error.status === 401) notify.error(MSG.sessionExpired);
        set({ isLoading: false });
        return;
      }
      try {
        get().setUser(await getProfile({ silent: true }));
      } catch {
        if (!cachedUser) get().clear();
      }
      set({ isLoading: false });
    },

    async login(input) {
      const { user, token, refreshToken } = await loginRequest(input);
      set({ user, token, refreshToken, rememberMe: input.rememberMe ?? false, isAuthenticated: true });
      persist();
      notify.success(MSG.loggedIn);
      return user;
    },

    async logout() {
      try {
        await logoutRequest(get().refreshToken);
      } catch {
        // The server may already consider the session gone; signing out locally is what matters.
      }
      try {
        get().clear();
        notify.success(MSG.loggedOut);
      } catch {
        notify.error(MSG.logoutFailed);
      }
    },

    async refresh() {
      const tokens = await refreshRequest(get().refreshToken);
      set({ token: tokens.token, refreshToken: tokens.refreshToken });
      persist();
    },

    setUser(user) {
      set({ user, isAuthenticated: true });
      persist();
    },

    clear() {
      authStorage.clear();
      queryClient.clear();
      set(signedOut);
    },
  };
});

configureApiAuth({
  getToken: () => useAuthStore.getState().token,
  refresh: () => useAuthStore.getState().refresh(),
  onSessionExpired: () => useAuthStore.getState().clear(),
  onPasswordChangeRequired: () => {
    const { user, setUser } = useAuthStore.getState();
    if (user && !user.mustChangePassword) setUser({ ...user, mustChangePassword: true });
  },
});

// Remembered sessions are shared by every tab; refresh tokens rotate, so pick up another tab's
// rotation (or sign-out) instead of replaying a token the server has already retired.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== localStorage || event.key !== 'refreshToken') return;
    const state = useAuthStore.getState();
    if (!state.rememberMe) return;
    const stored = authStorage.read();
    if (!stored) state.clear();
    else useAuthStore.setState({ token: stored.token, refreshToken: stored.refreshToken });
  });
}
