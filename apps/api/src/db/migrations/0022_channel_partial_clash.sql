-- Issue 31: a channel's stay that clashes with ours on only some nights still holds the nights
-- nobody else holds. One feed event may now be held by several blocks (the runs of nights that
-- are free), so a feed's live blocks are unique per event and first night, not per event.
DROP INDEX "room_blocks_feed_uid_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "room_blocks_feed_uid_key" ON "room_blocks" ("feed_id", "uid", "check_in") WHERE "released_at" IS NULL;
--> statement-breakpoint
-- A conflict closed by the system, not by a person: its clashing nights came free and are held
-- for the channel now ('nights_free'), or the channel no longer lists the stay ('event_gone').
ALTER TABLE "channel_conflicts" ADD COLUMN "resolution" text;
--> statement-breakpoint
ALTER TABLE "channel_conflicts" ADD CONSTRAINT "channel_conflicts_resolution_check"
  CHECK ("resolution" IS NULL OR "resolution" IN ('nights_free', 'event_gone'));
--> statement-breakpoint
-- The open conflicts of a room, read when its nights come free and on every sync.
CREATE INDEX "channel_conflicts_open_room_idx" ON "channel_conflicts" ("room_id") WHERE "resolved_at" IS NULL;
--> statement-breakpoint
-- When nights of a room with an open conflict come free (a stay cancelled, moved or shortened, a
-- block released), every API process hears the room's id and holds the freed nights for the
-- channel's guest at once, without waiting for the feed's next fetch. Sent at commit, so the
-- nights a transaction frees and takes again (a stay moved by a day) are not grabbed between.
CREATE FUNCTION notify_channel_nights_freed() RETURNS trigger AS $$
DECLARE
  room uuid;
BEGIN
  FOR room IN
    SELECT DISTINCT r.room_id FROM removed r
    WHERE EXISTS (
      SELECT 1 FROM channel_conflicts c
      WHERE c.room_id = r.room_id AND c.resolved_at IS NULL
        AND daterange(c.check_in, c.check_out, '[)') && r.nights
    )
  LOOP
    PERFORM pg_notify('channel_nights_freed', room::text);
  END LOOP;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER room_occupancy_freed_delete AFTER DELETE ON room_occupancy
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_channel_nights_freed();
--> statement-breakpoint
CREATE TRIGGER room_occupancy_freed_update AFTER UPDATE ON room_occupancy
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION notify_channel_nights_freed();
