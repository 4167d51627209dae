-- Reservations of one or several rooms, their folios, refunds and VAT invoices (issue 22,
-- decision 0014). Hand-written like 0009 onwards. Every existing booking becomes a one-room
-- reservation whose reference is the booking's own, with a folio whose lines add up to the
-- booking's amount to the paisa: no amount changes.

CREATE TABLE "reservations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reference" text NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users"("id"),
  "language" "language" DEFAULT 'en' NOT NULL,
  "source" "booking_source" DEFAULT 'online' NOT NULL,
  "created_by" uuid REFERENCES "users"("id"),
  -- The buyer on the VAT invoice when a company pays (Mushak-6.3: name and BIN).
  "company_name" text,
  "company_bin" text,
  -- Kept by the triggers below: the sum of the folio's lines, of its payments and of its refunds.
  "charged" numeric(12, 2) DEFAULT 0 NOT NULL,
  "paid" numeric(12, 2) DEFAULT 0 NOT NULL,
  "refunded" numeric(12, 2) DEFAULT 0 NOT NULL,
  -- A balance left at check-out that goes to the company's account (city ledger): who agreed, when.
  "city_ledger_at" timestamp with time zone,
  "city_ledger_by" uuid REFERENCES "users"("id"),
  "city_ledger_note" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reservations_refunds_within_payments" CHECK ("refunded" <= "paid")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_reference_key" ON "reservations" ("reference");
