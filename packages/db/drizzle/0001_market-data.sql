CREATE TABLE `market_bar_coverage` (
	`source` text NOT NULL,
	`symbol` text NOT NULL,
	`from_date` text NOT NULL,
	`to_date` text NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`source`, `symbol`)
) STRICT;
--> statement-breakpoint
CREATE TABLE `market_company_details` (
	`source` text NOT NULL,
	`symbol` text NOT NULL,
	`details` text NOT NULL,
	`fetched_at` integer NOT NULL,
	PRIMARY KEY(`source`, `symbol`)
) STRICT;
--> statement-breakpoint
CREATE TABLE `market_daily_bars` (
	`source` text NOT NULL,
	`symbol` text NOT NULL,
	`date` text NOT NULL,
	`starts_at` integer NOT NULL,
	`open` text NOT NULL,
	`high` text NOT NULL,
	`low` text NOT NULL,
	`close` text NOT NULL,
	`volume` real NOT NULL,
	PRIMARY KEY(`source`, `symbol`, `date`)
) STRICT;
