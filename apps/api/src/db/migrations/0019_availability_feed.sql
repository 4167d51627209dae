-- The availability index (issue 23) keeps, in each API process, the nights every room is taken
-- and the rooms, room types, plans and days a search reads. It follows the database through one
-- NOTIFY channel, `availability_changed`, whose payload carries what changed:
--   "<seq>|<epoch ms>|o|+room,from,to;-room,from,to;…"  rows of room_occupancy added or removed
--   "<seq>|<epoch ms>|r|" rooms, "c" room types, "p" plans and days: read those again
--   "<seq>|<epoch ms>|*|" too much to say (a truncate, a statement of many rows): reload whole
-- <seq> comes from one sequence, so a listener that sees a number skipped (and not arriving
-- late: commits may finish out of the order their numbers were drawn) knows it missed one.
-- A statement that changed no row sends nothing and draws no number.
CREATE SEQUENCE "availability_change_seq";
--> statement-breakpoint
CREATE FUNCTION notify_availability(kind text, body text) RETURNS void AS $$
BEGIN
  -- NOTIFY payloads stop at 8000 bytes: past that, the listeners reload.
  IF length(body) > 7600 THEN
    kind := '*';
    body := '';
  END IF;
  PERFORM pg_notify('availability_changed',
    nextval('availability_change_seq')::text || '|' || floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text
      || '|' || kind || '|' || body);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION occupancy_added() RETURNS trigger AS $$
DECLARE
  body text;
BEGIN
  SELECT string_agg('+' || room_id::text || ',' || lower(nights)::text || ',' || upper(nights)::text, ';') INTO body FROM added;
  IF body IS NOT NULL THEN PERFORM notify_availability('o', body); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION occupancy_removed() RETURNS trigger AS $$
DECLARE
  body text;
BEGIN
  SELECT string_agg('-' || room_id::text || ',' || lower(nights)::text || ',' || upper(nights)::text, ';') INTO body FROM removed;
  IF body IS NOT NULL THEN PERFORM notify_availability('o', body); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An update is its old rows removed, then its new rows added (in that order: within the
-- statement the new rows may take nights the old ones gave up).
CREATE FUNCTION occupancy_moved() RETURNS trigger AS $$
DECLARE
  body text;
BEGIN
  SELECT string_agg(change, ';' ORDER BY step) INTO body FROM (
    SELECT 0 AS step, '-' || room_id::text || ',' || lower(nights)::text || ',' || upper(nights)::text AS change FROM removed
    UNION ALL
    SELECT 1, '+' || room_id::text || ',' || lower(nights)::text || ',' || upper(nights)::text FROM added
  ) changes;
  IF body IS NOT NULL THEN PERFORM notify_availability('o', body); END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER occupancy_feed_insert AFTER INSERT ON room_occupancy
REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION occupancy_added();
--> statement-breakpoint
CREATE TRIGGER occupancy_feed_update AFTER UPDATE ON room_occupancy
REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION occupancy_moved();
--> statement-breakpoint
CREATE TRIGGER occupancy_feed_delete AFTER DELETE ON room_occupancy
REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION occupancy_removed();
--> statement-breakpoint
CREATE FUNCTION availability_reread() RETURNS trigger AS $$
BEGIN
  PERFORM notify_availability(TG_ARGV[0], '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER occupancy_feed_truncate AFTER TRUNCATE ON room_occupancy
FOR EACH STATEMENT EXECUTE FUNCTION availability_reread('*');
--> statement-breakpoint
CREATE TRIGGER rooms_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rooms
FOR EACH STATEMENT EXECUTE FUNCTION availability_reread('r');
--> statement-breakpoint
CREATE TRIGGER room_categories_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON room_categories
FOR EACH STATEMENT EXECUTE FUNCTION availability_reread('c');
--> statement-breakpoint
CREATE TRIGGER rate_plans_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rate_plans
FOR EACH STATEMENT EXECUTE FUNCTION availability_reread('p');
--> statement-breakpoint
CREATE TRIGGER rate_days_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rate_days
FOR EACH STATEMENT EXECUTE FUNCTION availability_reread('p');