--> statement-breakpoint
CREATE INDEX "reservations_user_idx" ON "reservations" ("user_id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reservation_id" uuid REFERENCES "reservations"("id");
--> statement-breakpoint
-- The booking's share of its folio: the sum of its lines (kept by the triggers below). `amount`
-- stays the price it was sold at; `charged` is what it costs now (extras, reversals, a penalty).
ALTER TABLE "bookings" ADD COLUMN "charged" numeric(12, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
INSERT INTO "reservations" ("id", "reference", "user_id", "language", "source", "created_by", "created_at", "updated_at")
SELECT gen_random_uuid(), b."transaction_id", b."user_id", b."language", b."source", b."created_by", b."created_at", b."updated_at"
FROM "bookings" b;
--> statement-breakpoint
UPDATE "bookings" b SET "reservation_id" = r."id" FROM "reservations" r WHERE r."reference" = b."transaction_id";
--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "reservation_id" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX "bookings_reservation_idx" ON "bookings" ("reservation_id");
--> statement-breakpoint
-- What the admin sells beside rooms: the airport shuttle, laundry… with a default price and
-- whether service charge and VAT apply, at what rate.
CREATE TABLE "charge_types" (
  "code" text PRIMARY KEY NOT NULL,
  "name_en" text NOT NULL,
  "name_bn" text NOT NULL,
  "default_price" numeric(12, 2),
  "service_charge_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
  "vat_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "sort_order" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "charge_types_code_format" CHECK ("code" ~ '^[a-z][a-z0-9_]{1,31}$'),
  CONSTRAINT "charge_types_rates" CHECK ("service_charge_percent" BETWEEN 0 AND 100 AND "vat_percent" BETWEEN 0 AND 100),
  CONSTRAINT "charge_types_price" CHECK ("default_price" IS NULL OR "default_price" >= 0)
);
--> statement-breakpoint
-- Room nights (and what the plan adds to them) are billed like the rooms: 10 % service charge and
-- 15 % VAT by default (SERVICE_CHARGE_PERCENT / VAT_PERCENT decide for new stays).
INSERT INTO "charge_types" ("code", "name_en", "name_bn", "default_price", "service_charge_percent", "vat_percent", "sort_order") VALUES
  ('airport_shuttle', 'Airport shuttle', 'বিমানবন্দর শাটল', 1500, 0, 15, 1),
  ('laundry', 'Laundry', 'লন্ড্রি', NULL, 10, 15, 2),
  ('room_service', 'Room service', 'রুম সার্ভিস', NULL, 10, 15, 3),
  ('minibar', 'Minibar', 'মিনিবার', NULL, 10, 15, 4),
  ('early_departure', 'Early departure fee', 'আগাম প্রস্থান ফি', NULL, 0, 15, 5),
  ('other', 'Other', 'অন্যান্য', NULL, 10, 15, 6);
--> statement-breakpoint
CREATE TYPE "folio_line_kind" AS ENUM ('room', 'extra_guest', 'meal', 'charge', 'discount', 'service_charge', 'vat', 'penalty');
--> statement-breakpoint
-- A folio: append-only dated lines (HAIP's model). A discount, service charge or VAT line points
-- to the line it adjusts (`applies_to`); a mistake is corrected by a reversal line (`reverses`,
-- the negated amount, a reason), never by an edit.
CREATE TABLE "folio_lines" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "reservation_id" uuid NOT NULL REFERENCES "reservations"("id"),
  -- The room's booking the line belongs to: every line is one room's.
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id"),
  "kind" "folio_line_kind" NOT NULL,
  "charge_type" text REFERENCES "charge_types"("code"),
  "service_date" date NOT NULL,
  -- As posted: a charge's own words, or empty where the kind says it all.
  "description" text DEFAULT '' NOT NULL,
  "quantity" numeric(10, 2) DEFAULT 1 NOT NULL,
  "unit_price" numeric(12, 2) NOT NULL,
  "amount" numeric(12, 2) NOT NULL,
  -- Percent, on service charge and VAT lines.
  "rate" numeric(5, 2),
  "applies_to" bigint REFERENCES "folio_lines"("id"),
  "reverses" bigint REFERENCES "folio_lines"("id"),
  "reason" text,
  -- The service request a charge was posted from.
  "service_request_id" uuid,
  "posted_by" uuid REFERENCES "users"("id"),
  "posted_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "folio_lines_reversal_has_reason" CHECK ("reverses" IS NULL OR "reason" IS NOT NULL)
);
--> statement-breakpoint
-- A line is reversed at most once.
CREATE UNIQUE INDEX "folio_lines_reverses_key" ON "folio_lines" ("reverses") WHERE "reverses" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "folio_lines_reservation_idx" ON "folio_lines" ("reservation_id", "id");
--> statement-breakpoint
CREATE INDEX "folio_lines_booking_idx" ON "folio_lines" ("booking_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "folio_lines_service_request_key" ON "folio_lines" ("service_request_id") WHERE "service_request_id" IS NOT NULL AND "reverses" IS NULL;
--> statement-breakpoint
CREATE FUNCTION folio_lines_are_kept() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'folio lines are never changed or deleted: post a reversal' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER folio_lines_append_only BEFORE UPDATE OR DELETE ON "folio_lines"
FOR EACH ROW EXECUTE FUNCTION folio_lines_are_kept();
--> statement-breakpoint
-- Payments and refunds belong to the reservation's folio; the booking they were taken through
-- is kept when there was one.
CREATE TYPE "payment_kind" AS ENUM ('payment', 'refund');
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reservation_id" uuid REFERENCES "reservations"("id");
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "kind" "payment_kind" DEFAULT 'payment' NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "reason" text;
--> statement-breakpoint
UPDATE "payments" p SET "reservation_id" = b."reservation_id" FROM "bookings" b WHERE b."id" = p."booking_id";
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "reservation_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "booking_id" DROP NOT NULL;
--> statement-breakpoint
CREATE INDEX "payments_reservation_idx" ON "payments" ("reservation_id");
--> statement-breakpoint
CREATE INDEX "payments_day_idx" ON "payments" ("paid_at");
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_has_reason" CHECK ("kind" = 'payment' OR "reason" IS NOT NULL);
--> statement-breakpoint
-- The old totals (per booking, from its payments) give way to the reservation's.
DROP TRIGGER "payments_booking_totals_insert" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_booking_totals_update" ON "payments";
--> statement-breakpoint
DROP TRIGGER "payments_booking_totals_delete" ON "payments";
--> statement-breakpoint
DROP FUNCTION "payments_keep_booking_totals"();
--> statement-breakpoint
DROP FUNCTION "refresh_booking_totals"(uuid[]);
--> statement-breakpoint
-- A reservation's totals and its bookings' shares, whoever writes lines or payments. Each
-- booking's `charged` is the sum of its lines; the money received (payments less refunds) is
-- shared among the bookings in the order they were made, each taking up to its charge and the
-- last the rest; every booking of the reservation is 'Paid' exactly when the reservation's
-- balance (charged − paid + refunded) is nothing (issue 22: a booking's paymentStatus follows
-- its reservation's balance). paid_at is then the time of the latest payment.
CREATE FUNCTION refresh_reservation_totals(reservation_ids uuid[]) RETURNS void AS $$
BEGIN
  UPDATE reservations r
  SET charged = t.charged, paid = t.paid, refunded = t.refunded
  FROM (
    SELECT a.id,
      coalesce((SELECT sum(l.amount) FROM folio_lines l WHERE l.reservation_id = a.id), 0) AS charged,
      coalesce((SELECT sum(p.amount) FROM payments p WHERE p.reservation_id = a.id AND p.kind = 'payment'), 0) AS paid,
      coalesce((SELECT sum(p.amount) FROM payments p WHERE p.reservation_id = a.id AND p.kind = 'refund'), 0) AS refunded
    FROM unnest(reservation_ids) AS a (id)
  ) t
  WHERE r.id = t.id AND (r.charged, r.paid, r.refunded) IS DISTINCT FROM (t.charged, t.paid, t.refunded);

  UPDATE bookings b
  SET charged = s.charged,
      paid_amount = s.share,
      payment_status = CASE WHEN s.settled THEN 'Paid'::payment_status ELSE 'Pending'::payment_status END,
      paid_at = CASE WHEN s.settled THEN coalesce(s.last_paid_at, b.paid_at, b.created_at) ELSE NULL END
  FROM (
    SELECT x.id, x.charged, x.settled, x.last_paid_at,
      CASE WHEN x.is_last THEN greatest(x.net - x.before, 0)
           ELSE least(greatest(x.net - x.before, 0), greatest(x.charged, 0)) END AS share
    FROM (
      SELECT bb.id, c.charged, r.paid - r.refunded AS net,
        -- Nothing left to pay, and something was paid or the room is still sold (one that costs
        -- nothing is paid from the start; a cancelled one never paid for is not "Paid").
        r.charged - r.paid + r.refunded <= 0 AND (r.paid > 0 OR bb.status = 'active') AS settled,
        (SELECT max(p.paid_at) FROM payments p WHERE p.reservation_id = r.id AND p.kind = 'payment') AS last_paid_at,
        coalesce(sum(greatest(c.charged, 0)) OVER (PARTITION BY bb.reservation_id ORDER BY bb.created_at, bb.id
          ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS before,
        row_number() OVER (PARTITION BY bb.reservation_id ORDER BY bb.created_at DESC, bb.id DESC) = 1 AS is_last
      FROM bookings bb
      JOIN reservations r ON r.id = bb.reservation_id
      CROSS JOIN LATERAL (SELECT coalesce(sum(l.amount), 0) AS charged FROM folio_lines l WHERE l.booking_id = bb.id) c
      WHERE bb.reservation_id = ANY(reservation_ids)
    ) x
  ) s
  WHERE b.id = s.id
    AND (b.charged, b.paid_amount, b.payment_status) IS DISTINCT FROM (s.charged, s.share, CASE WHEN s.settled THEN 'Paid'::payment_status ELSE 'Pending'::payment_status END);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION folio_keeps_reservation_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_reservation_totals(ARRAY(SELECT DISTINCT reservation_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_reservation_totals(ARRAY(SELECT DISTINCT reservation_id FROM old_rows));
  ELSE
    PERFORM refresh_reservation_totals(ARRAY(SELECT reservation_id FROM old_rows UNION SELECT reservation_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER folio_lines_totals_insert AFTER INSERT ON folio_lines
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION folio_keeps_reservation_totals();
--> statement-breakpoint
CREATE TRIGGER payments_totals_insert AFTER INSERT ON payments
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION folio_keeps_reservation_totals();
--> statement-breakpoint
CREATE TRIGGER payments_totals_update AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION folio_keeps_reservation_totals();
--> statement-breakpoint
CREATE TRIGGER payments_totals_delete AFTER DELETE ON payments
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION folio_keeps_reservation_totals();
--> statement-breakpoint
-- Money moves on the day it moves: a payment adds to the day's receipts, a refund takes off on
-- its own day (issue 22), whatever became of the stay. Until now a cancelled stay's payments
-- were left out altogether; they are carried over below as refunds on the day of cancelling.
CREATE OR REPLACE FUNCTION payments_daily_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT ROW((o.paid_at AT TIME ZONE reporting_time_zone())::date, 0, 0, 0, 0,
        CASE WHEN o.kind = 'refund' THEN o.amount ELSE -o.amount END)::daily_totals
      FROM old_rows o));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT ROW((n.paid_at AT TIME ZONE reporting_time_zone())::date, 0, 0, 0, 0,
        CASE WHEN n.kind = 'refund' THEN -n.amount ELSE n.amount END)::daily_totals
      FROM new_rows n));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_daily_totals(tz text) RETURNS void AS $$
BEGIN
  LOCK TABLE daily_totals IN EXCLUSIVE MODE;
  INSERT INTO app_meta (key, value, updated_at) VALUES ('reporting-time-zone', tz, now())
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;
  DELETE FROM daily_totals;
  PERFORM add_to_daily_totals(ARRAY(
    SELECT d FROM bookings b, unnest(stay_deltas(b.check_in, b.check_out, 0, 1)) d
    WHERE b.status = 'active'
    UNION ALL
    SELECT d FROM bookings b, night_deltas(b.id, b.check_out, revenue_ratio(b.without_vat_and_service, b.subtotal), 1) d
    WHERE b.status = 'active'
    UNION ALL
    SELECT ROW((p.paid_at AT TIME ZONE tz)::date, 0, 0, 0, 0, CASE WHEN p.kind = 'refund' THEN -p.amount ELSE p.amount END)::daily_totals
    FROM payments p));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The folios of the existing stays. Per night: the room, the guests beyond those included and
-- the meals (booking_nights, issue 21); then the coupon's discount, the service charge and VAT,
-- each spread over those lines in proportion to what it applies to, rounded to the paisa per
-- line with the remainder on the last line, so that each total is the booking's own to the paisa.
CREATE TEMPORARY TABLE "folio_base" AS
SELECT nextval('folio_lines_id_seq') AS id, x.*
FROM (
  SELECT b.reservation_id, b.id AS booking_id, k.kind, n.night AS service_date, k.amount,
         b.created_at, b.created_by, k.ord
  FROM bookings b
  JOIN booking_nights n ON n.booking_id = b.id
  CROSS JOIN LATERAL (VALUES ('room'::folio_line_kind, n.room_price, 1),
                             ('extra_guest'::folio_line_kind, n.extra_adults + n.extra_children, 2),
                             ('meal'::folio_line_kind, n.meals, 3)) AS k (kind, amount, ord)
  WHERE k.kind = 'room' OR k.amount <> 0
  ORDER BY b.created_at, b.id, n.night, k.ord
) x;
--> statement-breakpoint
INSERT INTO folio_lines (id, reservation_id, booking_id, kind, service_date, quantity, unit_price, amount, posted_by, posted_at)
SELECT id, reservation_id, booking_id, kind, service_date, 1, amount, amount, created_by, created_at FROM folio_base ORDER BY id;
--> statement-breakpoint
CREATE TEMPORARY TABLE "folio_spread" AS
SELECT f.id, f.reservation_id, f.booking_id, f.service_date, f.amount, f.created_at, f.created_by,
  b.discount AS total_discount, b.service_charge AS total_service, b.vat AS total_vat,
  sum(f.amount) OVER (PARTITION BY f.booking_id) AS weights,
  row_number() OVER (PARTITION BY f.booking_id ORDER BY f.id DESC) = 1 AS is_last
FROM folio_base f JOIN bookings b ON b.id = f.booking_id;
--> statement-breakpoint
-- Window sums of rounded shares can't nest in one SELECT: each spread is computed in steps.
ALTER TABLE folio_spread ADD COLUMN discount numeric(12, 2);
--> statement-breakpoint
ALTER TABLE folio_spread ADD COLUMN service numeric(12, 2);
--> statement-breakpoint
ALTER TABLE folio_spread ADD COLUMN vat numeric(12, 2);
--> statement-breakpoint
UPDATE folio_spread s SET discount = CASE WHEN s.weights = 0 THEN 0 ELSE round(s.total_discount * s.amount / s.weights, 2) END;
--> statement-breakpoint
UPDATE folio_spread s SET discount = s.total_discount - coalesce((SELECT sum(o.discount) FROM folio_spread o WHERE o.booking_id = s.booking_id AND o.id <> s.id), 0)
WHERE s.is_last;
--> statement-breakpoint
UPDATE folio_spread s SET service = CASE WHEN s.weights - s.total_discount = 0 THEN 0
  ELSE round(s.total_service * (s.amount - s.discount) / (s.weights - s.total_discount), 2) END;
--> statement-breakpoint
UPDATE folio_spread s SET service = s.total_service - coalesce((SELECT sum(o.service) FROM folio_spread o WHERE o.booking_id = s.booking_id AND o.id <> s.id), 0)
WHERE s.is_last;
--> statement-breakpoint
UPDATE folio_spread s SET vat = CASE WHEN s.weights - s.total_discount + s.total_service = 0 THEN 0
  ELSE round(s.total_vat * (s.amount - s.discount + s.service) / (s.weights - s.total_discount + s.total_service), 2) END;
--> statement-breakpoint
UPDATE folio_spread s SET vat = s.total_vat - coalesce((SELECT sum(o.vat) FROM folio_spread o WHERE o.booking_id = s.booking_id AND o.id <> s.id), 0)
WHERE s.is_last;
--> statement-breakpoint
INSERT INTO folio_lines (reservation_id, booking_id, kind, service_date, quantity, unit_price, amount, rate, applies_to, posted_by, posted_at)
SELECT s.reservation_id, s.booking_id, v.kind, s.service_date, 1, v.amount, v.amount, v.rate, s.id, s.created_by, s.created_at
FROM folio_spread s
JOIN bookings b ON b.id = s.booking_id
CROSS JOIN LATERAL (VALUES
  ('discount'::folio_line_kind, -s.discount, NULL::numeric, 1),
  ('service_charge'::folio_line_kind, s.service,
    CASE WHEN b.without_vat_and_service = 0 THEN NULL ELSE round(100 * b.service_charge / b.without_vat_and_service, 2) END, 2),
  ('vat'::folio_line_kind, s.vat,
    CASE WHEN b.without_vat_and_service + b.service_charge = 0 THEN NULL ELSE round(100 * b.vat / (b.without_vat_and_service + b.service_charge), 2) END, 3)
) AS v (kind, amount, rate, ord)
WHERE v.amount <> 0
ORDER BY s.id, v.ord;
--> statement-breakpoint
-- A cancelled stay charges nothing but its penalty: its lines are reversed, the penalty posted.
INSERT INTO folio_lines (reservation_id, booking_id, kind, service_date, quantity, unit_price, amount, rate, applies_to, reverses, reason, posted_by, posted_at)
SELECT l.reservation_id, l.booking_id, l.kind, l.service_date, l.quantity, -l.unit_price, -l.amount, l.rate, l.applies_to, l.id, 'Cancelled',
       b.cancelled_by, coalesce(b.cancelled_at, b.updated_at)
FROM folio_lines l JOIN bookings b ON b.id = l.booking_id
WHERE b.status = 'cancelled'
ORDER BY l.id;
--> statement-breakpoint
INSERT INTO folio_lines (reservation_id, booking_id, kind, service_date, quantity, unit_price, amount, reason, posted_by, posted_at)
SELECT b.reservation_id, b.id, 'penalty', (coalesce(b.cancelled_at, b.updated_at) AT TIME ZONE reporting_time_zone())::date, 1,
       b.cancellation_fee, b.cancellation_fee, 'Cancellation', b.cancelled_by, coalesce(b.cancelled_at, b.updated_at)
FROM bookings b
WHERE b.status = 'cancelled' AND coalesce(b.cancellation_fee, 0) > 0;
--> statement-breakpoint
-- What a cancelled stay was paid beyond its penalty went back to the guest (until now the stay's
-- payments were simply left out of the figures): a refund on the day it was cancelled.
INSERT INTO payments (booking_id, reservation_id, kind, amount, method, paid_at, recorded_by, note, reason, created_at)
SELECT b.id, b.reservation_id, 'refund', b.paid_amount - least(b.paid_amount, coalesce(b.cancellation_fee, 0)), 'cash',
       greatest(coalesce(b.cancelled_at, b.updated_at), (SELECT max(p.paid_at) FROM payments p WHERE p.booking_id = b.id)),
       b.cancelled_by, 'carried over', 'Cancelled', now()
FROM bookings b
WHERE b.status = 'cancelled' AND b.paid_amount - least(b.paid_amount, coalesce(b.cancellation_fee, 0)) > 0;
--> statement-breakpoint
DROP TABLE folio_spread;
--> statement-breakpoint
DROP TABLE folio_base;
--> statement-breakpoint
SELECT refresh_reservation_totals(ARRAY(SELECT id FROM reservations));
--> statement-breakpoint
SELECT rebuild_daily_totals(reporting_time_zone());
--> statement-breakpoint
-- The payment state of the list's filter follows the booking's share of what its folio charges.
DROP INDEX "bookings_payment_state_idx";
--> statement-breakpoint
CREATE INDEX "bookings_payment_state_idx" ON "bookings" USING btree ((case when "payment_status" = 'Paid' then 2 when "paid_amount" > 0 then 1 else 0 end), "created_at");
--> statement-breakpoint
-- A booking written without a reservation (an import, SQL by hand) gets its own one-room
-- reservation under its reference, and, at commit, a folio line of its amount when nothing
-- posted one: every stay has a folio.
CREATE FUNCTION bookings_own_reservation() RETURNS trigger AS $$
BEGIN
  IF NEW.reservation_id IS NULL THEN
    INSERT INTO reservations (reference, user_id, language, source, created_by, created_at, updated_at)
    VALUES (NEW.transaction_id, NEW.user_id, NEW.language, NEW.source, NEW.created_by, NEW.created_at, NEW.updated_at)
    RETURNING id INTO NEW.reservation_id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_reservation BEFORE INSERT ON bookings FOR EACH ROW EXECUTE FUNCTION bookings_own_reservation();
--> statement-breakpoint
CREATE FUNCTION bookings_have_folio() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM folio_lines WHERE booking_id = NEW.id) AND NEW.amount <> 0 THEN
    INSERT INTO folio_lines (reservation_id, booking_id, kind, service_date, quantity, unit_price, amount, description)
    VALUES (NEW.reservation_id, NEW.id, 'room', NEW.check_in, 1, NEW.amount, NEW.amount, 'As imported');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_folio AFTER INSERT ON bookings DEFERRABLE INITIALLY DEFERRED
FOR EACH ROW EXECUTE FUNCTION bookings_have_folio();
--> statement-breakpoint
-- Invoices and credit notes, numbered without gaps per fiscal year (July–June): the number is
-- taken from the series' row in the transaction that issues it, so a rollback takes none.
CREATE TYPE "invoice_kind" AS ENUM ('invoice', 'credit_note');
--> statement-breakpoint
CREATE TABLE "invoice_series" (
  "kind" "invoice_kind" NOT NULL,
  "fiscal_year" text NOT NULL,
  "last_number" integer DEFAULT 0 NOT NULL,
  PRIMARY KEY ("kind", "fiscal_year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reservation_id" uuid NOT NULL REFERENCES "reservations"("id"),
  "kind" "invoice_kind" NOT NULL,
  "fiscal_year" text NOT NULL,
  "seq" integer NOT NULL,
  "number" text NOT NULL,
  "issued_at" timestamp with time zone DEFAULT now() NOT NULL,
  "issued_by" uuid REFERENCES "users"("id"),
  -- The invoice a credit note cancels.
  "credits" uuid REFERENCES "invoices"("id"),
  "reason" text,
  -- What it says, frozen when issued (language-neutral: the PDF is drawn from it in English or Bengali).
  "content" jsonb NOT NULL,
  CONSTRAINT "invoices_credit_note_credits" CHECK (("kind" = 'credit_note') = ("credits" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" ("number");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_key" ON "invoices" ("kind", "fiscal_year", "seq");
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_credits_key" ON "invoices" ("credits") WHERE "credits" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "invoices_reservation_idx" ON "invoices" ("reservation_id");
--> statement-breakpoint
-- A mail's attachments, drawn when it is sent (an invoice's PDF from the invoice's frozen content).
ALTER TABLE "outbox_mails" ADD COLUMN "attachments" jsonb;
