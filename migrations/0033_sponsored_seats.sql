CREATE SEQUENCE "public"."sponsor_invoice_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "sponsor_invoice_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"sponsorship_id" uuid NOT NULL,
	"amount_kobo" bigint NOT NULL,
	"status" text DEFAULT 'started' NOT NULL,
	"flag" text,
	"checkout_url" text,
	"gateway_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_invoice_payments_amount_positive" CHECK ("sponsor_invoice_payments"."amount_kobo" > 0)
);
--> statement-breakpoint
CREATE TABLE "sponsored_seats" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsorship_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"assigned_name" text,
	"assigned_email" text,
	"application_id" uuid,
	"used_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"released_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsored_seats_number_unique" UNIQUE("sponsorship_id","number"),
	CONSTRAINT "sponsored_seats_status" CHECK ("sponsored_seats"."status" IN ('open', 'used', 'released')),
	CONSTRAINT "sponsored_seats_used_has_application" CHECK ("sponsored_seats"."status" <> 'used' OR "sponsored_seats"."used_at" IS NOT NULL),
	CONSTRAINT "sponsored_seats_assigned_whole" CHECK (("sponsored_seats"."assigned_name" IS NULL) = ("sponsored_seats"."assigned_email" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text,
	"billing_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sponsor_id" uuid NOT NULL,
	"intake_id" uuid NOT NULL,
	"seats" integer NOT NULL,
	"seat_price_kobo" bigint NOT NULL,
	"invoice_number" integer DEFAULT nextval('sponsor_invoice_seq') NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"paid_recorded_by" uuid,
	"link_version" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsorships_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "sponsorships_seats_range" CHECK ("sponsorships"."seats" BETWEEN 1 AND 500),
	CONSTRAINT "sponsorships_seat_price_positive" CHECK ("sponsorships"."seat_price_kobo" > 0),
	CONSTRAINT "sponsorships_paid_has_how" CHECK (("sponsorships"."paid_at" IS NULL) = ("sponsorships"."paid_by" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "sponsor_invoice_payments" ADD CONSTRAINT "sponsor_invoice_payments_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_seats" ADD CONSTRAINT "sponsored_seats_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_seats" ADD CONSTRAINT "sponsored_seats_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsored_seats" ADD CONSTRAINT "sponsored_seats_released_by_admins_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."intakes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_paid_recorded_by_admins_id_fk" FOREIGN KEY ("paid_recorded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsor_invoice_payments_reference_unique" ON "sponsor_invoice_payments" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "sponsor_invoice_payments_sponsorship_idx" ON "sponsor_invoice_payments" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsored_seats_code_unique" ON "sponsored_seats" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsored_seats_application_unique" ON "sponsored_seats" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsors_billing_email_unique" ON "sponsors" USING btree ("billing_email");--> statement-breakpoint
CREATE INDEX "sponsorships_intake_idx" ON "sponsorships" USING btree ("intake_id");--> statement-breakpoint
-- An open seat holds a place in its sponsorship's intake, as an offered, accepted or enrolled
-- application does: the intake's CHECK intakes_places_within_seats then refuses selling more
-- seats than are free. A seat redeemed stops holding it as the applicant's place starts to.
CREATE OR REPLACE FUNCTION sponsored_seats_count_places() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_holds boolean := TG_OP <> 'INSERT' AND OLD.status = 'open';
  new_holds boolean := TG_OP <> 'DELETE' AND NEW.status = 'open';
  intake uuid;
BEGIN
  IF old_holds = new_holds THEN
    RETURN NULL;
  END IF;
  SELECT "intake_id" INTO intake FROM "sponsorships"
    WHERE "id" = CASE WHEN TG_OP = 'DELETE' THEN OLD.sponsorship_id ELSE NEW.sponsorship_id END;
  UPDATE "intakes" SET "places_taken" = "places_taken" + CASE WHEN new_holds THEN 1 ELSE -1 END
    WHERE "id" = intake;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER sponsored_seats_count_places
  AFTER INSERT OR UPDATE OF status OR DELETE ON "sponsored_seats"
  FOR EACH ROW EXECUTE FUNCTION sponsored_seats_count_places();
