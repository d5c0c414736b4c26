CREATE TABLE "certificate_readiness" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"confirmed_name" text,
	"name_confirmed_at" timestamp with time zone,
	"project_passed" boolean,
	"project_marked_by" uuid,
	"project_marked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificate_signatory" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_signatory_single_row" CHECK ("certificate_signatory"."id")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial" text NOT NULL,
	"application_id" uuid NOT NULL,
	"intake_id" uuid NOT NULL,
	"holder_name" text,
	"holder_erased_at" timestamp with time zone,
	"course_title" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"hours" integer NOT NULL,
	"signatory_name" text NOT NULL,
	"signatory_title" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"revoked_by" uuid,
	"replaced_at" timestamp with time zone,
	"replaced_by_id" uuid,
	CONSTRAINT "certificates_serial_unique" UNIQUE("serial"),
	CONSTRAINT "certificates_hours_positive" CHECK ("certificates"."hours" > 0),
	CONSTRAINT "certificates_revoked_with_reason" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "certificate_min_attendance" integer DEFAULT 80;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "certificate_requires_paid" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "certificate_requires_project" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "certificate_id" uuid;--> statement-breakpoint
ALTER TABLE "certificate_readiness" ADD CONSTRAINT "certificate_readiness_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_readiness" ADD CONSTRAINT "certificate_readiness_project_marked_by_admins_id_fk" FOREIGN KEY ("project_marked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificate_signatory" ADD CONSTRAINT "certificate_signatory_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_issued_by_admins_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_admins_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_replaced_by_id_certificates_id_fk" FOREIGN KEY ("replaced_by_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_in_force" ON "certificates" USING btree ("application_id") WHERE "certificates"."revoked_at" is null and "certificates"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_intake_idx" ON "certificates" USING btree ("intake_id");--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD CONSTRAINT "outgoing_emails_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_certificate_attendance_percent" CHECK ("intakes"."certificate_min_attendance" IS NULL OR "intakes"."certificate_min_attendance" BETWEEN 1 AND 100);