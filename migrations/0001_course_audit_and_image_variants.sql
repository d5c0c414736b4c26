CREATE TYPE "public"."course_change_action" AS ENUM('created', 'updated', 'activated', 'deactivated', 'deleted');--> statement-breakpoint
CREATE TABLE "course_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"course_title" text NOT NULL,
	"action" "course_change_action" NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_id" uuid,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "image_variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "course_changes" ADD CONSTRAINT "course_changes_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_changes_course_created_at_idx" ON "course_changes" USING btree ("course_id","created_at" DESC NULLS LAST);