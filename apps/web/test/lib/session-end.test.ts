import { MSG } from '@schoolledger/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const shown = vi.hoisted(() => [] as string[]);
vi.mock('@/lib/notify', () => ({
  notify: { error: (message: string) => shown.push(message), success: () => {}, info: () => {} },
}));

/** The part of the Web Storage API the auth storage uses. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

const idleRefusal = {
  success: false,
  message: MSG.sessionExpired,
  data: null,
  code: 'SESSION_IDLE',
  errors: [],
};

describe('a session the server ended for idleness', () => {
  const requested: string[] = [];

  beforeEach(() => {
    shown.length = 0;
    requested.length = 0;
    vi.resetModules();
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        return new Response(JSON.stringify(idleRefusal), { status: 401 });
      }),
    );
  });

  it('is signed out on opening the app, with the session-expired message on the sign-in page', async () => {
    sessionStorage.setItem('token', 'an-access-token');
    sessionStorage.setItem('refreshToken', 'an-idle-refresh-token');
    const { useAuthStore } = await import('@/lib/auth/store');

    await useAuthStore.getState().initialize();

    expect(requested).toEqual(['/api/v1/auth/refresh']);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, token: null, isLoading: false });
    expect(sessionStorage.getItem('refreshToken')).toBeNull();
    expect(shown).toEqual([MSG.sessionExpired]);
  });

  it('is signed out on its next call, with the same message', async () => {
    const { useAuthStore } = await import('@/lib/auth/store');
    const { api } = await import('@/lib/api-client');
    useAuthStore.setState({ token: 'an-access-token', refreshToken: 'an-idle-refresh-token', isAuthenticated: true });

    await expect(api.get('/user/profile')).rejects.toMatchObject({ status: 401 });

    expect(requested).toEqual(['/api/v1/user/profile', '/api/v1/auth/refresh']);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: false, token: null });
    expect(shown).toEqual([MSG.sessionExpired]);
  });
});

/** An access token as the server signs them, expiring `seconds` from now (the signature is not read). */
const accessToken = (seconds: number) =>
  ['e30', btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + seconds })), 'signature'].join('.');

describe('opening the app', () => {
  const requested: string[] = [];

  beforeEach(() => {
    requested.length = 0;
    vi.resetModules();
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        requested.push(url);
        return new Response(JSON.stringify(idleRefusal), { status: 401 });
      }),
    );
  });

  it('with an access token that still has minutes to live asks who is signed in, and uses no refresh token up', async () => {
    sessionStorage.setItem('token', accessToken(10 * 60));
    sessionStorage.setItem('refreshToken', 'a-refresh-token');
    const { useAuthStore } = await import('@/lib/auth/store');

    await useAuthStore.getState().initialize();

    // A reload during this load would find the same refresh token still good.
    expect(requested[0]).toBe('/api/v1/user/profile');
  });

  it('with an access token about to expire refreshes first', async () => {
    sessionStorage.setItem('token', accessToken(30));
    sessionStorage.setItem('refreshToken', 'a-refresh-token');
    const { useAuthStore } = await import('@/lib/auth/store');

    await useAuthStore.getState().initialize();

    expect(requested).toEqual(['/api/v1/auth/refresh']);
  });

  it('reads a token that is not one as expired', async () => {
    const { tokenStillFresh } = await import('@/lib/auth/store');
    expect(tokenStillFresh('not-a-token')).toBe(false);
    expect(tokenStillFresh(accessToken(10 * 60))).toBe(true);
    expect(tokenStillFresh(accessToken(-5))).toBe(false);
  });
});
