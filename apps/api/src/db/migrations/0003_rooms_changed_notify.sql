-- The public room and category lists are cached in every API process (lib/response-cache.ts).
-- Any change to rooms or categories, whoever makes it, tells every process to drop those caches.
CREATE FUNCTION notify_rooms_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('rooms_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER rooms_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON rooms
FOR EACH STATEMENT EXECUTE FUNCTION notify_rooms_changed();
--> statement-breakpoint
CREATE TRIGGER room_categories_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON room_categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_rooms_changed();
