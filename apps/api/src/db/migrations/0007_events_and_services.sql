CREATE TYPE "public"."event_layout" AS ENUM('Classroom Setup', 'U-Shape Layout', 'I-Shape Layout', 'Theater Style', 'Custom Layout');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('pending', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."event_type" AS ENUM('Conference', 'Wedding', 'Birthday', 'Corporate', 'Other');--> statement-breakpoint
CREATE TYPE "public"."food_preference" AS ENUM('buffet', 'plated', 'snacks', 'none');--> statement-breakpoint
CREATE TYPE "public"."language" AS ENUM('en', 'bn');--> statement-breakpoint
CREATE TYPE "public"."service_type" AS ENUM('housekeeping', 'extra_towels', 'room_service', 'laundry', 'maintenance', 'wake_up_call', 'other');--> statement-breakpoint
CREATE TABLE "event_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"company" text,
	"event_type" "event_type" NOT NULL,
	"layout" "event_layout" NOT NULL,
	"date" date NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	"guest_count" integer NOT NULL,
	"food_preference" "food_preference" DEFAULT 'none' NOT NULL,
	"additional_requirements" text,
	"preference_image" text,
	"status" "event_status" DEFAULT 'pending' NOT NULL,
	"language" "language" DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"service" "service_type" NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"area" integer,
	"capacities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_requests_reference_key" ON "event_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "event_requests_status_date_idx" ON "event_requests" USING btree ("status","date");--> statement-breakpoint
CREATE INDEX "event_requests_created_idx" ON "event_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_requests_open_idx" ON "service_requests" USING btree ("is_completed","created_at");--> statement-breakpoint
CREATE INDEX "service_requests_user_idx" ON "service_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "service_requests_booking_idx" ON "service_requests" USING btree ("booking_id");