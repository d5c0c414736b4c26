CREATE TYPE "public"."admission_mode" AS ENUM('reviewed', 'first-come');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('new', 'offered', 'accepted', 'enrolled', 'waitlisted', 'declined', 'withdrawn', 'expired');--> statement-breakpoint
CREATE SEQUENCE "public"."application_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"actor_kind" text NOT NULL,
	"detail" jsonb,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" integer DEFAULT nextval('application_reference_seq') NOT NULL,
	"intake_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"experience_level" text NOT NULL,
	"goals" text NOT NULL,
	"heard_from" text NOT NULL,
	"consent_given" boolean DEFAULT false NOT NULL,
	"status" "application_status" NOT NULL,
	"offer_expires_at" timestamp with time zone,
	"offer_reminded_at" timestamp with time zone,
	"waitlisted_at" timestamp with time zone,
	"assigned_to" uuid,
	"admin_notes" text,
	"answered_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_reference_unique" UNIQUE("reference"),
	CONSTRAINT "applications_offer_has_deadline" CHECK ("applications"."status" <> 'offered' OR "applications"."offer_expires_at" IS NOT NULL),
	CONSTRAINT "applications_waitlist_has_place" CHECK ("applications"."status" <> 'waitlisted' OR "applications"."waitlisted_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "admission_mode" "admission_mode" DEFAULT 'reviewed' NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "places_taken" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_email_id_outgoing_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."outgoing_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_links" ADD CONSTRAINT "application_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_assigned_to_admins_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_created_idx" ON "application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_links_application_idx" ON "application_links" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_live_per_intake_idx" ON "applications" USING btree ("intake_id",lower("email")) WHERE "applications"."status" in ('new', 'offered', 'accepted', 'enrolled', 'waitlisted');--> statement-breakpoint
CREATE INDEX "applications_created_at_id_idx" ON "applications" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_status_created_at_id_idx" ON "applications" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "applications_intake_status_idx" ON "applications" USING btree ("intake_id","status");--> statement-breakpoint
CREATE INDEX "applications_waitlist_idx" ON "applications" USING btree ("intake_id","waitlisted_at","reference") WHERE "applications"."status" = 'waitlisted';--> statement-breakpoint
CREATE INDEX "applications_awaiting_answer_idx" ON "applications" USING btree ("created_at") WHERE "applications"."status" = 'new';--> statement-breakpoint
CREATE INDEX "applications_email_lower_idx" ON "applications" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "applications_phone_digits_idx" ON "applications" USING btree (right(regexp_replace("phone", '[^0-9]', '', 'g'), 10));--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_places_within_seats" CHECK ("intakes"."places_taken" >= 0 AND "intakes"."places_taken" <= "intakes"."seats");--> statement-breakpoint
-- Places taken = offers + accepted + enrolled, kept on the intake row by the statement that
-- changes an application. The UPDATE locks the intake row until the transaction ends, so two
-- offers for the last place are one after the other, and intakes_places_within_seats refuses
-- the second: no code path, process or race can oversell an intake.
CREATE OR REPLACE FUNCTION applications_count_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_takes boolean := TG_OP <> 'INSERT' AND OLD.status IN ('offered', 'accepted', 'enrolled');
  new_takes boolean := TG_OP <> 'DELETE' AND NEW.status IN ('offered', 'accepted', 'enrolled');
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.intake_id <> NEW.intake_id THEN
    RAISE EXCEPTION 'an application never moves to another intake';
  END IF;
  IF old_takes AND NOT new_takes THEN
    UPDATE "intakes" SET "places_taken" = "places_taken" - 1 WHERE "id" = OLD.intake_id;
  ELSIF new_takes AND NOT old_takes THEN
    UPDATE "intakes" SET "places_taken" = "places_taken" + 1 WHERE "id" = NEW.intake_id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER applications_count_places
  AFTER INSERT OR UPDATE OF status, intake_id OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION applications_count_places();
