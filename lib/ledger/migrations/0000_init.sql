CREATE TABLE "swap_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"swap_id" text NOT NULL,
	"status" text NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "swaps" (
	"id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"external_id" text,
	"customer_id" text,
	"deposit_address" text NOT NULL,
	"payout_address" text NOT NULL,
	"reward_amount_usdc" numeric(40, 18),
	"reward_status" text,
	"listed" boolean DEFAULT false NOT NULL,
	"item" jsonb NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_sync_state" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"swap_id" text NOT NULL,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"last_response" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "swap_status_history" ADD CONSTRAINT "swap_status_history_swap_id_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."swaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swap_status_history_swap_idx" ON "swap_status_history" USING btree ("swap_id","seen_at");--> statement-breakpoint
CREATE INDEX "swaps_created_at_idx" ON "swaps" USING btree ("created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "swaps_status_created_at_idx" ON "swaps" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "swaps_external_id_idx" ON "swaps" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "swaps_customer_id_idx" ON "swaps" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "swaps_deposit_address_idx" ON "swaps" USING btree (lower("deposit_address"));--> statement-breakpoint
CREATE INDEX "swaps_payout_address_idx" ON "swaps" USING btree (lower("payout_address"));--> statement-breakpoint
CREATE INDEX "swaps_reward_open_idx" ON "swaps" USING btree ("created_at") WHERE "swaps"."status" = 'completed' and "swaps"."reward_status" is distinct from 'claimed';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("created_at" DESC NULLS LAST);