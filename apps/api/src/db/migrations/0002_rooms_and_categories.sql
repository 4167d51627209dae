CREATE TYPE "public"."room_status" AS ENUM('available', 'booked', 'maintenance', 'cleaning', 'unavailable');--> statement-breakpoint
CREATE TABLE "room_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"rack_rate" numeric(12, 2) DEFAULT 0 NOT NULL,
	"offer_price" numeric(12, 2) DEFAULT 5500 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"room_overview" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"special_benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"beds_and_bedding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"room_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bath_and_bathroom_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"furniture_and_furnishings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"food_and_beverages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"internet_and_phones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entertainment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accessible_room_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category" text NOT NULL,
	"room_number" text NOT NULL,
	"name" text NOT NULL,
	"status" "room_status" DEFAULT 'available' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"room_overview" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"special_benefits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"beds_and_bedding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"room_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"bath_and_bathroom_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"furniture_and_furnishings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"food_and_beverages" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"internet_and_phones" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entertainment" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accessible_room_features" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "room_categories_name_key" ON "room_categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_room_number_active_key" ON "rooms" USING btree ("room_number") WHERE "rooms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rooms_category_idx" ON "rooms" USING btree ("category");--> statement-breakpoint
CREATE INDEX "rooms_status_idx" ON "rooms" USING btree ("status");