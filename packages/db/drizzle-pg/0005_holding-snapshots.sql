CREATE TABLE "holding_snapshots" (
	"user_id" integer NOT NULL,
	"asset_type" text NOT NULL,
	"symbol" text NOT NULL,
	"day" text NOT NULL,
	"until" text NOT NULL,
	"quantity" numeric NOT NULL,
	"average_price" numeric NOT NULL,
	"last_price" numeric,
	"realized" numeric NOT NULL,
	CONSTRAINT "holding_snapshots_user_id_asset_type_symbol_day_pk" PRIMARY KEY("user_id","asset_type","symbol","day")
);
--> statement-breakpoint
CREATE TABLE "portfolio_days" (
	"user_id" integer NOT NULL,
	"day" text NOT NULL,
	"stock_value" numeric NOT NULL,
	"crypto_value" numeric NOT NULL,
	"cost_basis" numeric NOT NULL,
	"flow" numeric NOT NULL,
	"realized" numeric NOT NULL,
	CONSTRAINT "portfolio_days_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "portfolio_snapshot_states" (
	"user_id" integer NOT NULL,
	"stale_from" text,
	"valued_through" text,
	"first_day" text,
	"version" integer NOT NULL,
	CONSTRAINT "portfolio_snapshot_states_user_id_pk" PRIMARY KEY("user_id")
);
--> statement-breakpoint
ALTER TABLE "holding_snapshots" ADD CONSTRAINT "holding_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_days" ADD CONSTRAINT "portfolio_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portfolio_snapshot_states" ADD CONSTRAINT "portfolio_snapshot_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holding_snapshots_user_until_idx" ON "holding_snapshots" USING btree ("user_id","until");