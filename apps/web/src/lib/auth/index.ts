export { getProfile, profileQueryKey } from './get-profile';
export { type AuthState, useAuthStore } from './store';
