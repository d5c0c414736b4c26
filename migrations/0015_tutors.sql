CREATE TABLE "tutors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo" text,
	"photo_variants" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid
);
--> statement-breakpoint
ALTER TABLE "tutors" ADD CONSTRAINT "tutors_created_by_auth_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."auth_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tutors_active_name_idx" ON "tutors" USING btree ("is_active","name");--> statement-breakpoint
-- The About page shows the active tutors: any change to tutors moves the public pages'
-- version on, as a change to courses does (migration 0012).
CREATE TRIGGER public_content_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tutors"
  FOR EACH STATEMENT EXECUTE FUNCTION public_content_version_bump();
