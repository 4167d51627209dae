-- No two stays of one room may overlap: the database itself refuses the second one, so no race
-- between requests or API processes can double-book. A stay is [check_in, check_out): a guest
-- leaving on the 5th and another arriving on the 5th do not overlap. Cancelled stays free
-- their dates. btree_gist lets the GiST index compare room ids with =.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
  EXCLUDE USING gist (room_id WITH =, daterange(check_in, check_out, '[)') WITH &&)
  WHERE (status = 'active');
--> statement-breakpoint
-- Availability searches ask "which rooms have an active stay overlapping these dates?".
CREATE INDEX bookings_active_stay_idx ON bookings USING gist (daterange(check_in, check_out, '[)'), room_id)
  WHERE (status = 'active');
--> statement-breakpoint
-- Caches of availability answers are dropped whenever a stay changes.
CREATE FUNCTION notify_bookings_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('bookings_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER bookings_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION notify_bookings_changed();
