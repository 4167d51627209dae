-- Issue 36: a booking's transaction sends one notification, on one channel.
--
-- Before, a booking notified three channels: `bookings_changed` (no process has listened to it
-- since the availability index, issue 23), `channel_exports_changed` (every statement on the
-- occupancy table, even one that changed no row) and `availability_changed`; and a reservation of
-- three rooms sent the last one three times, its occupancy rows being inserted one by one by a
-- row trigger. PostgreSQL folds repeats of one notification, never different ones, and every
-- notifying commit takes the queue's lock and wakes every listening connection.
--
-- Now: the export feeds' rendered copies follow `availability_changed` (its payload says which
-- rooms' nights changed), `channel_exports_changed` is sent for the export addresses only, and a
-- statement inserting bookings inserts their occupancy in one statement, which sends one
-- `availability_changed` naming every room.
DROP TRIGGER "bookings_changed" ON "bookings";
--> statement-breakpoint
DROP FUNCTION notify_bookings_changed();
--> statement-breakpoint
DROP TRIGGER "room_occupancy_changed" ON "room_occupancy";
--> statement-breakpoint
DROP TRIGGER "bookings_occupancy" ON "bookings";
--> statement-breakpoint
-- A booking moved, shortened, cancelled or checked out: its row, as before (a trigger with a
-- column list cannot see the statement's rows as a table).
CREATE TRIGGER "bookings_occupancy" AFTER UPDATE OF room_id, check_in, check_out, status ON "bookings"
FOR EACH ROW EXECUTE FUNCTION booking_occupancy();
--> statement-breakpoint
-- New bookings: all the statement's active ones in one insert (in room order, the order every
-- writer locks rooms in). A night already held fails it with 23P01, naming the room, as before.
CREATE FUNCTION bookings_occupancy_added() RETURNS trigger AS $$
BEGIN
  INSERT INTO room_occupancy (room_id, nights, booking_id)
  SELECT a.room_id, daterange(a.check_in, a.check_out, '[)'), a.id FROM added a WHERE a.status = 'active' ORDER BY a.room_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "bookings_occupancy_insert" AFTER INSERT ON "bookings"
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION bookings_occupancy_added();
