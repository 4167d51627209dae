-- Every process caches who signed-in callers are (plugins/auth.ts). Any change to an account,
-- from the API or by hand in psql, tells every process to forget its copy at once.
CREATE FUNCTION notify_account_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('account_changed', OLD.id::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_account_changed
AFTER UPDATE OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION notify_account_changed();
