/** Product password rule (the spec leaves it open; the README's "Accounts": at least 8 characters). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
