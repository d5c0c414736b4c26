CREATE TABLE "intake_tutors" (
	"intake_id" uuid NOT NULL,
	"tutor_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "intake_tutors_intake_id_tutor_id_pk" PRIMARY KEY("intake_id","tutor_id")
);
--> statement-breakpoint
ALTER TABLE "intake_tutors" ADD CONSTRAINT "intake_tutors_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intake_tutors" ADD CONSTRAINT "intake_tutors_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_tutors_tutor_idx" ON "intake_tutors" USING btree ("tutor_id");--> statement-breakpoint
-- A course page introduces the tutors of its next intake: a change moves the public pages'
-- version on (migration 0012's function).
CREATE TRIGGER public_content_version_bump
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "intake_tutors"
  FOR EACH STATEMENT EXECUTE FUNCTION public_content_version_bump();
