CREATE TYPE "public"."booking_stage" AS ENUM('booked', 'checked_in', 'checked_out');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('cash', 'card', 'bkash', 'nagad', 'bank_transfer');--> statement-breakpoint
ALTER TYPE "public"."booking_status" ADD VALUE 'no_show';--> statement-breakpoint
CREATE TABLE "daily_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"arrivals" integer DEFAULT 0 NOT NULL,
	"departures" integer DEFAULT 0 NOT NULL,
	"rate_in" numeric DEFAULT 0 NOT NULL,
	"rate_out" numeric DEFAULT 0 NOT NULL,
	"received" numeric DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"method" "payment_method" NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_by" uuid,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "room_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"room_id" uuid NOT NULL,
	"status" "room_status" NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "stage" "booking_stage" DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_check_out" date;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "checked_out_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show_by" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paid_amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_status_changes" ADD CONSTRAINT "room_status_changes_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_booking_idx" ON "payments" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "room_status_changes_room_idx" ON "room_status_changes" USING btree ("room_id","changed_at");--> statement-breakpoint
CREATE INDEX "room_status_changes_maintenance_idx" ON "room_status_changes" USING btree ("changed_at","ended_at") WHERE "room_status_changes"."status" = 'maintenance';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_by_users_id_fk" FOREIGN KEY ("no_show_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_in_house_idx" ON "bookings" USING btree ("check_out") WHERE "bookings"."stage" = 'checked_in';--> statement-breakpoint
CREATE INDEX "bookings_state_idx" ON "bookings" USING btree ((case when "status" = 'cancelled' then 4 when "status" <> 'active' then 5 when "stage" = 'checked_in' then 2 when "stage" = 'checked_out' then 3 when "is_confirmed" then 1 else 0 end),"created_at");--> statement-breakpoint
CREATE INDEX "bookings_stay_dates_idx" ON "bookings" USING gist (daterange("check_in", "check_out", '[)'));--> statement-breakpoint
CREATE INDEX "bookings_payment_state_idx" ON "bookings" USING btree ((case when "paid_amount" >= "amount" then 2 when "paid_amount" > 0 then 1 else 0 end),"created_at");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_stage_needs_active_confirmed" CHECK ("bookings"."stage" = 'booked' or ("bookings"."status" = 'active' and "bookings"."is_confirmed"));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_paid_amount_not_negative" CHECK ("bookings"."paid_amount" >= 0);--> statement-breakpoint
-- Carry-over: a booking marked Paid before payments were recorded gets one payment of its
-- amount, in cash (the only way the desk took money then), at the time it was marked paid (or
-- its last change when that was not kept). recorded_by stays empty: nobody recorded it.
INSERT INTO payments (booking_id, amount, method, paid_at, recorded_by, note, created_at)
SELECT id, amount, 'cash', coalesce(paid_at, updated_at), NULL, 'carried over', now()
FROM bookings
WHERE payment_status = 'Paid' AND amount > 0;
--> statement-breakpoint
UPDATE bookings SET paid_amount = amount WHERE payment_status = 'Paid';
--> statement-breakpoint
-- A stay that costs nothing (a coupon took it all) is fully paid: payment_status says so.
UPDATE bookings SET payment_status = 'Paid', paid_at = coalesce(paid_at, created_at)
WHERE amount = 0 AND payment_status = 'Pending' AND status = 'active';
--> statement-breakpoint
-- The booking's totals follow its payments, whoever writes them (the API, the demo data, an
-- import): paid_amount is their sum, payment_status is 'Paid' exactly when the sum covers the
-- amount, and paid_at is then the time of the latest payment. updated_at is left alone: the
-- API sets it when it records a payment, and the carry-over above must not rewrite history.
-- Statement triggers (one update of the bookings concerned, however many payments a statement
-- wrote) in static SQL, whose plans PL/pgSQL keeps between calls.
CREATE FUNCTION refresh_booking_totals(booking_ids uuid[]) RETURNS void AS $$
BEGIN
  UPDATE bookings b
  SET paid_amount = t.paid,
      payment_status = CASE WHEN t.paid >= b.amount THEN 'Paid'::payment_status ELSE 'Pending'::payment_status END,
      paid_at = CASE WHEN t.paid >= b.amount THEN t.last_paid_at ELSE NULL END
  FROM (
    SELECT a.id, coalesce(sum(p.amount), 0) AS paid, max(p.paid_at) AS last_paid_at
    FROM unnest(booking_ids) AS a (id) LEFT JOIN payments p ON p.booking_id = a.id
    GROUP BY a.id
  ) t
  WHERE b.id = t.id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION payments_keep_booking_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM refresh_booking_totals(ARRAY(SELECT DISTINCT booking_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM refresh_booking_totals(ARRAY(SELECT DISTINCT booking_id FROM old_rows));
  ELSE
    PERFORM refresh_booking_totals(ARRAY(SELECT booking_id FROM old_rows UNION SELECT booking_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_booking_totals_insert AFTER INSERT ON payments
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_keep_booking_totals();
--> statement-breakpoint
CREATE TRIGGER payments_booking_totals_update AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_keep_booking_totals();
--> statement-breakpoint
CREATE TRIGGER payments_booking_totals_delete AFTER DELETE ON payments
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_keep_booking_totals();
--> statement-breakpoint
-- Room status history. Today's status of every room, since its last change at the latest (the
-- status cannot have changed after the row last did); before that nothing is known, and the
-- dashboard counts such nights as in service.
INSERT INTO room_status_changes (room_id, status, changed_at)
SELECT id, status, updated_at FROM rooms;
--> statement-breakpoint
-- From now on every path that sets a status (the rooms screens, check-in, check-out, a
-- category sync, SQL by hand) leaves its row: a new room from its creation, a change from the
-- moment its transaction began, which also ends the row of the status before it.
CREATE FUNCTION record_room_status() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO room_status_changes (room_id, status, changed_at) VALUES (NEW.id, NEW.status, NEW.created_at);
  ELSIF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE room_status_changes SET ended_at = now() WHERE room_id = NEW.id AND ended_at IS NULL;
    INSERT INTO room_status_changes (room_id, status, changed_at) VALUES (NEW.id, NEW.status, now());
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rooms_status_history
AFTER INSERT OR UPDATE OF status ON rooms
FOR EACH ROW EXECUTE FUNCTION record_room_status();
--> statement-breakpoint
-- The time zone whose days daily_totals counts payments in (HOTEL_TIME_ZONE when the API last
-- built it); Asia/Dhaka, the default, until the API has said otherwise.
CREATE FUNCTION reporting_time_zone() RETURNS text AS $$
  SELECT coalesce((SELECT value FROM app_meta WHERE key = 'reporting-time-zone'), 'Asia/Dhaka')
$$ LANGUAGE sql STABLE;
--> statement-breakpoint
-- Adds deltas (rows shaped as daily_totals, negative to take off) to daily_totals: one upsert
-- per day, in the order of the days, so that two transactions touching the same days take
-- their row locks in one order and never deadlock; days whose deltas cancel out are left alone.
-- The trigger functions below pass their deltas here in static SQL, planned once per session:
-- a booking pays a fraction of a millisecond for its figures.
CREATE FUNCTION add_to_daily_totals(deltas daily_totals[]) RETURNS void AS $$
BEGIN
  INSERT INTO daily_totals AS t (day, arrivals, departures, rate_in, rate_out, received)
  SELECT d.day, sum(d.arrivals), sum(d.departures), sum(d.rate_in), sum(d.rate_out), sum(d.received)
  FROM unnest(deltas) AS d
  GROUP BY d.day
  HAVING sum(d.arrivals) <> 0 OR sum(d.departures) <> 0 OR sum(d.rate_in) <> 0 OR sum(d.rate_out) <> 0 OR sum(d.received) <> 0
  ORDER BY d.day
  ON CONFLICT (day) DO UPDATE SET
    arrivals = t.arrivals + excluded.arrivals,
    departures = t.departures + excluded.departures,
    rate_in = t.rate_in + excluded.rate_in,
    rate_out = t.rate_out + excluded.rate_out,
    received = t.received + excluded.received;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- What one stay adds (sign 1) or takes off (sign -1): its arrival and its per-night room
-- revenue on its check-in day, their end on its check-out day.
CREATE FUNCTION stay_deltas(check_in date, check_out date, room_revenue numeric, sign integer) RETURNS daily_totals[] AS $$
  SELECT ARRAY[
    ROW(check_in, sign, 0, sign * room_revenue / (check_out - check_in), 0, 0)::daily_totals,
    ROW(check_out, 0, sign, 0, sign * room_revenue / (check_out - check_in), 0)::daily_totals
  ]
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- Stays: an active stay counts; a change of status, dates or room revenue takes the old
-- figures off and puts the new ones on. A booking cancelled (or cancelled no more) takes its
-- payments off (or puts them back on). Statement triggers with transition tables: one upsert
-- per statement, however many bookings it wrote.
CREATE FUNCTION bookings_daily_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT d FROM new_rows n, unnest(stay_deltas(n.check_in, n.check_out, n.without_vat_and_service, 1)) d
      WHERE n.status = 'active'));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT d FROM old_rows o, unnest(stay_deltas(o.check_in, o.check_out, o.without_vat_and_service, -1)) d
      WHERE o.status = 'active'));
  ELSE
    PERFORM add_to_daily_totals(ARRAY(
      WITH changed AS (
        SELECT o.status AS old_status, o.check_in AS old_in, o.check_out AS old_out, o.without_vat_and_service AS old_revenue,
               n.status AS new_status, n.check_in AS new_in, n.check_out AS new_out, n.without_vat_and_service AS new_revenue, n.id
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (o.status, o.check_in, o.check_out, o.without_vat_and_service)
              IS DISTINCT FROM (n.status, n.check_in, n.check_out, n.without_vat_and_service)
      )
      SELECT d FROM changed c, unnest(stay_deltas(c.old_in, c.old_out, c.old_revenue, -1)) d WHERE c.old_status = 'active'
      UNION ALL
      SELECT d FROM changed c, unnest(stay_deltas(c.new_in, c.new_out, c.new_revenue, 1)) d WHERE c.new_status = 'active'
      UNION ALL
      SELECT ROW((p.paid_at AT TIME ZONE reporting_time_zone())::date, 0, 0, 0, 0,
                 CASE WHEN c.new_status = 'cancelled' THEN -p.amount ELSE p.amount END)::daily_totals
      FROM changed c JOIN payments p ON p.booking_id = c.id
      WHERE (c.old_status = 'cancelled') <> (c.new_status = 'cancelled')));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_daily_totals_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_daily_totals();
