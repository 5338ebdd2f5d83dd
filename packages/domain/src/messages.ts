/** User-facing texts of SPEC §5 and §8, written once for the server and the web. */
export const MSG = {
  required: 'This field is required',
  invalidEmail: 'Please enter a valid email address',
  nameHidden: 'Names cannot contain hidden characters such as zero-width spaces or text-direction marks',
  nameNeedsLetter: 'A name needs at least one letter or number',
  passwordMin: 'Password must be at least 8 characters',
  loginFailed: 'Login failed',
  invalidCredentials: 'Invalid email or password',
  accountInactive: 'Your account is inactive. Please contact the school administration.',
  accountLocked: 'Too many failed sign-in attempts. Please try again later.',
  noRefreshToken: 'No refresh token available',
  tokenRefreshFailed: 'Token refresh failed',
  sessionExpired: 'Session expired. Please login again.',
  notAuthorized: 'You are not authorized to perform this action',
  notFound: 'Resource not found',
  badRequest: 'Bad request',
  validation: 'Validation error',
  internal: 'Internal server error. Please try again later.',
  unexpected: 'An unexpected error occurred',
  network: 'Network error. Please check your connection.',
  loggedIn: 'Successfully logged in!',
  loggedOut: 'Successfully logged out!',
  logoutFailed: 'Logout failed',
  resetEmailFailed: 'Failed to send reset email',
  resetEmailSent: 'If an account exists for that email, a reset link has been sent.',
  resetFailed: 'Password reset failed',
  resetTokenInvalid: 'This reset link is invalid or has expired.',
  passwordReset: 'Password reset successfully. Please sign in.',
  profileLoadFailed: 'Failed to get user profile',
  profileUpdateFailed: 'Failed to update profile',
  profileUpdated: 'Profile updated successfully!',
  changePasswordFailed: 'Failed to change password',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully!',
  passwordChangeRequired: 'Please set a new password before you continue.',
  newPasswordsMismatch: 'New passwords do not match',
  pictureUploadFailed: 'Failed to upload profile picture',
  pictureUpdated: 'Profile picture updated successfully!',
  selectImage: 'Please select an image file',
  imageTooLarge: 'Image size must be less than 5MB',
  fileTooLarge: 'File size must be less than 5MB',
  emailTaken: 'A user with this email already exists',
} as const;

/** 'Failed to create school', 'School created successfully!' and the rest of the pattern. */
export function entityMessages(entity: string) {
  const lower = entity.toLowerCase();
  return {
    fetchFailed: `Failed to fetch ${lower}`,
    createFailed: `Failed to create ${lower}`,
    updateFailed: `Failed to update ${lower}`,
    deleteFailed: `Failed to delete ${lower}`,
    notFound: `${entity} not found`,
    created: `${entity} created successfully!`,
    updated: `${entity} updated successfully!`,
    deleted: `${entity} deleted successfully!`,
  };
}

export const MAX_IMAGE_BYTES = 5_242_880;
