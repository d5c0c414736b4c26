CREATE TABLE "course_page_views" (
	"day" date NOT NULL,
	"course_id" uuid NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "course_page_views_day_course_id_pk" PRIMARY KEY("day","course_id")
);
--> statement-breakpoint
CREATE TABLE "inquiry_daily_counts" (
	"day" date NOT NULL,
	"inquiry_type" text,
	"contact_method" text,
	"course_interest" text,
	"inquiries" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inquiry_daily_counts_unique" UNIQUE NULLS NOT DISTINCT("day","inquiry_type","contact_method","course_interest")
);
--> statement-breakpoint
CREATE TABLE "message_hourly_counts" (
	"hour" timestamp with time zone NOT NULL,
	"form_type" "message_form_type" NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_hourly_counts_hour_form_type_pk" PRIMARY KEY("hour","form_type")
);
--> statement-breakpoint
ALTER TABLE "course_page_views" ADD CONSTRAINT "course_page_views_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_replied_created_at_idx" ON "messages" USING btree ("created_at","replied_at") WHERE "messages"."replied_at" is not null;--> statement-breakpoint
CREATE INDEX "messages_unanswered_created_at_idx" ON "messages" USING btree ("created_at") WHERE "messages"."status" in ('unread', 'read') and "messages"."replied_at" is null;--> statement-breakpoint
-- The reports' counts of messages (message_hourly_counts, inquiry_daily_counts), kept by the
-- database whatever changes a message: the app, a bulk delete, a script. A message leaves its
-- old counts and joins its new ones, so a changed arrival time (a test's backdating) moves it.
-- Hours are whole UTC hours, which are whole Lagos hours too (UTC+1, no daylight saving).
CREATE OR REPLACE FUNCTION message_counts_add(m messages, change integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_hourly_counts (hour, form_type, messages)
  VALUES (date_trunc('hour', m.created_at, 'UTC'), m.form_type, change)
  ON CONFLICT (hour, form_type) DO UPDATE SET messages = message_hourly_counts.messages + excluded.messages;
  IF m.form_type = 'inquiry' THEN
    INSERT INTO inquiry_daily_counts (day, inquiry_type, contact_method, course_interest, inquiries)
    VALUES ((m.created_at AT TIME ZONE 'Africa/Lagos')::date, m.inquiry_type, m.contact_method, m.course_interest, change)
    ON CONFLICT (day, inquiry_type, contact_method, course_interest)
    DO UPDATE SET inquiries = inquiry_daily_counts.inquiries + excluded.inquiries;
  END IF;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION message_counts_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM message_counts_add(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM message_counts_add(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER message_counts_record
  AFTER INSERT OR DELETE OR UPDATE OF created_at, form_type, inquiry_type, contact_method, course_interest ON messages
  FOR EACH ROW EXECUTE FUNCTION message_counts_record();
--> statement-breakpoint
-- The messages already stored.
INSERT INTO message_hourly_counts (hour, form_type, messages)
SELECT date_trunc('hour', created_at, 'UTC'), form_type, count(*) FROM messages GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO inquiry_daily_counts (day, inquiry_type, contact_method, course_interest, inquiries)
SELECT (created_at AT TIME ZONE 'Africa/Lagos')::date, inquiry_type, contact_method, course_interest, count(*)
FROM messages WHERE form_type = 'inquiry' GROUP BY 1, 2, 3, 4;
