-- The night audit (issue 35, decision 0023): the hotel's days are closed one by one, at the
-- closing hour or by the duty manager. A closed day keeps its figures, frozen, and is locked: no
-- money, charge or rate can be dated in it any more. Corrections go on the open day.
CREATE TABLE "business_days" (
  "day" date PRIMARY KEY,
  "closed_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Null: closed by the system at the closing hour (or catching up after a stop).
  "closed_by" uuid REFERENCES "users"("id"),
  "closed_by_role" text NOT NULL,
  -- Why the day closed with items open ("Room 204's guest arrives by the morning flight").
  "note" text,
  -- What the day left open when it closed, as the screen listed it.
  "open_items" jsonb NOT NULL,
  -- The day's figures as they were at the close: the reports read these, never again the stays.
  "figures" jsonb NOT NULL,
  -- The audit trail's last record at the close (also an anchor of the chain).
  "audit_seq" bigint NOT NULL,
  "audit_hash" text NOT NULL
);
--> statement-breakpoint
-- A closed day is never changed or reopened.
CREATE TRIGGER "business_days_append_only" BEFORE UPDATE OR DELETE ON "business_days" FOR EACH ROW EXECUTE FUNCTION audit_refuse();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "audit" AFTER INSERT ON "business_days" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row('business-day', 'day', '', '', '', 'open_items,figures');
--> statement-breakpoint
-- The last closed day, or null before the first close.
CREATE FUNCTION closed_through() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT max(day) FROM business_days
$$;
--> statement-breakpoint
-- Refuses a change dated in a closed day with SQLSTATE RSD01 and the day as the message: the API
-- answers 409 DAY_CLOSED naming it (plugins/errors.ts).
CREATE FUNCTION refuse_closed_day(p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', p_day::text USING ERRCODE = 'RSD01', HINT = 'day closed by the night audit';
END $$;
--> statement-breakpoint
-- Folio lines: none dated in a closed day. A reversal of a line of a closed day is a correction:
-- it is dated on the first open day instead (it still names the line it corrects, `reverses`).
CREATE FUNCTION folio_line_open_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := closed_through();
BEGIN
  IF closed IS NULL OR NEW.service_date > closed THEN RETURN NEW; END IF;
  IF NEW.reverses IS NOT NULL THEN
    NEW.service_date := closed + 1;
    RETURN NEW;
  END IF;
  PERFORM refuse_closed_day(NEW.service_date);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "folio_lines_open_day" BEFORE INSERT ON "folio_lines" FOR EACH ROW EXECUTE FUNCTION folio_line_open_day();
--> statement-breakpoint
-- Money: none dated in a closed day by the desk. A gateway's payment that reaches us after its
-- day closed (a guest paid at 23:58, the gateway told us at 02:05) is dated at the start of the
-- first open day; the gateway's own time stays in its details.
CREATE FUNCTION payment_open_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := closed_through();
  tz text := reporting_time_zone();
  paid_day date := (NEW.paid_at AT TIME ZONE tz)::date;
BEGIN
  IF closed IS NULL OR paid_day > closed THEN RETURN NEW; END IF;
  IF NEW.gateway IS NOT NULL THEN
    NEW.paid_at := (closed + 1)::timestamp AT TIME ZONE tz;
    RETURN NEW;
  END IF;
  PERFORM refuse_closed_day(paid_day);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "payments_open_day" BEFORE INSERT OR UPDATE OF "paid_at", "amount" ON "payments" FOR EACH ROW EXECUTE FUNCTION payment_open_day();
--> statement-breakpoint
-- Rates: no night that has passed the night audit is priced again.
CREATE FUNCTION rate_day_open_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := closed_through();
  night date := CASE WHEN TG_OP = 'DELETE' THEN OLD.day ELSE NEW.day END;
BEGIN
  IF closed IS NOT NULL AND (night <= closed OR (TG_OP = 'UPDATE' AND OLD.day <= closed)) THEN
    PERFORM refuse_closed_day(least(night, OLD.day));
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rate_days_open_day" BEFORE INSERT OR UPDATE OR DELETE ON "rate_days" FOR EACH ROW EXECUTE FUNCTION rate_day_open_day();
--> statement-breakpoint
-- A night as sold: its price is not changed once its day closed (a desk's override included).
CREATE FUNCTION booking_night_open_day() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closed date := closed_through();
BEGIN
  IF closed IS NOT NULL AND NEW.night <= closed
     AND (TG_OP = 'INSERT' OR (OLD.room_price, OLD.extra_adults, OLD.extra_children, OLD.meals) IS DISTINCT FROM (NEW.room_price, NEW.extra_adults, NEW.extra_children, NEW.meals)) THEN
    PERFORM refuse_closed_day(NEW.night);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "booking_nights_open_day" BEFORE INSERT OR UPDATE ON "booking_nights" FOR EACH ROW EXECUTE FUNCTION booking_night_open_day();
--> statement-breakpoint
-- The close reads one day of a hotel's whole history (issue 35: within 2 s with 100,000 bookings):
-- its folio lines, nights sold, arrivals, cancellations and city-ledger moves, each by index.
CREATE INDEX "folio_lines_service_date_idx" ON "folio_lines" ("service_date");
--> statement-breakpoint
CREATE INDEX "booking_nights_night_idx" ON "booking_nights" ("night");
--> statement-breakpoint
CREATE INDEX "bookings_check_in_idx" ON "bookings" ("check_in");
--> statement-breakpoint
CREATE INDEX "bookings_cancelled_idx" ON "bookings" ("cancelled_at") WHERE "cancelled_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "reservations_city_ledger_idx" ON "reservations" ("city_ledger_at") WHERE "city_ledger_at" IS NOT NULL;
