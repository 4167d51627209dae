-- A guest booked at the front desk may have no e-mail address, only a name and a phone (issue
-- 19, section 5). Such an account has no e-mail and no password, so it can't sign in until the
-- desk adds an e-mail. The e-mail stays unique when present: users_email_active_key is an index
-- on lower(email), and PostgreSQL's unique indexes let any number of rows hold NULL. No row is
-- rewritten. Hand-written, like 0009 to 0011.
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;
