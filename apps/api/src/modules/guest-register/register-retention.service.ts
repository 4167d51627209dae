import { addDays, todayAt } from '@residency/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rows } from '../../db/client.ts';
import { inTransaction } from '../../lib/transactions.ts';
import type { PrivateStorage } from '../../plugins/private-storage.ts';

/*
 * How long the register keeps what (issue 34, decision 0022): the photos ID_PHOTO_RETENTION_DAYS
 * after check-out (default 90), the cards' text REGISTER_RETENTION_DAYS after (default 365: what
 * the hotel's police station asks), then erased; the view log is kept. A stay is over on its
 * check-out day (the day it really ended after an early departure), a cancelled one or a
 * no-show on its booked check-out day. Each pass claims its rows with SKIP LOCKED, so several
 * API processes share the work and never do it twice.
 */

interface RetentionDeps {
  db: Database;
  config: Config;
  privateStorage: PrivateStorage;
  log?: FastifyBaseLogger;
}

/** Rows one statement claims: each batch is a short transaction. */
const BATCH = 200;

/** The text a card keeps after its erasure: none (the row and its id stay for the view log). */
const ERASED_TEXT = sql`full_name = null, guardian_name = null, address = null, nationality = null, date_of_birth = null, age = null,
  phone = null, id_type = null, id_number = null, purpose = null, arriving_from = null, going_to = null, passport_country = null,
  visa_type = null, visa_number = null, visa_expiry = null, entered_bangladesh = null, erased_at = now(), updated_at = now()`;

/** Deletes photos of cards matching `which` (SQL on `c` cards and `b` bookings), file first, then the row's key. */
async function deletePhotos(deps: RetentionDeps, which: ReturnType<typeof sql>): Promise<number> {
  let deleted = 0;
  for (;;) {
    const done = await inTransaction(deps.db, async (tx) => {
      const claimed = await rows<{ id: string; storage_key: string }>(
        tx,
        sql`select p.id, p.storage_key from guest_photos p
            join guest_cards c on c.id = p.card_id join bookings b on b.id = c.booking_id
            where p.storage_key is not null and ${which}
            order by p.created_at limit ${BATCH} for update of p skip locked`,
      );
      // The file goes before its row says so: a crash between the two leaves a row whose file is
      // gone (read as deleted), never a file no row points at.
      for (const photo of claimed) await deps.privateStorage.delete(photo.storage_key);
      if (claimed.length > 0) {
        await tx.execute(sql`update guest_photos set storage_key = null, deleted_at = now() where id in (${sql.join(claimed.map((p) => sql`${p.id}`), sql`, `)})`);
      }
      return claimed.length;
    });
    deleted += done;
    if (done < BATCH) return deleted;
  }
}

async function eraseCards(db: Database, which: ReturnType<typeof sql>): Promise<number> {
  let erased = 0;
  for (;;) {
    const done = await inTransaction(db, async (tx) => {
      const claimed = await rows<{ id: string }>(
        tx,
        sql`select c.id from guest_cards c join bookings b on b.id = c.booking_id
            where c.erased_at is null and ${which} limit ${BATCH} for update of c skip locked`,
      );
      if (claimed.length > 0) await tx.execute(sql`update guest_cards set ${ERASED_TEXT} where id in (${sql.join(claimed.map((c) => sql`${c.id}`), sql`, `)})`);
      return claimed.length;
    });
    erased += done;
    if (done < BATCH) return erased;
  }
}

/** One pass of the retention, as of `now`: answers what it deleted and erased. */
export async function runRegisterRetention(deps: RetentionDeps, now = new Date()): Promise<{ photos: number; cards: number }> {
  const today = todayAt(deps.config.hotel.timeZone, now);
  const photoBefore = addDays(today, -deps.config.register.photoRetentionDays);
  const textBefore = addDays(today, -deps.config.register.registerRetentionDays);
  // Erased cards lose their photos too, whatever the photos' own days: the later of the two cuts.
  const photos = await deletePhotos(deps, sql`b.check_out < ${photoBefore > textBefore ? photoBefore : textBefore}::date`);
  const cards = await eraseCards(deps.db, sql`b.check_out < ${textBefore}::date`);
  if (photos + cards > 0) deps.log?.info({ photos, cards, photoRetentionDays: deps.config.register.photoRetentionDays, registerRetentionDays: deps.config.register.registerRetentionDays }, 'guest register retention');
  return { photos, cards };
}

/** What a guest's erasure request did, and what the law makes the hotel keep. */
export interface ErasureAnswer {
  deletedCards: number;
  deletedPhotos: number;
  kept: { reference: string; roomNumber: string; checkIn: string; checkOut: string; what: 'register'; until: string }[];
}

/**
 * A guest's erasure request (issue 34): the cards of stays that never began (not checked in) go
 * entirely, the photos of every stay that is over go now; the register's text of stays that
 * were checked in is what the police may ask for, so it is kept until REGISTER_RETENTION_DAYS
 * after check-out, and the answer says so, stay by stay. A stay in the house keeps its photos
 * until it ends.
 */
export async function eraseGuestData(deps: RetentionDeps, userId: string, now = new Date()): Promise<ErasureAnswer> {
  const today = todayAt(deps.config.hotel.timeZone, now);
  const mine = sql`b.user_id = ${userId}`;
  const deletedPhotos = await deletePhotos(deps, sql`${mine} and (b.stage = 'checked_out' or b.checked_in_at is null and (b.status <> 'active' or b.check_out <= ${today}::date))`);
  const { deletedCards, keys } = await inTransaction(deps.db, async (tx: Executor) => {
    const gone = await rows<{ storage_key: string | null }>(
      tx,
      sql`select p.storage_key from guest_photos p join guest_cards c on c.id = p.card_id join bookings b on b.id = c.booking_id
          where ${mine} and b.checked_in_at is null and p.storage_key is not null`,
    );
    const deleted = await rows<{ id: string }>(
      tx,
      sql`delete from guest_cards c using bookings b where b.id = c.booking_id and ${mine} and b.checked_in_at is null returning c.id`,
    );
    return { deletedCards: deleted.length, keys: gone.map((g) => g.storage_key!).filter(Boolean) };
  });
  await Promise.allSettled(keys.map((key) => deps.privateStorage.delete(key)));
  const kept = await rows<{ reference: string; room_number: string; check_in: string; check_out: string }>(
    deps.db,
    sql`select distinct r.reference, b.room_number, b.check_in::text, b.check_out::text from guest_cards c
        join bookings b on b.id = c.booking_id join reservations r on r.id = b.reservation_id
        where ${mine} and c.erased_at is null order by b.check_in::text`,
  );
  return {
    deletedCards,
    deletedPhotos: deletedPhotos + keys.length,
    kept: kept.map((k) => ({
      reference: k.reference,
      roomNumber: k.room_number,
      checkIn: k.check_in,
      checkOut: k.check_out,
      what: 'register',
      until: addDays(k.check_out, deps.config.register.registerRetentionDays),
    })),
  };
}
