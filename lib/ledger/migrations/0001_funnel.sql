CREATE TABLE "funnel_orders" (
	"external_id" text PRIMARY KEY NOT NULL,
	"first_quoted_at" timestamp with time zone NOT NULL,
	"pair" text NOT NULL,
	"locale" text NOT NULL,
	"origin" text NOT NULL,
	"last_expires_at" timestamp with time zone NOT NULL,
	"address_checked" boolean DEFAULT false NOT NULL,
	"address_invalid" boolean DEFAULT false NOT NULL,
	"quote_expired" boolean DEFAULT false NOT NULL,
	"quote_taken" boolean DEFAULT false NOT NULL,
	"refused_by_limit" boolean DEFAULT false NOT NULL,
	"abandoned_announced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "funnel_quotes" (
	"quote_id" text PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"receive" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "funnel_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"kind" text NOT NULL,
	"asset" text,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "funnel_orders_first_quoted_idx" ON "funnel_orders" USING btree ("first_quoted_at");--> statement-breakpoint
CREATE INDEX "funnel_orders_unannounced_idx" ON "funnel_orders" USING btree ("last_expires_at") WHERE "funnel_orders"."abandoned_announced_at" is null;--> statement-breakpoint
CREATE INDEX "funnel_quotes_order_idx" ON "funnel_quotes" USING btree ("external_id","quoted_at");--> statement-breakpoint
CREATE INDEX "funnel_steps_order_idx" ON "funnel_steps" USING btree ("external_id","kind");