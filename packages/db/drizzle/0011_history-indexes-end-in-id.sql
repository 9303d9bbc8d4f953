DROP INDEX `transactions_user_date_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_symbol_date_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_quantity_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_symbol_quantity_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_price_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_symbol_price_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_total_idx`;--> statement-breakpoint
DROP INDEX `transactions_user_symbol_total_idx`;--> statement-breakpoint
CREATE INDEX `transactions_user_date_idx` ON `transactions` (`user_id`,`transaction_date`,`type`,`transaction_type`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_date_idx` ON `transactions` (`user_id`,`symbol`,`transaction_date`,`type`,`transaction_type`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_quantity_idx` ON `transactions` (`user_id`,`quantity`,`transaction_date`,`type`,`transaction_type`,`symbol`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_quantity_idx` ON `transactions` (`user_id`,`symbol`,`quantity`,`transaction_date`,`type`,`transaction_type`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_price_idx` ON `transactions` (`user_id`,`price`,`transaction_date`,`type`,`transaction_type`,`symbol`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_price_idx` ON `transactions` (`user_id`,`symbol`,`price`,`transaction_date`,`type`,`transaction_type`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_total_idx` ON `transactions` (`user_id`,`total`,`transaction_date`,`type`,`transaction_type`,`symbol`,`id`);--> statement-breakpoint
CREATE INDEX `transactions_user_symbol_total_idx` ON `transactions` (`user_id`,`symbol`,`total`,`transaction_date`,`type`,`transaction_type`,`id`);