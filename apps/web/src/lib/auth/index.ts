export { getProfile, profileQueryKey } from './get-profile';
export { useIdleSignOut } from './idle-timeout';
export { type AuthState, useAuthStore } from './store';
