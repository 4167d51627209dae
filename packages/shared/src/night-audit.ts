import { z } from 'zod';
import { isIsoDate } from './dates.ts';
import { zText } from './text.ts';

/*
 * The night audit (issue 35): the hotel's day closes at the closing hour or when the duty
 * manager closes it. Before that, what the day left open is listed; after, its figures are
 * frozen and nothing can be dated in it.
 */

export const ZNightAuditParams = z.object({
  date: zText().refine(isIsoDate, 'The day must be a date written YYYY-MM-DD.'),
});

/** `POST /api/night-audit/{date}/close`: a note is needed when the day leaves items open. */
export const ZCloseDay = z
  .object({
    note: zText().trim().max(1000, 'The note must be at most 1000 characters.').optional(),
  })
  .strict();
export type TCloseDay = z.input<typeof ZCloseDay>;

/** What a day can leave open, in the order the screen lists them. */
export const OPEN_ITEM_KINDS = ['arrival', 'departure', 'balance-due', 'payment-review', 'channel-conflict', 'registration'] as const;
export type OpenItemKind = (typeof OPEN_ITEM_KINDS)[number];

const ZOpenItem = z.object({
  kind: z.enum(OPEN_ITEM_KINDS),
  /** The booking (a room's stay), the online payment or the conflict it is about. */
  id: z.string(),
  reservationId: z.string().nullable(),
  reference: z.string().nullable(),
  roomNumber: z.string().nullable(),
  guestName: z.string().nullable(),
  /** A balance due or a payment held, in Taka. */
  amount: z.number().nullable(),
});
export type TOpenItem = z.infer<typeof ZOpenItem>;

const money = z.number();

const ZDayFigures = z.object({
  roomsAvailable: z.number().int(),
  /** Nights of our own stays (active, before their check-out), as the dashboard counts them. */
  roomsSold: z.number().int(),
  /** Rooms held by a channel's stay (sold elsewhere, not yet a reservation here). Days closed before it was kept: 0. */
  channelNights: z.number().int().default(0),
  /** (Rooms sold + channel nights) ÷ rooms available, 0–1, as the dashboard's occupancy. */
  occupancy: z.number(),
  /** Average daily rate: room revenue ÷ rooms sold. */
  adr: money,
  /** Room revenue ÷ rooms available. */
  revpar: money,
  /** Each night's room price less its share of the coupon (the dashboard's room revenue). */
  roomRevenue: money,
  /** The rest of the day's folio before service charge and VAT: extra guests, meals, charges, penalties, other discounts. */
  otherRevenue: money,
  serviceCharge: money,
  vat: money,
  arrivals: z.number().int(),
  departures: z.number().int(),
  noShows: z.number().int(),
  cancellations: z.number().int(),
  /** Money received, less refunds given, by method and by who took it (a gateway's name for online money). */
  payments: z.object({
    received: money,
    refunded: money,
    byMethod: z.array(z.object({ method: z.string(), received: money, refunded: money })),
    byStaff: z.array(z.object({ staffId: z.string().nullable(), name: z.string().nullable(), method: z.string(), received: money, refunded: money, count: z.number().int() })),
  }),
  /** Cash received less cash refunded: what the drawer should have gained. */
  cash: money,
  /** Money taken for stays that had not begun by the end of the day. */
  deposits: money,
  refunds: z.object({ count: z.number().int(), amount: money }),
  /** Balances sent to a company's account (city ledger) this day. */
  cityLedger: z.object({ count: z.number().int(), amount: money }),
});
export type TDayFigures = z.infer<typeof ZDayFigures>;

/**
 * A day's state: before the night audit began (never closed), not ended yet, open (ended, may be
 * closed), or closed.
 */
const DAY_STATES = ['before-start', 'not-ended', 'open', 'closed'] as const;

export const ZNightAuditDay = z.object({
  day: z.string(),
  state: z.enum(DAY_STATES),
  /** Whether the day may be closed now; otherwise `blockedBy` says why (an earlier day still open). */
  canClose: z.boolean(),
  blockedBy: z.string().nullable(),
  openItems: z.array(ZOpenItem),
  /** Live for an open day, frozen at the close for a closed one. */
  figures: ZDayFigures,
  closed: z
    .object({
      at: z.string(),
      by: z.object({ _id: z.string().nullable(), name: z.string().nullable(), role: z.string() }),
      note: z.string().nullable(),
      /** The items the day left open when it closed. */
      openItems: z.array(ZOpenItem),
      audit: z.object({ seq: z.number().int(), hash: z.string() }),
    })
    .nullable(),
});
export type TNightAuditDay = z.infer<typeof ZNightAuditDay>;

/** A backup (issue 35): `GET /api/admin/backups` lists them, newest first; `POST` takes one now. */
export const ZBackup = z.object({
  file: z.string(),
  createdAt: z.string(),
  bytes: z.number().int(),
  /** Its database restored into a scratch one held the same rows and the same last audit record. */
  verified: z.boolean(),
  verifyError: z.string().nullable(),
  /** What took it: "night audit", "admin". */
  trigger: z.string(),
  database: z.enum(['pglite', 'postgres']),
  auditSeq: z.number().int(),
  /**
   * Its copy in S3_BACKUP_BUCKET: the object's key and when it was uploaded, or why the upload
   * failed (key and at null; the next backup tries again). Null: not copied, no bucket was set.
   */
  offsite: z.object({ key: z.string().nullable(), at: z.string().nullable(), error: z.string().nullable() }).nullable(),
});
export type TBackup = z.infer<typeof ZBackup>;
