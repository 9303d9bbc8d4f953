ALTER TABLE "cash_activities" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "income_entries" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "import_job_id" integer;--> statement-breakpoint
CREATE INDEX "cash_activities_import_job_idx" ON "cash_activities" USING btree ("import_job_id") WHERE "cash_activities"."import_job_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "income_entries_import_job_idx" ON "income_entries" USING btree ("import_job_id") WHERE "income_entries"."import_job_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "transactions_import_job_idx" ON "transactions" USING btree ("import_job_id") WHERE "transactions"."import_job_id" IS NOT NULL;