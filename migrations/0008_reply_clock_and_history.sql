CREATE SEQUENCE "public"."message_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "message_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid,
	"detail" jsonb,
	"email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_replies_title_unique" UNIQUE("title")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reference" integer;--> statement-breakpoint
-- Messages stored before this migration are numbered in the order they arrived.
UPDATE "messages" m SET "reference" = n.num
FROM (SELECT "id", row_number() OVER (ORDER BY "created_at", "id") AS num FROM "messages") n
WHERE m."id" = n."id";--> statement-breakpoint
SELECT setval('message_reference_seq', coalesce((SELECT max("reference") FROM "messages"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "reference" SET DEFAULT nextval('message_reference_seq');--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "reference" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "message_reference_seq" OWNED BY "messages"."reference";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_emails" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_email_id_outgoing_emails_id_fk" FOREIGN KEY ("email_id") REFERENCES "public"."outgoing_emails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_replies" ADD CONSTRAINT "saved_replies_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_events_message_id_created_at_idx" ON "message_events" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_awaiting_reply_created_at_idx" ON "messages" USING btree ("created_at","id") WHERE "messages"."status" in ('unread', 'read');--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reference_unique" UNIQUE("reference");--> statement-breakpoint
-- The sort 'oldest unanswered first': messages awaiting a reply first, each part oldest first.
-- The expression must stay identical to answeredOrClosed in reply-clock.server.ts.
CREATE INDEX "messages_unanswered_first_idx" ON "messages" USING btree (("status" NOT IN ('unread', 'read')), "created_at", "id");
--> statement-breakpoint
-- A message's history (message_events): every change of status, priority, assignee or notes,
-- whichever statement made it (one message or a bulk action). The admin who made it is read
-- from the transaction-local setting academy.actor_id (asActor, message-actor.server.ts); without
-- it the change is recorded as the system's.
CREATE OR REPLACE FUNCTION message_events_record() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor uuid := nullif(current_setting('academy.actor_id', true), '')::uuid;
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO message_events (message_id, kind, actor_id, detail)
    VALUES (NEW.id, 'status', actor, jsonb_build_object('from', OLD.status, 'to', NEW.status));
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
--> statement-breakpoint
CREATE TRIGGER message_events_record AFTER UPDATE OF status, priority, assigned_to, admin_notes ON messages
  FOR EACH ROW EXECUTE FUNCTION message_events_record();
