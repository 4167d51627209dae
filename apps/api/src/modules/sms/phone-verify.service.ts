import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  PHONE_CODE_IP_MAX,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MINUTES,
  PHONE_CODE_NUMBER_MAX,
  PHONE_CODE_NUMBER_WINDOW_MINUTES,
  PHONE_CODE_TRIES,
  smsNumber,
  type TLanguage,
  type TPhoneCodeSent,
  type TPhoneVerified,
} from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Principal } from '../../types.d.ts';
import { enqueueTemplatedSms, type SmsDeps } from './sms.service.ts';

/*
 * The phone's one-time code (issue 34): 6 digits drawn with crypto.randomInt, kept only as an
 * HMAC-SHA-256 with the JWT secret as pepper (a copy of the table alone cannot try the million
 * codes), working 5 minutes and for 5 tries. At most 3 codes to one number in 15 minutes and 10
 * from one address in an hour, counted in the table itself, so every API process counts alike.
 * A guest verifies the phone on their own profile; the desk (staff, admin) a guest's
 * registration card's phone, by its id.
 */

export interface PhoneDeps extends SmsDeps {
  db: Database;
}

interface Caller {
  principal: Principal;
  ip: string;
}

const hashOf = (pepper: string, phone: string, code: string) => createHmac('sha256', pepper).update(`${phone}:${code}`).digest('hex');

/** Whether two numbers are one (each as a provider takes it). */
const samePhone = (a: string | null, number: string) => a !== null && smsNumber(a) === number;

/** The card whose phone the desk verifies (staff and admins only), with its stay's language. */
async function deskCard(tx: Executor, caller: Caller, cardId: string): Promise<{ phone: string | null; language: TLanguage }> {
  if (caller.principal.role === 'user') {
    throw AppError.forbidden("Only the front desk verifies a guest's card phone.", 'FORBIDDEN');
  }
  const [card] = await rows<{ phone: string | null; language: TLanguage }>(
    tx,
    sql`select c.phone, b.language from guest_cards c join bookings b on b.id = c.booking_id
        where c.id = ${cardId} and c.erased_at is null`,
  );
  if (!card) throw AppError.notFound('Registration card not found.', 'CARD_NOT_FOUND');
  return card;
}

/** The phone being verified must be the one saved where the verification is recorded. */
function refuseOtherPhone(saved: string | null, number: string, cardId: string | undefined): void {
  if (samePhone(saved, number)) return;
  const message = cardId
    ? "This is not the phone on the guest's card: save the card with it first."
    : 'This is not the phone on your profile: save it on your profile first.';
  throw new AppError('PHONE_MISMATCH', message, 409, [{ path: 'phone', message }]);
}

