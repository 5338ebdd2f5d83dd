CREATE TABLE "audit_chain_heads" (
	"chain" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_school_id" uuid,
	"school_id" uuid,
	"section" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"trigger" text NOT NULL,
	"file_name" text,
	"size_bytes" bigint,
	"sha256" text,
	"driver" text NOT NULL,
	"error" text,
	"requested_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"pruned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"context" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_actor_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "category" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "severity" text DEFAULT 'low' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "chain" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "hash" text;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_group_school_id_group_schools_id_fk" FOREIGN KEY ("group_school_id") REFERENCES "public"."group_schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_level_section_idx" ON "settings" USING btree (coalesce("group_school_id", '00000000-0000-0000-0000-000000000000'),coalesce("school_id", '00000000-0000-0000-0000-000000000000'),"section");--> statement-breakpoint
CREATE INDEX "backups_started_idx" ON "backups" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "system_logs_created_idx" ON "system_logs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_logs_chain_seq_idx" ON "audit_logs" USING btree ("chain","seq");--> statement-breakpoint
CREATE INDEX "audit_logs_actor_idx" ON "audit_logs" USING btree ("actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at");--> statement-breakpoint
UPDATE "audit_logs" SET "category" = CASE
	WHEN "entity" IN ('payment', 'fee', 'refund', 'payment_dispute', 'payment_profile', 'receipt') THEN 'financial'
	WHEN "action" LIKE 'password%' OR "entity" IN ('email_settings') THEN 'security'
	ELSE 'user' END,
	"severity" = CASE
	WHEN "action" = 'payment.refund' THEN 'critical'
	WHEN "action" IN ('delete', 'payment.reject_transfer', 'payment.refund.failed', 'payment.dispute.open', 'password_reset', 'password_changed') THEN 'high'
	WHEN "entity" IN ('payment', 'fee', 'refund', 'payment_dispute', 'payment_profile', 'receipt', 'email_settings') OR "action" LIKE 'password%' THEN 'medium'
	ELSE 'low' END;
--> statement-breakpoint
-- The content of a row that its hash covers, as canonical jsonb text (keys and numbers print the
-- same in every session; the time as epoch seconds, so no time zone setting changes it).
CREATE FUNCTION "audit_row_hash"(r "audit_logs") RETURNS text LANGUAGE sql STABLE AS $$
	SELECT encode(sha256(convert_to(jsonb_build_array(
		r.prev_hash, r.chain, r.seq, r.id, r.school_id, r.actor_id, r.action, r.entity, r.entity_id,
		r.category, r.severity, r.before, r.after, host(r.ip), r.user_agent, extract(epoch from r.created_at)
	)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Each row links to the last of its school's chain. The head row is locked until the inserting
-- transaction ends, so two appends to one chain cannot take the same place.
CREATE FUNCTION "audit_logs_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	head "audit_chain_heads"%ROWTYPE;
BEGIN
	NEW.chain := coalesce(NEW.school_id::text, 'platform');
	INSERT INTO "audit_chain_heads" ("chain", "seq", "hash") VALUES (NEW.chain, 0, repeat('0', 64))
		ON CONFLICT ("chain") DO NOTHING;
	SELECT * INTO head FROM "audit_chain_heads" WHERE "chain" = NEW.chain FOR UPDATE;
	NEW.seq := head.seq + 1;
	NEW.prev_hash := head.hash;
	NEW.hash := "audit_row_hash"(NEW);
	UPDATE "audit_chain_heads" SET "seq" = NEW.seq, "hash" = NEW.hash, "updated_at" = now() WHERE "chain" = NEW.chain;
	RETURN NEW;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
	r record;
	head "audit_chain_heads"%ROWTYPE;
	linked "audit_logs"%ROWTYPE;
BEGIN
	FOR r IN SELECT "id", coalesce("school_id"::text, 'platform') AS chain FROM "audit_logs" ORDER BY "created_at", "id" LOOP
		INSERT INTO "audit_chain_heads" ("chain", "seq", "hash") VALUES (r.chain, 0, repeat('0', 64))
			ON CONFLICT ("chain") DO NOTHING;
		SELECT * INTO head FROM "audit_chain_heads" WHERE "chain" = r.chain;
		UPDATE "audit_logs" SET "chain" = r.chain, "seq" = head.seq + 1, "prev_hash" = head.hash
			WHERE "id" = r.id RETURNING * INTO linked;
		linked.hash := "audit_row_hash"(linked);
		UPDATE "audit_logs" SET "hash" = linked.hash WHERE "id" = r.id;
		UPDATE "audit_chain_heads" SET "seq" = linked.seq, "hash" = linked.hash, "updated_at" = now() WHERE "chain" = r.chain;
	END LOOP;
END
$$;
--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "chain" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "prev_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_logs" ALTER COLUMN "hash" SET NOT NULL;--> statement-breakpoint
CREATE TRIGGER "audit_logs_chain" BEFORE INSERT ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_chain"();
--> statement-breakpoint
CREATE FUNCTION "audit_logs_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit_logs is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END
$$;
--> statement-breakpoint
-- Append-only for the app's role, whatever its privileges: rows are never changed or removed.
CREATE TRIGGER "audit_logs_append_only" BEFORE UPDATE OR DELETE ON "audit_logs" FOR EACH ROW EXECUTE FUNCTION "audit_logs_refuse_change"();
--> statement-breakpoint
-- A head only ever moves one link forward: rewinding it to hide rows taken from the end of a
-- chain, or removing it, is refused like any change to the rows themselves.
CREATE FUNCTION "audit_chain_heads_forward_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR NEW.seq <> OLD.seq + 1 OR NEW.chain <> OLD.chain THEN
		RAISE EXCEPTION 'audit_chain_heads only moves forward: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
	END IF;
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_chain_heads_forward_only" BEFORE UPDATE OR DELETE ON "audit_chain_heads" FOR EACH ROW EXECUTE FUNCTION "audit_chain_heads_forward_only"();
