DROP INDEX "messages_created_at_idx";--> statement-breakpoint
DROP INDEX "messages_status_created_at_idx";--> statement-breakpoint
DROP INDEX "messages_form_type_created_at_idx";--> statement-breakpoint
DROP INDEX "messages_priority_created_at_idx";--> statement-breakpoint
DROP INDEX "messages_assigned_to_created_at_idx";--> statement-breakpoint
DROP INDEX "course_changes_course_created_at_idx";--> statement-breakpoint
CREATE INDEX "messages_created_at_id_idx" ON "messages" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_status_created_at_id_idx" ON "messages" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_form_type_created_at_id_idx" ON "messages" USING btree ("form_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_priority_created_at_id_idx" ON "messages" USING btree ("priority","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_assigned_to_created_at_id_idx" ON "messages" USING btree ("assigned_to","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "course_changes_course_created_at_idx" ON "course_changes" USING btree ("course_id","created_at" DESC NULLS FIRST);