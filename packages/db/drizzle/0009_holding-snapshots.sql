CREATE TABLE `holding_snapshots` (
	`user_id` integer NOT NULL,
	`asset_type` text NOT NULL,
	`symbol` text NOT NULL,
	`day` text NOT NULL,
	`until` text NOT NULL,
	`quantity` text NOT NULL,
	`average_price` text NOT NULL,
	`last_price` text,
	`realized` text NOT NULL,
	PRIMARY KEY(`user_id`, `asset_type`, `symbol`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE INDEX `holding_snapshots_user_until_idx` ON `holding_snapshots` (`user_id`,`until`);--> statement-breakpoint
CREATE TABLE `portfolio_days` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`stock_value` text NOT NULL,
	`crypto_value` text NOT NULL,
	`cost_basis` text NOT NULL,
	`flow` text NOT NULL,
	`realized` text NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE TABLE `portfolio_snapshot_states` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`stale_from` text,
	`valued_through` text,
	`first_day` text,
	`version` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
