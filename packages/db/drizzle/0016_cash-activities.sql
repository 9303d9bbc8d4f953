CREATE TABLE `cash_activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`kind` text NOT NULL,
	`amount` text NOT NULL,
	`date` text NOT NULL,
	`notes` text,
	`transfer_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `investment_accounts`(`id`) ON UPDATE no action ON DELETE no action
) STRICT;
--> statement-breakpoint
CREATE INDEX `cash_activities_user_account_date_idx` ON `cash_activities` (`user_id`,`account_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `cash_activities_user_date_idx` ON `cash_activities` (`user_id`,`date`,`id`);--> statement-breakpoint
CREATE INDEX `cash_activities_transfer_idx` ON `cash_activities` (`transfer_id`) WHERE "cash_activities"."transfer_id" IS NOT NULL;