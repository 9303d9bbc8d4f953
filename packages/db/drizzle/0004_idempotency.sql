CREATE TABLE `idempotency_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`key` text NOT NULL,
	`fingerprint` text NOT NULL,
	`state` text NOT NULL,
	`locked_until` integer,
	`response_status` integer,
	`response_body` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `idempotency_keys_user_key_idx` ON `idempotency_keys` (`user_id`,`key`);--> statement-breakpoint
CREATE INDEX `idempotency_keys_created_at_idx` ON `idempotency_keys` (`created_at`);--> statement-breakpoint
ALTER TABLE `transactions` ADD `request_key` text;--> statement-breakpoint
CREATE INDEX `transactions_user_request_key_idx` ON `transactions` (`user_id`,`request_key`) WHERE "transactions"."request_key" IS NOT NULL;