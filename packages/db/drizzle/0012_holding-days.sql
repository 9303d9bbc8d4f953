-- The snapshots are rebuilt from the trades with the new growth factors (issue 15): a user's first
-- read after this migration recomputes them, as it did when they were introduced.
DELETE FROM `holding_snapshots`;
--> statement-breakpoint
DELETE FROM `portfolio_snapshot_states`;
--> statement-breakpoint
DROP TABLE `portfolio_days`;
--> statement-breakpoint
CREATE TABLE `portfolio_days` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`stock_value` text NOT NULL,
	`crypto_value` text NOT NULL,
	`cost_basis` text NOT NULL,
	`flow` text NOT NULL,
	`realized` text NOT NULL,
	`growth` text NOT NULL,
	PRIMARY KEY(`user_id`, `day`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE TABLE `holding_days` (
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`asset_type` text NOT NULL,
	`symbol` text NOT NULL,
	`value` text NOT NULL,
	`cost_basis` text NOT NULL,
	`flow` text NOT NULL,
	`realized` text NOT NULL,
	`growth` text NOT NULL,
	PRIMARY KEY(`user_id`, `day`, `asset_type`, `symbol`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT, WITHOUT ROWID;
