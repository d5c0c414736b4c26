CREATE TABLE "message_status_counts" (
	"status" "message_status" PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
