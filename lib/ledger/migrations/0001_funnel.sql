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
	"swap_id" text,
	"swap_created_at" timestamp with time zone,
	"swap_status" text,
	"deposit_seen" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
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
CREATE INDEX "funnel_steps_order_idx" ON "funnel_steps" USING btree ("external_id","kind");--> statement-breakpoint
-- Hand-written: an order follows its latest swap (by creation, then id) as the ledger records it,
-- so that the funnel's read is one pass over funnel_orders. A failed swap keeps the deposit it
-- was seen with.
CREATE FUNCTION "funnel_follow_swap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.external_id IS NULL THEN
    RETURN NEW;
  END IF;
  UPDATE funnel_orders o SET
    swap_id = NEW.id,
    swap_created_at = NEW.created_at,
    swap_status = NEW.status,
    deposit_seen = NEW.status IN ('deposit_detected', 'underpaid', 'processing', 'completed', 'refunded')
      OR (NEW.status = 'failed' AND o.swap_id = NEW.id AND o.deposit_seen),
    completed_at = CASE WHEN NEW.status = 'completed' THEN NEW.updated_at END
  WHERE o.external_id = NEW.external_id
    AND (o.swap_id IS NULL OR o.swap_id = NEW.id OR NEW.created_at > o.swap_created_at
      OR (NEW.created_at = o.swap_created_at AND NEW.id > o.swap_id));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "funnel_follow_swap" AFTER INSERT OR UPDATE OF status, updated_at, external_id ON "swaps"
  FOR EACH ROW EXECUTE FUNCTION "funnel_follow_swap"();
