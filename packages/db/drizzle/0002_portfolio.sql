CREATE TABLE `saved_cryptos` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`saved_price` text NOT NULL,
	`saved_open` text NOT NULL,
	`last_quote` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_cryptos_user_symbol_idx` ON `saved_cryptos` (`user_id`,`symbol`);--> statement-breakpoint
CREATE INDEX `saved_cryptos_symbol_idx` ON `saved_cryptos` (`symbol`);--> statement-breakpoint
CREATE TABLE `saved_stocks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`symbol` text NOT NULL,
	`company_name` text NOT NULL,
	`last_snapshot` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `saved_stocks_user_symbol_idx` ON `saved_stocks` (`user_id`,`symbol`);--> statement-breakpoint
CREATE INDEX `saved_stocks_symbol_idx` ON `saved_stocks` (`symbol`);--> statement-breakpoint
CREATE TABLE `positions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`asset_type` text NOT NULL,
	`symbol` text NOT NULL,
	`quantity` text NOT NULL,
	`average_price` text NOT NULL,
	`opened_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `positions_user_asset_symbol_idx` ON `positions` (`user_id`,`asset_type`,`symbol`);--> statement-breakpoint
CREATE INDEX `positions_asset_symbol_idx` ON `positions` (`asset_type`,`symbol`);--> statement-breakpoint
CREATE TABLE `transactions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`transaction_date` integer NOT NULL,
	`type` text NOT NULL,
	`symbol` text NOT NULL,
	`transaction_type` text NOT NULL,
	`quantity` text NOT NULL,
	`price` text NOT NULL,
	`total` text NOT NULL,
	`notes` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE INDEX `transactions_user_date_idx` ON `transactions` (`user_id`,`transaction_date`);--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_date_idx` ON `transactions` (`user_id`,`symbol`,`transaction_date`);--> statement-breakpoint
CREATE TABLE `stored_market_movers` (
	`id` integer PRIMARY KEY NOT NULL,
	`movers` text NOT NULL,
	`stored_at` integer NOT NULL,
	`stored_by` integer,
	FOREIGN KEY (`stored_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
) STRICT;
