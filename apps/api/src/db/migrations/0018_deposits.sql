-- Deposits (issue 22): a rate plan may ask for none, the first night, or a percentage at booking.
-- Each booking keeps the deposit its plan asked when it was booked and when it is due; what is
-- still due is kept by triggers, so a list of overdue deposits is one indexed read.
CREATE TYPE "deposit_policy" AS ENUM ('none', 'first_night', 'percent');
--> statement-breakpoint
-- Every existing plan asks for none: nothing changes for the stays already sold.
ALTER TABLE "rate_plans" ADD COLUMN "deposit_policy" "deposit_policy" DEFAULT 'none' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rate_plans" ADD COLUMN "deposit_percent" numeric(5, 2);
--> statement-breakpoint
ALTER TABLE "rate_plans" ADD CONSTRAINT "rate_plans_deposit_percent" CHECK ("deposit_policy" <> 'percent' OR coalesce("deposit_percent" BETWEEN 1 AND 100, false));
--> statement-breakpoint
-- Taka asked when booked (the plan's policy on the stay's price then): a later change of the plan never changes it.
ALTER TABLE "bookings" ADD COLUMN "deposit" numeric(12, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "deposit_due_at" timestamp with time zone;
--> statement-breakpoint
-- Kept by the triggers below: the part of `deposit` the reservation's money does not cover yet.
ALTER TABLE "bookings" ADD COLUMN "deposit_due" numeric(12, 2) DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_deposit_not_negative" CHECK ("deposit" >= 0 AND "deposit_due" >= 0);
--> statement-breakpoint
-- The dashboard's overdue deposits: few rows, found without a scan.
CREATE INDEX "bookings_deposit_due_idx" ON "bookings" ("deposit_due_at") WHERE "deposit_due" > 0 AND "status" = 'active';
--> statement-breakpoint
-- The money a reservation received (payments less refunds) goes to its rooms' deposits in the
-- order the rooms were booked, as it goes to their charges (0017); a room no longer active owes none.
CREATE FUNCTION refresh_deposit_dues(reservation_ids uuid[]) RETURNS void AS $$
BEGIN
  UPDATE bookings b
  SET deposit_due = s.due
  FROM (
    SELECT bb.id,
      CASE WHEN bb.status <> 'active' THEN 0
      ELSE greatest(bb.deposit - greatest(r.paid - r.refunded - coalesce(sum(CASE WHEN bb.status = 'active' THEN bb.deposit ELSE 0 END)
        OVER (PARTITION BY bb.reservation_id ORDER BY bb.created_at, bb.id ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0), 0), 0) END AS due
    FROM bookings bb
    JOIN reservations r ON r.id = bb.reservation_id
    WHERE bb.reservation_id = ANY(reservation_ids)
  ) s
  WHERE b.id = s.id AND b.deposit_due IS DISTINCT FROM s.due;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION bookings_keep_deposit_dues() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    -- A room moved to another reservation leaves the money of its old one to the rooms that stay.
    PERFORM refresh_deposit_dues(ARRAY[OLD.reservation_id, NEW.reservation_id]);
  ELSE
    PERFORM refresh_deposit_dues(ARRAY[NEW.reservation_id]);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION reservations_keep_deposit_dues() RETURNS trigger AS $$
BEGIN
  PERFORM refresh_deposit_dues(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- Row triggers on the columns that matter: their own update of deposit_due fires none of them.
CREATE TRIGGER bookings_deposit_due_insert AFTER INSERT ON bookings
FOR EACH ROW WHEN (NEW.deposit > 0) EXECUTE FUNCTION bookings_keep_deposit_dues();
--> statement-breakpoint
CREATE TRIGGER bookings_deposit_due_update AFTER UPDATE OF status, deposit, reservation_id ON bookings
FOR EACH ROW WHEN ((OLD.status, OLD.deposit, OLD.reservation_id) IS DISTINCT FROM (NEW.status, NEW.deposit, NEW.reservation_id))
EXECUTE FUNCTION bookings_keep_deposit_dues();
--> statement-breakpoint
CREATE TRIGGER reservations_deposit_due_update AFTER UPDATE OF paid, refunded ON reservations
FOR EACH ROW WHEN ((OLD.paid, OLD.refunded) IS DISTINCT FROM (NEW.paid, NEW.refunded))
EXECUTE FUNCTION reservations_keep_deposit_dues();
