import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { passwordResetTokens } from '../db/schema.ts';

/** Only the hash of a link's token is stored: the mailed link is the only copy of the secret. */
export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A single-use link that sets an account's password, valid for `hours`: the reset mail's link,
 * a colleague's invitation, and the first admin's (cli/create-admin.ts).
 */
export async function issuePasswordLink(
  db: Executor,
  config: Config,
  userId: string,
  hours: number,
  options: { invite?: boolean } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResetTokens).values({ userId, tokenHash: hashLinkToken(token), expiresAt: new Date(Date.now() + hours * 3_600_000) });
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}${options.invite ? '&invite=1' : ''}`;
}
