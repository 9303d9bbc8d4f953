CREATE TABLE `drift_alerts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`by` text NOT NULL,
	`points` text NOT NULL,
	`repeat` text NOT NULL,
	`state` text NOT NULL,
	`triggered_at` integer,
	`triggered_drift` text,
	`last_mailed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `drift_alerts_user_by_idx` ON `drift_alerts` (`user_id`,`by`);