/** `POST /api/auth/phone/verify-request`: a new code by SMS, within the limits per number and per address. */
export async function requestPhoneCode(deps: PhoneDeps, caller: Caller, input: { phone: string; cardId?: string }): Promise<TPhoneCodeSent> {
  const number = smsNumber(input.phone)!;
  return deps.db.transaction(async (tx) => {
    let language: TLanguage = caller.principal.user.language;
    if (input.cardId) {
      const card = await deskCard(tx, caller, input.cardId);
      refuseOtherPhone(card.phone, number, input.cardId);
      language = card.language;
    } else {
      refuseOtherPhone(caller.principal.user.phone, number, undefined);
    }
    // One request at a time per number, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`phone-code:${number}`}, 0))`);
    const [counts] = await rows<{ number_recent: number; ip_recent: number; next_number_at: Date | null; next_ip_at: Date | null }>(
      tx,
      sql`select
            (select count(*)::int from phone_codes where phone = ${number} and created_at > now() - make_interval(mins => ${PHONE_CODE_NUMBER_WINDOW_MINUTES})) as number_recent,
            (select count(*)::int from phone_codes where ip = ${caller.ip} and created_at > now() - interval '1 hour') as ip_recent,
            (select min(created_at) + make_interval(mins => ${PHONE_CODE_NUMBER_WINDOW_MINUTES}) from (
               select created_at from phone_codes where phone = ${number} and created_at > now() - make_interval(mins => ${PHONE_CODE_NUMBER_WINDOW_MINUTES})
               order by created_at desc limit ${PHONE_CODE_NUMBER_MAX}) r) as next_number_at,
            (select min(created_at) + interval '1 hour' from (
               select created_at from phone_codes where ip = ${caller.ip} and created_at > now() - interval '1 hour'
               order by created_at desc limit ${PHONE_CODE_IP_MAX}) r) as next_ip_at`,
    );
    const wait = (at: Date | string | null) => Math.max(1, Math.ceil((new Date(at ?? Date.now()).getTime() - Date.now()) / 60_000));
    if (counts!.number_recent >= PHONE_CODE_NUMBER_MAX) {
      throw new AppError(
        'RATE_LIMITED',
        `${PHONE_CODE_NUMBER_MAX} codes were sent to this number in the last ${PHONE_CODE_NUMBER_WINDOW_MINUTES} minutes. Please wait ${wait(counts!.next_number_at)} minutes and try again.`,
        429,
      );
    }
    if (counts!.ip_recent >= PHONE_CODE_IP_MAX) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many codes were asked for from your connection in the last hour. Please wait ${wait(counts!.next_ip_at)} minutes and try again.`,
        429,
      );
    }
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    const [row] = await rows<{ expires_at: Date | string }>(
      tx,
      sql`insert into phone_codes (phone, code_hash, user_id, ip, expires_at)
          values (${number}, ${hashOf(deps.config.jwtSecret, number, code)}, ${caller.principal.id}, ${caller.ip}, now() + make_interval(mins => ${PHONE_CODE_MINUTES}))
          returning expires_at`,
    );
    await enqueueTemplatedSms(deps, tx, [{ type: 'PHONE_CODE', language, to: number, values: { code, minutes: PHONE_CODE_MINUTES } }]);
    return { phone: number, expiresAt: new Date(row!.expires_at).toISOString() };
  });
}

type Outcome = { ok: true; result: TPhoneVerified } | { ok: false; error: AppError };

const codeError = (code: string, message: string) => new AppError(code, message, 400, [{ path: 'code', message }]);

/**
 * `POST /api/auth/phone/verify`: the newest code the caller asked for this number. A right one
 * marks the profile's phone (or the card's) verified; a wrong one uses up a try, kept even though
 * the answer is an error; the fifth wrong try ends the code.
 */
export async function verifyPhoneCode(deps: PhoneDeps, caller: Caller, input: { phone: string; code: string; cardId?: string }): Promise<TPhoneVerified> {
  const number = smsNumber(input.phone)!;
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const saved = input.cardId ? (await deskCard(tx, caller, input.cardId)).phone : caller.principal.user.phone;
    refuseOtherPhone(saved, number, input.cardId);
    const [code] = await rows<{ id: string; code_hash: string; attempts: number; expired: boolean }>(
      tx,
      sql`select id, code_hash, attempts, expires_at <= now() as expired from phone_codes
          where phone = ${number} and user_id = ${caller.principal.id} and verified_at is null
          order by created_at desc limit 1
          for update`,
    );
    if (!code) return { ok: false, error: codeError('CODE_NOT_FOUND', 'No code was sent to this number. Ask for a code first.') };
    if (code.expired) return { ok: false, error: codeError('CODE_EXPIRED', `This code has expired (a code works ${PHONE_CODE_MINUTES} minutes). Ask for a new one.`) };
    if (code.attempts >= PHONE_CODE_TRIES) return { ok: false, error: codeError('CODE_USED_UP', 'This code was entered wrong too many times. Ask for a new one.') };
    const given = Buffer.from(hashOf(deps.config.jwtSecret, number, input.code));
    if (!timingSafeEqual(given, Buffer.from(code.code_hash))) {
      const attempts = code.attempts + 1;
      await tx.execute(sql`update phone_codes set attempts = ${attempts} where id = ${code.id}`);
      const left = PHONE_CODE_TRIES - attempts;
      return {
        ok: false,
        error: codeError('CODE_WRONG', left > 0 ? `Wrong code. ${left} ${left === 1 ? 'try' : 'tries'} left.` : 'Wrong code. That was the last try: ask for a new code.'),
      };
    }
    const [done] = await rows<{ verified_at: Date | string }>(tx, sql`update phone_codes set verified_at = now() where id = ${code.id} returning verified_at`);
    if (input.cardId) {
      await tx.execute(sql`update guest_cards set phone_verified_at = now() where id = ${input.cardId}`);
    } else {
      await tx.execute(sql`update users set phone_verified_at = now() where id = ${caller.principal.id}`);
    }
    return { ok: true, result: { phone: number, verifiedAt: new Date(done!.verified_at).toISOString(), cardId: input.cardId ?? null } };
  });
  if (!outcome.ok) throw outcome.error;
  return outcome.result;
}
