ALTER TYPE "public"."message_form_type" ADD VALUE 'whatsapp';--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"wamid" text,
	"direction" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"context_wamid" text,
	"actor_id" uuid,
	"error_code" integer,
	"error_title" text,
	"sent_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"restarted_clock" boolean DEFAULT false NOT NULL,
	"stored_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "whatsapp_messages_wamid_unique" UNIQUE("wamid")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_statuses" (
	"wamid" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"error_code" integer,
	"error_title" text,
	CONSTRAINT "whatsapp_statuses_wamid_status_unique" UNIQUE("wamid","status")
);
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "message_events" ADD COLUMN "whatsapp_message_id" uuid;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_actor_id_admins_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_message_id_idx" ON "whatsapp_messages" USING btree ("message_id","sent_at");--> statement-breakpoint
ALTER TABLE "message_events" ADD CONSTRAINT "message_events_whatsapp_message_id_whatsapp_messages_id_fk" FOREIGN KEY ("whatsapp_message_id") REFERENCES "public"."whatsapp_messages"("id") ON DELETE cascade ON UPDATE no action;