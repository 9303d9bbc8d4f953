-- The snapshots are rebuilt from the trades with the new growth factors (issue 15): a user's first
-- read after this migration recomputes them, as it did when they were introduced.
DELETE FROM "holding_snapshots";--> statement-breakpoint
DELETE FROM "portfolio_snapshot_states";--> statement-breakpoint
DELETE FROM "portfolio_days";--> statement-breakpoint
CREATE TABLE "holding_days" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"asset_type" text NOT NULL,
	"symbol" text NOT NULL,
	"value" numeric NOT NULL,
	"cost_basis" numeric NOT NULL,
	"flow" numeric NOT NULL,
	"realized" numeric NOT NULL,
	"growth" numeric NOT NULL,
	CONSTRAINT "holding_days_user_id_day_asset_type_symbol_pk" PRIMARY KEY("user_id","day","asset_type","symbol")
);
--> statement-breakpoint
ALTER TABLE "portfolio_days" ADD COLUMN "growth" numeric NOT NULL;--> statement-breakpoint
ALTER TABLE "holding_days" ADD CONSTRAINT "holding_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;