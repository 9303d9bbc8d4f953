-- Issue 31: investment accounts. Every user gets one default account ('Main', taxable) and every
-- position, trade, split row and income entry moves into it. SQLite cannot add a NOT NULL column
-- to a table, so the three tables are rebuilt with account_id and their rows copied (ids and
-- AUTOINCREMENT counters kept).
CREATE TABLE `investment_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`institution` text,
	`cash_tracked` integer NOT NULL,
	`display_order` integer NOT NULL,
	`is_default` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `investment_accounts_user_name_idx` ON `investment_accounts` (`user_id`,`name`);
--> statement-breakpoint
CREATE UNIQUE INDEX `investment_accounts_user_default_idx` ON `investment_accounts` (`user_id`) WHERE "investment_accounts"."is_default" = 1;
--> statement-breakpoint
CREATE INDEX `investment_accounts_user_order_idx` ON `investment_accounts` (`user_id`,`display_order`);
--> statement-breakpoint
INSERT INTO `investment_accounts` (`user_id`, `name`, `type`, `institution`, `cash_tracked`, `display_order`, `is_default`, `created_at`) SELECT `id`, 'Main', 'taxable', NULL, 0, 0, 1, `created_at` FROM `users` ORDER BY `id`;
--> statement-breakpoint
CREATE TABLE `__new_positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`asset_type` text NOT NULL,
	`symbol` text NOT NULL,
	`quantity` text NOT NULL,
	`average_price` text NOT NULL,
	`opened_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `investment_accounts`(`id`) ON UPDATE no action ON DELETE no action
) STRICT;
--> statement-breakpoint
INSERT INTO `__new_positions` (`id`, `user_id`, `asset_type`, `symbol`, `quantity`, `average_price`, `opened_at`, `updated_at`, `account_id`) SELECT t.`id`, t.`user_id`, t.`asset_type`, t.`symbol`, t.`quantity`, t.`average_price`, t.`opened_at`, t.`updated_at`, a.`id` FROM `positions` t JOIN `investment_accounts` a ON a.`user_id` = t.`user_id` AND a.`is_default` = 1 ORDER BY t.`id`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_positions';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_positions', `seq` FROM `sqlite_sequence` WHERE `name` = 'positions';
--> statement-breakpoint
DROP TABLE `positions`;
--> statement-breakpoint
ALTER TABLE `__new_positions` RENAME TO `positions`;
--> statement-breakpoint
CREATE TABLE `__new_transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`account_id` integer NOT NULL,
	`transaction_date` integer NOT NULL,
	`type` text NOT NULL,
	`symbol` text NOT NULL,
	`transaction_type` text NOT NULL,
	`quantity` text NOT NULL,
	`price` text NOT NULL,
	`total` text NOT NULL,
	`notes` text,
	`request_key` text,
	`created_at` integer NOT NULL,
	`fee` text DEFAULT '00000000000000000000.0000000000000000' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `investment_accounts`(`id`) ON UPDATE no action ON DELETE no action
) STRICT;
--> statement-breakpoint
INSERT INTO `__new_transactions` (`id`, `user_id`, `transaction_date`, `type`, `symbol`, `transaction_type`, `quantity`, `price`, `total`, `notes`, `request_key`, `created_at`, `fee`, `account_id`) SELECT t.`id`, t.`user_id`, t.`transaction_date`, t.`type`, t.`symbol`, t.`transaction_type`, t.`quantity`, t.`price`, t.`total`, t.`notes`, t.`request_key`, t.`created_at`, t.`fee`, a.`id` FROM `transactions` t JOIN `investment_accounts` a ON a.`user_id` = t.`user_id` AND a.`is_default` = 1 ORDER BY t.`id`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_transactions';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_transactions', `seq` FROM `sqlite_sequence` WHERE `name` = 'transactions';
--> statement-breakpoint
DROP TABLE `transactions`;
--> statement-breakpoint
ALTER TABLE `__new_transactions` RENAME TO `transactions`;
--> statement-breakpoint
CREATE TABLE `__new_income_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`account_id` integer NOT NULL,
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
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`account_id`) REFERENCES `investment_accounts`(`id`) ON UPDATE no action ON DELETE no action
) STRICT;
--> statement-breakpoint
INSERT INTO `__new_income_entries` (`id`, `user_id`, `type`, `symbol`, `ex_date`, `pay_date`, `quantity`, `amount_per_share`, `total`, `manual`, `deleted_at`, `created_at`, `updated_at`, `account_id`) SELECT t.`id`, t.`user_id`, t.`type`, t.`symbol`, t.`ex_date`, t.`pay_date`, t.`quantity`, t.`amount_per_share`, t.`total`, t.`manual`, t.`deleted_at`, t.`created_at`, t.`updated_at`, a.`id` FROM `income_entries` t JOIN `investment_accounts` a ON a.`user_id` = t.`user_id` AND a.`is_default` = 1 ORDER BY t.`id`;
--> statement-breakpoint
DELETE FROM `sqlite_sequence` WHERE `name` = '__new_income_entries';
--> statement-breakpoint
INSERT INTO `sqlite_sequence` (`name`, `seq`) SELECT '__new_income_entries', `seq` FROM `sqlite_sequence` WHERE `name` = 'income_entries';
--> statement-breakpoint
DROP TABLE `income_entries`;
--> statement-breakpoint
ALTER TABLE `__new_income_entries` RENAME TO `income_entries`;
--> statement-breakpoint
CREATE UNIQUE INDEX `positions_user_account_asset_symbol_idx` ON `positions` (`user_id`,`account_id`,`asset_type`,`symbol`);
--> statement-breakpoint
CREATE INDEX `positions_asset_symbol_idx` ON `positions` (`asset_type`,`symbol`);
--> statement-breakpoint
CREATE INDEX `transactions_user_request_key_idx` ON `transactions` (`user_id`,`request_key`) WHERE "transactions"."request_key" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX `transactions_user_account_split_idx` ON `transactions` (`user_id`,`account_id`,`symbol`,`transaction_date`) WHERE "transactions"."transaction_type" = 'SPLIT';
--> statement-breakpoint
CREATE INDEX `transactions_user_date_idx` ON `transactions` (`user_id`,`transaction_date`,`type`,`transaction_type`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_date_idx` ON `transactions` (`user_id`,`symbol`,`transaction_date`,`type`,`transaction_type`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_quantity_idx` ON `transactions` (`user_id`,`quantity`,`transaction_date`,`type`,`transaction_type`,`symbol`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_quantity_idx` ON `transactions` (`user_id`,`symbol`,`quantity`,`transaction_date`,`type`,`transaction_type`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_price_idx` ON `transactions` (`user_id`,`price`,`transaction_date`,`type`,`transaction_type`,`symbol`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_price_idx` ON `transactions` (`user_id`,`symbol`,`price`,`transaction_date`,`type`,`transaction_type`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_total_idx` ON `transactions` (`user_id`,`total`,`transaction_date`,`type`,`transaction_type`,`symbol`,`id`,`account_id`);
--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_total_idx` ON `transactions` (`user_id`,`symbol`,`total`,`transaction_date`,`type`,`transaction_type`,`id`,`account_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `income_entries_user_account_dividend_idx` ON `income_entries` (`user_id`,`account_id`,`type`,`symbol`,`ex_date`);
--> statement-breakpoint
CREATE INDEX `income_entries_user_pay_date_idx` ON `income_entries` (`user_id`,`pay_date`);