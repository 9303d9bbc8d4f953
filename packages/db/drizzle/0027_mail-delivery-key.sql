ALTER TABLE `mail_outbox` ADD `delivery_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_delivery_key_idx` ON `mail_outbox` (`delivery_key`);