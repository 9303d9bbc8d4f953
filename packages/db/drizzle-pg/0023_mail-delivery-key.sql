ALTER TABLE "mail_outbox" ADD COLUMN "delivery_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_delivery_key_idx" ON "mail_outbox" USING btree ("delivery_key");