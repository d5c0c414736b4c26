ALTER TABLE "account_transfers" DROP CONSTRAINT "account_transfers_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_transfer_id_account_transfers_id_fk" FOREIGN KEY ("account_transfer_id") REFERENCES "public"."account_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_transfers" DROP COLUMN "payment_id";