--> statement-breakpoint
CREATE TRIGGER bookings_daily_totals_update AFTER UPDATE ON bookings
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_daily_totals();
--> statement-breakpoint
CREATE TRIGGER bookings_daily_totals_delete AFTER DELETE ON bookings
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_daily_totals();
--> statement-breakpoint
-- Payments: received on their day at the hotel, unless their booking is cancelled.
CREATE FUNCTION payments_daily_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT ROW((o.paid_at AT TIME ZONE reporting_time_zone())::date, 0, 0, 0, 0, -o.amount)::daily_totals
      FROM old_rows o JOIN bookings b ON b.id = o.booking_id WHERE b.status <> 'cancelled'));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM add_to_daily_totals(ARRAY(
      SELECT ROW((n.paid_at AT TIME ZONE reporting_time_zone())::date, 0, 0, 0, 0, n.amount)::daily_totals
      FROM new_rows n JOIN bookings b ON b.id = n.booking_id WHERE b.status <> 'cancelled'));
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_daily_totals_insert AFTER INSERT ON payments
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_daily_totals();
--> statement-breakpoint
CREATE TRIGGER payments_daily_totals_update AFTER UPDATE ON payments
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_daily_totals();
--> statement-breakpoint
CREATE TRIGGER payments_daily_totals_delete AFTER DELETE ON payments
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION payments_daily_totals();
--> statement-breakpoint
-- Makes daily_totals again from every stay and payment, counting payments in the days of
-- `tz`, and records `tz`. The table lock keeps bookings and payments written meanwhile from
-- adding to totals that are about to be replaced: they wait, then add to the new ones.
CREATE FUNCTION rebuild_daily_totals(tz text) RETURNS void AS $$
BEGIN
  LOCK TABLE daily_totals IN EXCLUSIVE MODE;
  INSERT INTO app_meta (key, value, updated_at) VALUES ('reporting-time-zone', tz, now())
  ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at;
  DELETE FROM daily_totals;
  PERFORM add_to_daily_totals(ARRAY(
    SELECT d FROM bookings b, unnest(stay_deltas(b.check_in, b.check_out, b.without_vat_and_service, 1)) d
    WHERE b.status = 'active'
    UNION ALL
    SELECT ROW((p.paid_at AT TIME ZONE tz)::date, 0, 0, 0, 0, p.amount)::daily_totals
    FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE b.status <> 'cancelled'));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- The stays and payments already there, counted in the default time zone's days.
SELECT rebuild_daily_totals('Asia/Dhaka');
