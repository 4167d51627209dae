/** Messages of the spec (section 8) that both sides show word for word. */
export const MESSAGES = {
  noUserSignedIn: 'No user is currently signed in.',
  userRoleUpdated: 'User role updated successfully',
  userDeleted: 'User Deleted successfully',
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongLower: 'something went wrong',
  fileTooLarge: 'File size too large. Maximum is 10MB.',
} as const;
