-- A rate plan or a day of the calendar changed: the public lists' "From" prices (issue 21)
-- change with them, so every API process drops its cached lists (the rooms cache, as 0003).
CREATE TRIGGER rate_plans_changed
AFTER INSERT OR UPDATE OR DELETE ON rate_plans
FOR EACH STATEMENT EXECUTE FUNCTION notify_rooms_changed();
--> statement-breakpoint
CREATE TRIGGER rate_days_changed
AFTER INSERT OR UPDATE OR DELETE ON rate_days
FOR EACH STATEMENT EXECUTE FUNCTION notify_rooms_changed();
