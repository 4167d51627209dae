-- Booking e-mail designs and the guest's language (issue 11). Hand-written: the `language` type
-- exists since 0007. Adding a column with a constant default rewrites no rows (PostgreSQL 11+).
CREATE TYPE "public"."email_template_type" AS ENUM('BOOKING_CONFIRMATION_USER', 'BOOKING_CONFIRMATION_ADMIN', 'BOOKING_STATUS_UPDATE', 'BOOKING_CANCELLATION');--> statement-breakpoint
CREATE TABLE "email_templates" (
	"type" "email_template_type" NOT NULL,
	"language" "language" NOT NULL,
	"subject" text NOT NULL,
	"design" json NOT NULL,
	"html" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_pkey" PRIMARY KEY("type","language")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" "language" DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "language" "language" DEFAULT 'en' NOT NULL;
