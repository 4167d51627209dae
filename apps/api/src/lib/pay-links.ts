import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.ts';

/*
 * A guest's link to pay a reservation online without signing in (issue 33): the confirmation
 * mail's "Pay online". Signed with the server's secret and expiring (at check-in), so it names
 * one reservation and cannot be made up or changed; it stores nothing.
 */

const sign = (config: Config, payload: string) => createHmac('sha256', config.jwtSecret).update(`pay-link:${payload}`).digest('base64url').slice(0, 32);

/** The token of a link to pay `reservationId` until `expiresAt`. */
export function payLinkToken(config: Config, reservationId: string, expiresAt: Date): string {
  const payload = `${reservationId.replace(/-/g, '')}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${sign(config, payload)}`;
}

/** The page a pay link opens. */
export const payLinkUrl = (config: Config, reservationId: string, expiresAt: Date) => `${config.publicUrl}/pay/${payLinkToken(config, reservationId, expiresAt)}`;

/** The reservation a token names while it is valid at `now`; null for a token made up, changed or expired. */
export function readPayLink(config: Config, token: string, now = new Date()): { reservationId: string; expiresAt: Date } | null {
  const match = /^([0-9a-f]{32})\.([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!match) return null;
  const [, id, expires, signature] = match;
  const expected = Buffer.from(sign(config, `${id}.${expires}`));
  const given = Buffer.from(signature!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const expiresAt = new Date(parseInt(expires!, 36) * 1000);
  if (expiresAt <= now) return null;
  return { reservationId: `${id!.slice(0, 8)}-${id!.slice(8, 12)}-${id!.slice(12, 16)}-${id!.slice(16, 20)}-${id!.slice(20)}`, expiresAt };
}
