CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` integer,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
) STRICT;
--> statement-breakpoint
CREATE TABLE `sso_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`issuer` text NOT NULL,
	`subject` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE UNIQUE INDEX `sso_identities_issuer_subject_idx` ON `sso_identities` (`issuer`,`subject`);--> statement-breakpoint
CREATE INDEX `sso_identities_user_id_idx` ON `sso_identities` (`user_id`);--> statement-breakpoint
CREATE TABLE `sso_sign_ins` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`code_verifier` text,
	`nonce` text,
	`user_id` integer,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) STRICT;
--> statement-breakpoint
CREATE INDEX `sso_sign_ins_expires_at_idx` ON `sso_sign_ins` (`expires_at`);