import { addDays, todayAt, type TLanguage } from '@residency/shared';
import { formatLongDate, readerDigits } from '@residency/shared/display';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import { repeatPass } from '../../lib/repeated-pass.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import type { SmsOutbox } from '../../plugins/sms.ts';
import { enqueueGuestSms } from '../sms/sms.service.ts';

/*
 * The pre-arrival message (issue 34): two days before arrival (the hotel's day), each confirmed
 * room not yet checked in gets, once, a mail and (to guests who get SMS) an SMS with the link to
 * its online check-in. A pass claims rooms with SKIP LOCKED and marks them in the transaction
 * that writes the messages, so two API processes never send one twice and a crash sends none
 * half: the mark and the outbox rows commit together.
 */

export interface PreArrivalDeps {
  db: Database;
  mailer: Mailer;
  sms: SmsOutbox;
  config: Config;
}

/** How many days before arrival the message goes; a room booked later (tomorrow's) gets it at once. */
const PRE_ARRIVAL_DAYS = 2;
/** Rooms one transaction claims. */
const BATCH = 20;
/** Every ten minutes is plenty for a message two days ahead; the first pass a few minutes after the start. */
const EVERY_MS = 10 * 60 * 1000;
const FIRST_MS = 5 * 60 * 1000;

/** The guest's online check-in page of a room (the web app's /user/my-bookings/:id/check-in). */
export const checkInUrlOf = (config: Config, bookingId: string) => `${config.publicUrl}/user/my-bookings/${bookingId}/check-in`;

interface Claimed {
  id: string;
  reservation_id: string;
  check_in: string;
  language: TLanguage;
  room_number: string;
  guest_name: string;
  guest_email: string | null;
  reference: string;
}

const WORDS = {
  en: {
    subject: (hotel: string) => `Check in online before you arrive at ${hotel}`,
    heading: 'See you soon',
    hello: (name: string) => `Hello ${name},`,
    body: (date: string, room: string, reference: string) =>
      `Your stay (reservation ${reference}, room ${room}) begins on ${date}. Fill in the guest registration cards now, from your phone, and the front desk only checks your documents when you arrive.`,
    button: 'Check in online',
  },
  bn: {
    subject: (hotel: string) => `${hotel}-এ পৌঁছানোর আগে অনলাইনে চেক-ইন করুন`,
    heading: 'শীঘ্রই দেখা হবে',
    hello: (name: string) => `প্রিয় ${name},`,
    body: (date: string, room: string, reference: string) =>
      `আপনার থাকা (রিজার্ভেশন ${reference}, রুম ${room}) শুরু ${date}। এখনই ফোন থেকে অতিথি নিবন্ধন কার্ড পূরণ করুন, পৌঁছালে ফ্রন্ট ডেস্ক শুধু আপনার কাগজপত্র মিলিয়ে দেখবে।`,
    button: 'অনলাইনে চেক-ইন',
  },
} as const;

/** The mail of one room, in the booking's language, in the hotel's frame. */
function preArrivalMail(config: Config, room: Claimed, link: string) {
  const w = WORDS[room.language];
  const date = formatLongDate(room.check_in, room.language);
  const number = readerDigits(room.room_number, room.language);
  const text = [w.hello(room.guest_name), '', w.body(date, number, room.reference), '', `${w.button}: ${link}`].join('\n');
  const html = mailLayout({
    hotelName: config.hotel.name,
    heading: w.heading,
    bodyHtml: `<p>${escapeHtml(w.hello(room.guest_name))}</p>
<p>${escapeHtml(w.body(date, number, room.reference))}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#0f3d3e;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(w.button)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(link)}</p>`,
    footer: hotelFooter(config.hotel, room.language),
  });
  return { kind: 'PRE_ARRIVAL', to: room.guest_email!, subject: w.subject(config.hotel.name), html, text };
}

/**
 * One pass: every confirmed, active room arriving within PRE_ARRIVAL_DAYS (from tomorrow) at
 * the hotel, not checked in, whose message has not gone. Answers how many rooms were sent theirs.
 */
export async function runPreArrivalPass(deps: PreArrivalDeps, now = new Date()): Promise<number> {
  const today = todayAt(deps.config.hotel.timeZone, now);
  const from = addDays(today, 1);
  const to = addDays(today, PRE_ARRIVAL_DAYS);
  let sent = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const due = await rows<Claimed>(
        tx,
        sql`select b.id, b.reservation_id, b.check_in::text as check_in, b.language, b.room_number,
              u.name as guest_name, u.email as guest_email, r.reference
            from bookings b
            join users u on u.id = b.user_id
            join reservations r on r.id = b.reservation_id
            where b.pre_arrival_sent_at is null and b.status = 'active' and b.is_confirmed and b.stage = 'booked'
              and b.check_in between ${from}::date and ${to}::date
            order by b.check_in, b.id
            limit ${BATCH}
            for update of b skip locked`,
      );
      if (due.length === 0) return 0;
      await tx.execute(sql`update bookings set pre_arrival_sent_at = now() where id in (${sql.join(due.map((d) => sql`${d.id}::uuid`), sql`, `)})`);
      const mails = due.filter((d) => d.guest_email).map((d) => preArrivalMail(deps.config, d, checkInUrlOf(deps.config, d.id)));
      await deps.mailer.enqueue(tx, mails);
      await enqueueGuestSms(
        deps,
        tx,
        due.map((d) => ({
          reservationId: d.reservation_id,
          type: 'PRE_ARRIVAL' as const,
          language: d.language,
          values: { name: d.guest_name, reservationId: d.reference, startDate: d.check_in, room: d.room_number, checkInUrl: checkInUrlOf(deps.config, d.id) },
        })),
      );
      return due.length;
    });
    if (claimed === 0) break;
    sent += claimed;
  }
  if (sent > 0) deps.mailer.kick();
  return sent;
}

/** The job, in every process (each pass claims its rooms with SKIP LOCKED). */
export default fp(async function preArrival(app: FastifyInstance) {
  const deps: PreArrivalDeps = { db: app.db, mailer: app.mailer, sms: app.sms, config: app.config };
  repeatPass(app, 'pre-arrival pass', () => runPreArrivalPass(deps), { everyMs: EVERY_MS, firstMs: FIRST_MS });
});
