-- The guest register the police ask for (issue 34, decision 0022): a registration card for each
-- adult of a room (children listed by name and age), their ID and portrait photos (encrypted at
-- rest, never at a public URL), the log of every view of them, and SMS with their templates and
-- the phone's one-time codes.
CREATE TABLE "guest_cards" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "booking_id" uuid NOT NULL REFERENCES "bookings"("id") ON DELETE CASCADE,
  "position" integer NOT NULL CHECK ("position" >= 0),
  "kind" text NOT NULL CHECK ("kind" IN ('adult', 'child')),
  "full_name" text,
  "guardian_name" text,
  "address" text,
  "nationality" text,
  "date_of_birth" date,
  "age" integer CHECK ("age" IS NULL OR ("age" >= 0 AND "age" < 130)),
  "phone" text,
  "id_type" text CHECK ("id_type" IS NULL OR "id_type" IN ('nid', 'passport', 'driving_licence', 'birth_certificate')),
  "id_number" text,
  "purpose" text,
  "arriving_from" text,
  "going_to" text,
  "passport_country" text,
  "visa_type" text,
  "visa_number" text,
  "visa_expiry" date,
  "entered_bangladesh" date,
  "phone_verified_at" timestamp with time zone,
  "filled_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- REGISTER_RETENTION_DAYS after check-out the text is erased; the row (and the view log) stays.
  "erased_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "guest_cards_booking_idx" ON "guest_cards" ("booking_id", "position");
--> statement-breakpoint
-- A card copied from an earlier stay is found by the document's number.
CREATE INDEX "guest_cards_id_number_idx" ON "guest_cards" ("id_type", "id_number") WHERE "id_number" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "guest_photos" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "card_id" uuid NOT NULL REFERENCES "guest_cards"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('document', 'portrait')),
  -- Where the encrypted bytes are (private storage, never under /uploads); null once deleted.
  "storage_key" text,
  "bytes" integer NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "created_by" uuid REFERENCES "users"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "guest_photos_card_idx" ON "guest_photos" ("card_id", "kind", "created_at");
--> statement-breakpoint
-- Each view or download of a card, a photo or the register: who, their role then, from where.
CREATE TABLE "id_views" (
  "id" bigserial PRIMARY KEY,
  "viewer_id" uuid REFERENCES "users"("id"),
  "viewer_role" text NOT NULL,
  "action" text NOT NULL CHECK ("action" IN ('cards', 'photo', 'card_pdf', 'register')),
  "booking_id" uuid,
  "card_id" uuid,
  "photo_id" uuid,
  "guest_name" text,
  "detail" text,
  "ip" text,
  "user_agent" text,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "id_views_at_idx" ON "id_views" ("at");
--> statement-breakpoint
-- A check-in without a complete card says why, who and when; such rooms stay on the staff's list.
ALTER TABLE "bookings" ADD COLUMN "registration_note" text;
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "registration_note_by" uuid REFERENCES "users"("id");
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "registration_note_at" timestamp with time zone;
--> statement-breakpoint
-- Set when every card of the room is complete (kept by the service on each save).
ALTER TABLE "bookings" ADD COLUMN "registration_complete_at" timestamp with time zone;
--> statement-breakpoint
-- The pre-arrival message (online check-in link) goes once.
ALTER TABLE "bookings" ADD COLUMN "pre_arrival_sent_at" timestamp with time zone;
--> statement-breakpoint
-- SMS: the same outbox as mails (written in the change's transaction, sent once, retried).
CREATE TABLE "outbox_sms" (
  "id" bigserial PRIMARY KEY,
  "kind" text NOT NULL,
  "to" text NOT NULL,
  "body" text NOT NULL,
  "status" "mail_status" DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
  "locked_until" timestamp with time zone,
  "last_error" text,
  -- The provider's id of the message, and what its delivery report said.
  "provider_ref" text,
  "delivery_status" text,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_sms_due_idx" ON "outbox_sms" ("status", "next_attempt_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_sms_provider_ref_key" ON "outbox_sms" ("provider_ref") WHERE "provider_ref" IS NOT NULL;
--> statement-breakpoint
-- The admin's text for each SMS type and language; the built-in default when there is none.
CREATE TABLE "sms_templates" (
  "type" text NOT NULL,
  "language" "language" NOT NULL,
  "body" text NOT NULL,
  "updated_by" uuid REFERENCES "users"("id"),
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  PRIMARY KEY ("type", "language")
);
--> statement-breakpoint
-- One-time codes that verify a phone: 6 digits, 5 minutes, 5 tries (only the hash is kept).
CREATE TABLE "phone_codes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "phone" text NOT NULL,
  "code_hash" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id"),
  "ip" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "verified_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" ("phone", "created_at");
--> statement-breakpoint
CREATE INDEX "phone_codes_ip_idx" ON "phone_codes" ("ip", "created_at");
--> statement-breakpoint
-- A verified phone, and the guest's choice of SMS (null: the default, on for Bangladeshi numbers).
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sms_opt_in" boolean;
