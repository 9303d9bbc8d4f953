CREATE TABLE `classification_overrides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`asset_type` text NOT NULL,
	`symbol` text NOT NULL,
	`override` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `classification_overrides_user_symbol_idx` ON `classification_overrides` (`user_id`,`asset_type`,`symbol`);