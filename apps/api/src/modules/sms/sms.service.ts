import { timingSafeEqual } from 'node:crypto';
import {
  getsSms,
  PHONE_CODE_MINUTES,
  SMS_SAMPLE_VALUES,
  SMS_TEMPLATE_TYPES,
  SMS_TEMPLATE_VARIABLES,
  smsLength,
  smsTemplateVariables,
  fillTemplate,
  unknownVariablesMessage,
  usedVariables,
  type SmsTemplateType,
  type TLanguage,
  type TSmsPreview,
  type TSmsTemplate,
} from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { outboxSms } from '../../db/schema-guest-register.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SmsOutbox, OutgoingSms } from '../../plugins/sms.ts';
import { formatValue, MissingVariablesError, type TemplateValues } from '../email-templates/email-templates.service.ts';
import { SMS_DEFAULTS } from './sms.defaults.ts';
import { deleteSmsTemplate, findSmsTemplateRows, listSmsTemplateRows, upsertSmsTemplate, type SmsTemplateRow } from './sms.repository.ts';

export interface SmsDeps {
  sms: SmsOutbox;
  config: Config;
}

/**
 * Variables a saved text must keep: an SMS of its type is useless without them (a code SMS
 * without the code, a pre-arrival SMS without the link). The others may be left out.
 */
const ESSENTIAL: Partial<Record<SmsTemplateType, string>> = { PHONE_CODE: 'code', PRE_ARRIVAL: 'checkInUrl' };

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Fills an SMS text: values written for the reader as the mails write them (formatValue: Taka,
 * days, Bengali digits), `hotelName` and `minutes` given when the caller did not. In English,
 * Taka is written "Tk": ৳ is not in GSM-7, and one such character makes the whole SMS Unicode,
 * 70 characters a segment instead of 160. Throws MissingVariablesError when a required variable
 * of the type is not given: an SMS with holes is never written.
 */
export function renderSms(body: string, type: SmsTemplateType, language: TLanguage, values: TemplateValues, config: Config): string {
  const all: Record<string, unknown> = { hotelName: config.hotel.name, minutes: PHONE_CODE_MINUTES, ...values };
  const missing = SMS_TEMPLATE_VARIABLES[type].required.filter((name) => isBlank(all[name]));
  if (missing.length > 0) throw new MissingVariablesError(missing);
  const written: Record<string, string> = {};
  for (const name of smsTemplateVariables(type)) written[name] = formatValue(name, all[name] as TemplateValues[string], language);
  const text = fillTemplate(body, written)
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
  return language === 'en' ? text.replace(/৳\s?/g, 'Tk ') : text;
}

/** The text SMS of these types and languages are made from: the admin's, else the built-in one. */
async function textsFor(db: Executor, pairs: { type: SmsTemplateType; language: TLanguage }[]) {
  const saved = await findSmsTemplateRows(db, pairs);
  return (type: SmsTemplateType, language: TLanguage) => saved.find((r) => r.type === type && r.language === language)?.body ?? SMS_DEFAULTS[type][language];
}

/** One SMS to write: its type, the reader's language, the number and the values. */
export interface TemplatedSms {
  type: SmsTemplateType;
  language: TLanguage;
  to: string;
  values: TemplateValues;
}

/**
 * Writes SMS to the outbox in the caller's transaction, each from the admin's text of its type
 * and language (else the built-in one). One that lacks a required variable goes in as failed,
 * with the reason, as a mail does; the change that caused it still happens.
 */
export async function enqueueTemplatedSms(deps: SmsDeps, tx: Executor, list: TemplatedSms[]): Promise<void> {
  if (list.length === 0) return;
  const textOf = await textsFor(tx, list);
  const ready: OutgoingSms[] = [];
  for (const item of list) {
    try {
      ready.push({ kind: item.type, to: item.to, body: renderSms(textOf(item.type, item.language), item.type, item.language, item.values, deps.config) });
    } catch (error) {
      if (!(error instanceof MissingVariablesError)) throw error;
      await tx.insert(outboxSms).values({ kind: item.type, to: item.to, body: '', status: 'failed', lastError: `Not sent: ${error.message} (${item.language})` });
    }
  }
  await deps.sms.enqueue(tx, ready);
  deps.sms.kick();
}

/** The guest of a reservation as SMS sees them: their e-mail, choice, and the number of the stay (else of their account). */
async function reservationGuest(tx: Executor, reservationId: string) {
  const [guest] = await rows<{ email: string | null; phone: string | null; sms_opt_in: boolean | null }>(
    tx,
    sql`select u.email, coalesce(nullif(b.phone, ''), u.phone) as phone, u.sms_opt_in
        from bookings b join users u on u.id = b.user_id
        where b.reservation_id = ${reservationId}
        order by b.created_at, b.id limit 1`,
  );
  return guest;
}

/** An SMS about a reservation, to its guest if they get SMS. */
export interface GuestSms {
  reservationId: string;
  type: SmsTemplateType;
  language: TLanguage;
  values: TemplateValues;
}

/**
 * The one place that decides whether a reservation's guest gets an SMS and writes it: a guest
 * without an e-mail always (a walk-in booked with a name and a phone), a guest with both when
 * they chose SMS or, not having chosen, have a Bangladeshi mobile number (getsSms). In the
 * caller's transaction, beside the mail it goes with.
 */
