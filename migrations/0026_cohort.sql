CREATE TYPE "public"."attendance_mark" AS ENUM('present', 'absent', 'late', 'excused');--> statement-breakpoint
CREATE TYPE "public"."calendar_owner_kind" AS ENUM('student', 'tutor');--> statement-breakpoint
CREATE TYPE "public"."class_session_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."session_reminder_kind" AS ENUM('first-day', 'before');--> statement-breakpoint
CREATE TABLE "attendance" (
	"session_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"mark" "attendance_mark" NOT NULL,
	"marked_by" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_session_id_application_id_pk" PRIMARY KEY("session_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_keys" (
	"owner_kind" "calendar_owner_kind" NOT NULL,
	"owner_id" uuid NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_keys_owner_kind_owner_id_pk" PRIMARY KEY("owner_kind","owner_id")
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"place" text,
	"online_url" text,
	"tutor_id" uuid,
	"status" "class_session_status" DEFAULT 'scheduled' NOT NULL,
	"notice" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"register_taken_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_ends_after_start" CHECK ("class_sessions"."ends_at" > "class_sessions"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "session_reminders" (
	"session_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" "session_reminder_kind" NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_reminders_session_id_application_id_kind_pk" PRIMARY KEY("session_id","application_id","kind")
);
--> statement-breakpoint
CREATE TABLE "timetable_settings" (
	"intake_id" uuid PRIMARY KEY NOT NULL,
	"reminder_hours_before" integer DEFAULT 3,
	"first_session_note" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_settings_reminder_hours" CHECK ("timetable_settings"."reminder_hours_before" IS NULL OR "timetable_settings"."reminder_hours_before" BETWEEN 1 AND 72)
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_class_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."class_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_settings" ADD CONSTRAINT "timetable_settings_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_application_idx" ON "attendance" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "class_sessions_intake_starts_idx" ON "class_sessions" USING btree ("intake_id","starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_starts_idx" ON "class_sessions" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "class_sessions_tutor_starts_idx" ON "class_sessions" USING btree ("tutor_id","starts_at");--> statement-breakpoint
-- Course pages show an open intake's timetable (its days, hours and first session): a change of
-- those is a change of them; a register taken is not.
CREATE TRIGGER public_content_version_bump
  AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "starts_at", "ends_at", "status" ON "class_sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION public_content_version_bump();
