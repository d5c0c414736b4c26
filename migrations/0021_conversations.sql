ALTER TYPE "public"."message_form_type" ADD VALUE 'email';--> statement-breakpoint
CREATE TABLE "inbound_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inbound_email_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"rfc_message_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"subject" text,
	"new_text" text NOT NULL,
	"full_text" text NOT NULL,
	"refused_files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"answered_at" timestamp with time zone,
	"restarted_clock" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_emails_rfc_message_id_unique" UNIQUE("rfc_message_id")
);
--> statement-breakpoint
DROP INDEX "messages_awaiting_reply_created_at_idx";--> statement-breakpoint
ALTER TABLE "message_events" ADD COLUMN "inbound_email_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "waiting_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inbound_email_id_inbound_emails_id_fk" FOREIGN KEY ("inbound_email_id") REFERENCES "public"."inbound_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_attachments_inbound_email_id_idx" ON "inbound_attachments" USING btree ("inbound_email_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_message_id_idx" ON "inbound_emails" USING btree ("message_id","received_at");--> statement-breakpoint
CREATE INDEX "inbound_emails_received_at_idx" ON "inbound_emails" USING btree ("received_at");--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_inbound_email_id_inbound_emails_id_fk" FOREIGN KEY ("inbound_email_id") REFERENCES "public"."inbound_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_awaiting_reply_waiting_since_idx" ON "messages" USING btree ("waiting_since","id") WHERE "messages"."status" in ('unread', 'read');--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_token_unique" UNIQUE("reply_token");--> statement-breakpoint
-- Until now every message's clock started at its arrival.
UPDATE "messages" SET "waiting_since" = "created_at";--> statement-breakpoint
-- A new message's clock starts at its arrival, whatever the insert says.
CREATE OR REPLACE FUNCTION messages_clock_starts_on_arrival() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.waiting_since := NEW.created_at;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER messages_clock_starts_on_arrival BEFORE INSERT ON messages
  FOR EACH ROW EXECUTE FUNCTION messages_clock_starts_on_arrival();
--> statement-breakpoint
-- 'Oldest unanswered first' sorts by how long each has waited since its clock started.
-- The expression must stay identical to answeredOrClosed in reply-clock.server.ts.
DROP INDEX "messages_unanswered_first_idx";--> statement-breakpoint
CREATE INDEX "messages_unanswered_first_idx" ON "messages" USING btree (("status" NOT IN ('unread', 'read')), "waiting_since", "id");
--> statement-breakpoint
-- The history trigger of migration 0008, now also naming who made a change that no admin made
-- (academy.actor_label: 'System' when a visitor's answer reopens a conversation).
CREATE OR REPLACE FUNCTION message_events_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('academy.actor_id', true), '')::uuid;
  label text := nullif(current_setting('academy.actor_label', true), '');
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO message_events (message_id, kind, actor_id, detail)
    VALUES (NEW.id, 'status', actor, jsonb_strip_nulls(jsonb_build_object('from', OLD.status, 'to', NEW.status, 'by', label)));
  END IF;
  IF NEW.priority IS DISTINCT FROM OLD.priority THEN
    INSERT INTO message_events (message_id, kind, actor_id, detail)
    VALUES (NEW.id, 'priority', actor, jsonb_build_object('from', OLD.priority, 'to', NEW.priority));
  END IF;
  IF NEW.assigned_to IS DISTINCT FROM OLD.assigned_to THEN
    INSERT INTO message_events (message_id, kind, actor_id, detail)
    VALUES (NEW.id, 'assigned', actor, jsonb_build_object('from', OLD.assigned_to, 'to', NEW.assigned_to));
  END IF;
  IF NEW.admin_notes IS DISTINCT FROM OLD.admin_notes THEN
    INSERT INTO message_events (message_id, kind, actor_id) VALUES (NEW.id, 'notes', actor);
  END IF;
  RETURN NULL;
END;
$$;
