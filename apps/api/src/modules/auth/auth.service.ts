import type { Role, TAuthPayload, TLanguage } from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { findActiveUserByEmail, findActiveUserById, presentUser } from '../../lib/accounts.ts';
import { actAs, recordEvent } from '../audit/audit.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { hashLinkToken, issuePasswordLink } from '../../lib/password-links.ts';
import { consumeResetToken, insertUser, setPassword } from './auth.repository.ts';

export type SignToken = (claims: { sub: string; role: Role }) => string;

/** One answer for an unknown e-mail and a wrong password: no one learns who has an account. */
const BAD_CREDENTIALS = () => AppError.unauthorized('Incorrect e-mail or password.', 'BAD_CREDENTIALS');
const RESET_LINK_HOURS = 1;

export async function register(
  db: Database,
  sign: SignToken,
  input: { email: string; password: string; name: string; phone?: string; language?: TLanguage },
): Promise<TAuthPayload> {
  if (await findActiveUserByEmail(db, input.email)) throw emailTaken();
  try {
    const row = await insertUser(db, {
      email: input.email,
      name: input.name,
      phone: input.phone ?? null,
      // The site's language at sign-up: their mails are written in it until they book in another.
      language: input.language ?? 'en',
      passwordHash: await hashPassword(input.password),
      role: 'user',
    });
    return { user: presentUser(row), token: sign({ sub: row.id, role: row.role }) };
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

function emailTaken() {
  return AppError.conflict('An account with this e-mail already exists. Please log in instead.', 'EMAIL_TAKEN');
}

export async function login(db: Database, sign: SignToken, input: { email: string; password: string }) {
  const row = await findActiveUserByEmail(db, input.email);
  const valid = await verifyPassword(row?.passwordHash ?? null, input.password);
  if (!row || !valid) {
    // The attempt is kept with the e-mail typed and the account it names, if any (issue 35).
    await recordEvent(db, { entityId: row?.id ?? null, action: 'sign-in-failed', changes: { email: [null, input.email] } });
    throw BAD_CREDENTIALS();
  }
  await recordEvent(db, { entityId: row.id, action: 'sign-in', as: signedIn(row) });
  return { user: presentUser(row), token: sign({ sub: row.id, role: row.role }) };
}

/** An account as the audit trail names its author. */
export function signedIn(row: { id: string; role: Role; email: string | null; name: string }) {
  return { id: row.id, role: row.role, label: row.email ?? row.name };
}


/** Writes a one-hour reset link to the outbox when the account exists; silent otherwise. */
export async function requestPasswordReset(db: Database, mailer: Mailer, config: Config, email: string) {
  const row = await findActiveUserByEmail(db, email);
  if (!row) return;
  await db.transaction(async (tx) => {
    const link = await issuePasswordLink(tx, config, row.id, RESET_LINK_HOURS);
    await mailer.enqueue(tx, {
      kind: 'password-reset',
      to: email,
      subject: `Reset your ${config.hotel.name} password`,
      text: [
        `Hello ${row.name},`,
        '',
        `Someone asked to reset the password of your ${config.hotel.name} account.`,
        `Open this link within one hour to choose a new password:`,
        link,
        '',
        'If it was not you, ignore this e-mail: your password stays as it is.',
      ].join('\n'),
      html: mailLayout({
        hotelName: config.hotel.name,
        heading: 'Reset your password',
        bodyHtml: `<p>Hello ${escapeHtml(row.name)},</p>
<p>Someone asked to reset the password of your ${escapeHtml(config.hotel.name)} account. Open this link within one hour to choose a new password:</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f3d3e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>
<p>If it was not you, ignore this e-mail: your password stays as it is.</p>`,
        footer: hotelFooter(config.hotel, 'en', { withEmail: false }),
      }),
    });
  });
  mailer.kick();
}

/** Sets the new password; returns the account's id. */
export async function resetPassword(db: Database, input: { token: string; password: string }): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, hashLinkToken(input.token));
    if (!userId) {
      throw AppError.badRequest(
        'This reset link is not valid or has expired. Please ask for a new one.',
        'RESET_LINK_INVALID',
      );
    }
    // The link's owner made the change, though not signed in (issue 35).
    const owner = await findActiveUserById(tx, userId);
    const as = owner ? signedIn(owner) : { id: userId };
    await actAs(tx, as);
    await setPassword(tx, userId, passwordHash);
    await recordEvent(tx, { entityId: userId, action: 'password-reset', as });
    return userId;
  });
}

/**
 * Changes the password of a signed-in account after checking the current one. Every other
 * sign-in of the account ends (tokens issued before now are refused); the caller gets a new token.
 */
export async function changePassword(
  db: Database,
  sign: SignToken,
  account: { id: string; role: Role; passwordHash: string | null },
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  if (!account.passwordHash) {
    throw AppError.badRequest('Your account has no password yet (you sign in with Google). Use "Forgot your password?" to set one.', 'NO_PASSWORD');
  }
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    throw new AppError('WRONG_PASSWORD', 'Your current password is not correct.', 400, [
      { path: 'currentPassword', message: 'Your current password is not correct.' },
    ]);
  }
  if (input.currentPassword === input.newPassword) {
    throw new AppError('VALIDATION_ERROR', 'Choose a password different from the current one.', 400, [
      { path: 'newPassword', message: 'Choose a password different from the current one.' },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await setPassword(tx, account.id, passwordHash);
    await recordEvent(tx, { entityId: account.id, action: 'password-changed' });
  });
  return sign({ sub: account.id, role: account.role });
}
