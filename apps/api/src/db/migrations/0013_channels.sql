-- Channel sync (issue 20): iCal export per room and channel, imported channel feeds, room blocks
-- (from a channel, or set by the desk: out of order) and the conflicts an import found.
-- Decision 0011: one occupancy table carries the no-overlap rule for stays and blocks alike.
CREATE TYPE "channel" AS ENUM ('booking_com', 'airbnb', 'agoda', 'expedia', 'vrbo', 'other');
--> statement-breakpoint
CREATE TYPE "block_source" AS ENUM ('channel', 'desk');
--> statement-breakpoint
-- A channel's guest who arrives: the desk turns the channel's block into a reservation.
ALTER TYPE "booking_source" ADD VALUE 'channel';
--> statement-breakpoint
CREATE TABLE "channel_feeds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "room_id" uuid NOT NULL REFERENCES "rooms"("id"),
  "channel" "channel" NOT NULL,
  "url" text NOT NULL,
  "created_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- The scheduler claims a feed by moving this on: one fetch per interval, whatever the processes.
  "next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_sync_at" timestamp with time zone,
  "last_success_at" timestamp with time zone,
  -- {events, added, released, kept, conflicts} of the last good sync.
  "last_result" jsonb,
  "last_error" text,
  -- The error's code and values, for the screens' own wording (FEED_ERROR_CODES).
  "last_error_code" text,
  "last_error_params" jsonb,
  -- Set by the first failure after a good sync; the hotel is mailed once it is 24 hours old.
  "failing_since" timestamp with time zone,
  "failure_mailed_at" timestamp with time zone,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_feeds_room_url_key" ON "channel_feeds" ("room_id", "url") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "channel_feeds_due_idx" ON "channel_feeds" ("next_sync_at") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "channel_exports" (
  "room_id" uuid NOT NULL REFERENCES "rooms"("id"),
  "channel" "channel" NOT NULL,
  "token" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("room_id", "channel")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "channel_exports_token_key" ON "channel_exports" ("token");
--> statement-breakpoint
CREATE TABLE "room_blocks" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "room_id" uuid NOT NULL REFERENCES "rooms"("id"),
  "source" "block_source" NOT NULL,
  "feed_id" uuid REFERENCES "channel_feeds"("id"),
  "channel" "channel",
  -- The channel event's UID; null for the desk's own blocks.
  "uid" text,
  "check_in" date NOT NULL,
  "check_out" date NOT NULL,
  -- The channel's SUMMARY ("Airbnb (Not available)"), or the desk's reason ("Out of order: leak").
  "summary" text NOT NULL,
  "created_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Released blocks are kept (what a channel held, and when it let go), but hold no night.
  "released_at" timestamp with time zone,
  -- The reservation the desk made of it when the channel's guest arrived (it then holds the nights).
  "booking_id" uuid REFERENCES "bookings"("id"),
  CONSTRAINT "room_blocks_dates_check" CHECK ("check_out" > "check_in"),
  CONSTRAINT "room_blocks_source_check" CHECK (("source" = 'channel') = ("feed_id" IS NOT NULL AND "uid" IS NOT NULL AND "channel" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "room_blocks_feed_uid_key" ON "room_blocks" ("feed_id", "uid") WHERE "released_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "room_blocks_room_idx" ON "room_blocks" ("room_id", "check_in");
--> statement-breakpoint
-- The nights each active stay and each held block takes. Its exclusion constraint is the one
-- judge of "is this room free": a second stay or block on a taken night fails with 23P01.
CREATE TABLE "room_occupancy" (
  "room_id" uuid NOT NULL,
  "nights" daterange NOT NULL,
  "booking_id" uuid UNIQUE REFERENCES "bookings"("id") ON DELETE CASCADE,
  "block_id" uuid UNIQUE REFERENCES "room_blocks"("id") ON DELETE CASCADE,
  CONSTRAINT "room_occupancy_one_holder" CHECK (("booking_id" IS NULL) <> ("block_id" IS NULL)),
  CONSTRAINT "room_occupancy_no_overlap" EXCLUDE USING gist ("room_id" WITH =, "nights" WITH &&)
);
--> statement-breakpoint
-- Searches ask "which rooms are taken on any of these nights?" across all rooms.
CREATE INDEX "room_occupancy_nights_idx" ON "room_occupancy" USING gist ("nights", "room_id");
--> statement-breakpoint
CREATE FUNCTION booking_occupancy() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'active' THEN
    INSERT INTO room_occupancy (room_id, nights, booking_id)
    VALUES (NEW.room_id, daterange(NEW.check_in, NEW.check_out, '[)'), NEW.id)
    ON CONFLICT (booking_id) DO UPDATE SET room_id = EXCLUDED.room_id, nights = EXCLUDED.nights;
  ELSE
    DELETE FROM room_occupancy WHERE booking_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_occupancy
AFTER INSERT OR UPDATE OF room_id, check_in, check_out, status ON bookings
FOR EACH ROW EXECUTE FUNCTION booking_occupancy();
--> statement-breakpoint
CREATE FUNCTION block_occupancy() RETURNS trigger AS $$
BEGIN
  IF NEW.released_at IS NULL AND NEW.booking_id IS NULL THEN
    INSERT INTO room_occupancy (room_id, nights, block_id)
    VALUES (NEW.room_id, daterange(NEW.check_in, NEW.check_out, '[)'), NEW.id)
    ON CONFLICT (block_id) DO UPDATE SET room_id = EXCLUDED.room_id, nights = EXCLUDED.nights;
  ELSE
    DELETE FROM room_occupancy WHERE block_id = NEW.id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER room_blocks_occupancy
AFTER INSERT OR UPDATE OF room_id, check_in, check_out, released_at, booking_id ON room_blocks
FOR EACH ROW EXECUTE FUNCTION block_occupancy();
--> statement-breakpoint
INSERT INTO room_occupancy (room_id, nights, booking_id)
SELECT room_id, daterange(check_in, check_out, '[)'), id FROM bookings WHERE status = 'active';
--> statement-breakpoint
-- The occupancy table judges stays now; the same rule twice would only cost every booking.
ALTER TABLE bookings DROP CONSTRAINT bookings_no_overlap;
--> statement-breakpoint
-- The export feeds are kept rendered in each process until a night or an address changes.
CREATE FUNCTION notify_channel_exports_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('channel_exports_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER room_occupancy_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON room_occupancy
FOR EACH STATEMENT EXECUTE FUNCTION notify_channel_exports_changed();
--> statement-breakpoint
CREATE TRIGGER channel_exports_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON channel_exports
FOR EACH STATEMENT EXECUTE FUNCTION notify_channel_exports_changed();
--> statement-breakpoint
CREATE TABLE "channel_conflicts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "feed_id" uuid NOT NULL REFERENCES "channel_feeds"("id"),
  "room_id" uuid NOT NULL REFERENCES "rooms"("id"),
  "uid" text NOT NULL,
  "check_in" date NOT NULL,
  "check_out" date NOT NULL,
  "summary" text NOT NULL,
  -- What held the nights: a reservation or another block.
  "booking_id" uuid REFERENCES "bookings"("id"),
  "block_id" uuid REFERENCES "room_blocks"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "resolved_at" timestamp with time zone,
  "resolved_by" uuid REFERENCES "users"("id"),
  "note" text
);
--> statement-breakpoint
-- One open conflict per channel event and dates: a sync that finds it again adds nothing.
CREATE UNIQUE INDEX "channel_conflicts_open_key" ON "channel_conflicts" ("feed_id", "uid", "check_in", "check_out") WHERE "resolved_at" IS NULL;
