CREATE TABLE `income_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`symbol` text NOT NULL,
	`ex_date` text NOT NULL,
	`pay_date` text NOT NULL,
	`quantity` text NOT NULL,
	`amount_per_share` text NOT NULL,
	`total` text NOT NULL,
	`manual` integer NOT NULL,
	`deleted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `income_entries_user_dividend_idx` ON `income_entries` (`user_id`,`type`,`symbol`,`ex_date`);--> statement-breakpoint
CREATE INDEX `income_entries_user_pay_date_idx` ON `income_entries` (`user_id`,`pay_date`);--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_user_split_idx` ON `transactions` (`user_id`,`symbol`,`transaction_date`) WHERE "transactions"."transaction_type" = 'SPLIT';