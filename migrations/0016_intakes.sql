CREATE TYPE "public"."intake_change_action" AS ENUM('created', 'updated', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."intake_mode" AS ENUM('in-person', 'online', 'both');--> statement-breakpoint
CREATE TYPE "public"."intake_status" AS ENUM('draft', 'open', 'closed', 'cancelled');--> statement-breakpoint
CREATE TABLE "intake_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"intake_label" text NOT NULL,
	"action" "intake_change_action" NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"label" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"class_times" text,
	"mode" "intake_mode" DEFAULT 'both' NOT NULL,
	"location" text,
	"seats" integer NOT NULL,
	"enrolment_opens_at" timestamp with time zone,
	"enrolment_closes_at" timestamp with time zone NOT NULL,
	"price_kobo" bigint NOT NULL,
	"early_bird_price_kobo" bigint,
	"early_bird_ends_on" date,
	"status" "intake_status" DEFAULT 'draft' NOT NULL,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "intakes_ends_after_start" CHECK ("intakes"."ends_on" >= "intakes"."starts_on"),
	CONSTRAINT "intakes_seats_positive" CHECK ("intakes"."seats" > 0),
	CONSTRAINT "intakes_price_non_negative" CHECK ("intakes"."price_kobo" >= 0),
	CONSTRAINT "intakes_early_bird_complete" CHECK (("intakes"."early_bird_price_kobo" IS NULL) = ("intakes"."early_bird_ends_on" IS NULL)),
	CONSTRAINT "intakes_early_bird_below_price" CHECK ("intakes"."early_bird_price_kobo" IS NULL OR ("intakes"."early_bird_price_kobo" >= 0 AND "intakes"."early_bird_price_kobo" < "intakes"."price_kobo")),
	CONSTRAINT "intakes_cancel_reason" CHECK (("intakes"."status" = 'cancelled') = ("intakes"."cancel_reason" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "intake_changes" ADD CONSTRAINT "intake_changes_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_created_by_auth_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_changes_intake_created_at_idx" ON "intake_changes" USING btree ("intake_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "intakes_course_starts_on_idx" ON "intakes" USING btree ("course_id","starts_on");--> statement-breakpoint
-- Every start date a course listed becomes an intake, so nothing a visitor saw disappears: open
-- while it is still ahead (Lagos date), closed once passed. What the course said of itself
-- fills the rest: its schedule as the class times, its format as the mode, its location and
-- price; the length from a duration such as '12 weeks' (else the start day); 20 seats where the
-- class size names no number; enrolment closing at 23:59 on the eve in Lagos (the intake form's
-- rule: it closes before the start day begins).
INSERT INTO "intakes" ("course_id", "label", "starts_on", "ends_on", "class_times", "mode", "location",
  "seats", "enrolment_closes_at", "price_kobo", "status")
SELECT c."id",
  to_char(d.day, 'FMMonth YYYY'),
  d.day,
  d.day + coalesce((substring(c."duration" from '(\d+)\s*weeks?'))::int * 7 - 1, 0),
  c."schedule",
  CASE c."format" WHEN 'Online only' THEN 'online'::intake_mode
    WHEN 'In-person only' THEN 'in-person'::intake_mode ELSE 'both'::intake_mode END,
  c."location",
  greatest(coalesce((substring(c."class_size" from '(\d+)\D*$'))::int, 20), 1),
  (d.day::timestamp AT TIME ZONE 'Africa/Lagos') - interval '1 minute',
  c."price_kobo",
  CASE WHEN d.day >= (now() AT TIME ZONE 'Africa/Lagos')::date THEN 'open'::intake_status
    ELSE 'closed'::intake_status END
FROM "courses" c, unnest(c."start_dates") AS d(day);
--> statement-breakpoint
ALTER TABLE "courses" DROP COLUMN "start_dates";
--> statement-breakpoint
-- Intakes are on every course page: a change to one moves the public pages' version on
-- (migration 0012's function).
CREATE TRIGGER public_content_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "intakes"
  FOR EACH STATEMENT EXECUTE FUNCTION public_content_version_bump();
