import { MSG } from '@schoolledger/domain';
import { useEffect } from 'react';
import { notify } from '../notify';
import { logoutRequest } from './logout';
import { useAuthStore } from './store';

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/**
 * Signs the browser out after `minutes` without the user touching it (the group's session timeout),
 * so a computer left open in the bursary does not stay signed in. The server refuses the session's
 * refresh as well; this is the part the user sees.
 */
export function useIdleSignOut(minutes: number | undefined) {
  useEffect(() => {
    if (!minutes) return;
    const limit = minutes * 60_000;
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;

    const expire = () => {
      const { refreshToken, clear } = useAuthStore.getState();
      void logoutRequest(refreshToken).catch(() => undefined);
      clear();
      notify.error(MSG.sessionExpired);
    };
    // Timers drift and pause while a laptop sleeps: check the clock rather than trusting one long timeout.
    const check = () => {
      const left = lastActivity + limit - Date.now();
      if (left <= 0) expire();
      else timer = setTimeout(check, left);
    };
    const touch = () => {
      lastActivity = Date.now();
    };

    timer = setTimeout(check, limit);
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, touch, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, touch, { capture: true });
    };
  }, [minutes]);
}