export async function enqueueGuestSms(deps: SmsDeps, tx: Executor, list: GuestSms[]): Promise<void> {
  const out: TemplatedSms[] = [];
  for (const item of list) {
    const guest = await reservationGuest(tx, item.reservationId);
    if (!guest || !getsSms({ email: guest.email, phone: guest.phone, smsOptIn: guest.sms_opt_in })) continue;
    out.push({ type: item.type, language: item.language, to: guest.phone!, values: item.values });
  }
  await enqueueTemplatedSms(deps, tx, out);
}

/* ----- The admin's templates ----- */

const lengthOf = (text: string) => smsLength(text);

function present(type: SmsTemplateType, language: TLanguage, row: SmsTemplateRow | undefined): TSmsTemplate {
  const body = row?.body ?? SMS_DEFAULTS[type][language];
  return {
    type,
    language,
    body,
    defaultBody: SMS_DEFAULTS[type][language],
    customised: row !== undefined,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    variables: smsTemplateVariables(type),
    length: lengthOf(body),
  };
}

/** `GET /api/sms-templates`: every type in both languages, the admin's text or the default. */
export async function listSmsTemplates(db: Database): Promise<TSmsTemplate[]> {
  const saved = await listSmsTemplateRows(db);
  return SMS_TEMPLATE_TYPES.flatMap((type) =>
    (['en', 'bn'] as const).map((language) => present(type, language, saved.find((r) => r.type === type && r.language === language))),
  );
}

/** Refuses a text with variables its type does not have, or without the one it cannot do without. */
function refuseBadVariables(type: SmsTemplateType, body: string, { essential: checkEssential = true } = {}): void {
  const allowed = new Set(smsTemplateVariables(type));
  const unknown = usedVariables(body).filter((name) => !allowed.has(name));
  if (unknown.length > 0) {
    const message = unknownVariablesMessage(unknown);
    throw new AppError('UNKNOWN_VARIABLES', message, 400, [{ path: 'body', message }]);
  }
  const essential = ESSENTIAL[type];
  if (checkEssential && essential && !usedVariables(body).includes(essential)) {
    const message = `This message must contain {{${essential}}}.`;
    throw new AppError('MISSING_VARIABLES', message, 400, [{ path: 'body', message }]);
  }
}

/** `PUT /api/sms-templates/:type/:language`: the admin's text replaces the one in use. */
export async function saveSmsTemplate(db: Database, type: SmsTemplateType, language: TLanguage, body: string, by: string): Promise<TSmsTemplate> {
  refuseBadVariables(type, body);
  const row = await upsertSmsTemplate(db, { type, language, body, updatedBy: by });
  return present(type, language, row);
}

/** `DELETE /api/sms-templates/:type/:language`: back to the built-in text; 404 when it was in use already. */
export async function resetSmsTemplate(db: Database, type: SmsTemplateType, language: TLanguage): Promise<TSmsTemplate> {
  if (!(await deleteSmsTemplate(db, type, language))) throw AppError.notFound('This message uses the built-in text already.', 'TEMPLATE_NOT_FOUND');
  return present(type, language, undefined);
}

/** `POST /api/sms-templates/preview`: `body` (else the text in use) filled with sample values, and its length. */
export async function previewSms(db: Database, config: Config, input: { type: SmsTemplateType; language: TLanguage; body?: string }): Promise<TSmsPreview> {
  const body = input.body ?? (await textsFor(db, [input]))(input.type, input.language);
  // A text still being written may lack its essential variable; one the type does not have cannot be shown.
  refuseBadVariables(input.type, body, { essential: false });
  const text = renderSms(body, input.type, input.language, { ...SMS_SAMPLE_VALUES, hotelName: config.hotel.name }, config);
  return { text, length: lengthOf(text) };
}

/* ----- Delivery reports ----- */

const pick = (fields: Record<string, unknown>, names: readonly string[]) => {
  for (const name of names) {
    const value = fields[name];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') return String(value).trim().slice(0, 200);
  }
  return undefined;
};

/**
 * `POST /api/sms/delivery-report?secret=`: the provider says what became of a message, by the id
 * it answered when it took it (`message_id`, or `messageId`, `msg_id`, `sms_id`, `id`) and its
 * word for the state (`status`, or `delivery_status`, `dlr_status`, `state`). 404 while no
 * SMS_REPORT_SECRET is set (nobody may report), 403 for another secret. A report of a message we
 * do not know answers `recorded: false` with 200, so the provider does not retry it forever.
 */
export async function recordDeliveryReport(
  db: Database,
  config: Config,
  secret: string | undefined,
  fields: Record<string, unknown>,
): Promise<{ recorded: boolean }> {
  const expected = config.sms.reportSecret;
  if (!expected) throw AppError.notFound('Route not found', 'NOT_FOUND');
  const given = Buffer.from(secret ?? '');
  const wanted = Buffer.from(expected);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw AppError.forbidden('This delivery report is not signed with our secret.', 'FORBIDDEN');
  const ref = pick(fields, ['message_id', 'messageId', 'msg_id', 'sms_id', 'id']);
  const status = pick(fields, ['status', 'delivery_status', 'dlr_status', 'state']);
  if (!ref || !status) throw AppError.badRequest('A delivery report names the message (message_id) and its status.', 'VALIDATION_ERROR');
  const delivered = /deliver|success|^ok$|^sent$/i.test(status) && !/undeliver|not/i.test(status);
  const updated = await rows<{ id: string }>(
    db,
    sql`update outbox_sms set delivery_status = ${status.slice(0, 50)},
          delivered_at = case when ${delivered} then coalesce(delivered_at, now()) else delivered_at end
        where provider_ref = ${ref} returning id`,
  );
  return { recorded: updated.length > 0 };
}
