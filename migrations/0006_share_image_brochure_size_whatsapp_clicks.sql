CREATE TABLE "whatsapp_clicks" (
	"day" date NOT NULL,
	"course_id" uuid,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "whatsapp_clicks_day_course_unique" UNIQUE NULLS NOT DISTINCT("day","course_id")
);
--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "brochure_bytes" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "share_image" text;--> statement-breakpoint
ALTER TABLE "whatsapp_clicks" ADD CONSTRAINT "whatsapp_clicks_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;