-- Issue 32: an account's cost-basis method (accounts already there keep average) and a sell's named lots.
ALTER TABLE `investment_accounts` ADD `cost_basis_method` text DEFAULT 'average' NOT NULL;--> statement-breakpoint
ALTER TABLE `transactions` ADD `lot_selections` text;