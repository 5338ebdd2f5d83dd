-- SMS and WhatsApp beside in-app notices and email. A person's phone is verified once with a code;
-- they may then agree to messages on each channel (the wording they saw is kept, with when, how
-- and who recorded it) and withdraw at any time. Every message to a phone is a row of one outbox,
-- at most one per person, notice and channel whatever retries and fallbacks do; a school's
-- settings choose the channels of each kind of notice, quiet hours and a monthly budget per channel,
-- and what each month has spent is counted where the budget is checked.
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
-- A confirmed phone in its international form (234 and the 10-digit national number), however the
-- profile writes it: confirmation accepts only numbers whose last ten digits are that number.
CREATE FUNCTION "phone_international"("p_phone" text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '234' || right(regexp_replace(p_phone, '\D', '', 'g'), 10)
$$;
--> statement-breakpoint
-- A phone that changes is no longer confirmed, and what was agreed at the old number ends, on
-- every path that changes it (the profile, an administrator's edit, an import), unless the same
-- statement confirms the new one.
CREATE FUNCTION "phone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone IS DISTINCT FROM OLD.phone AND NEW.phone_verified_at IS NOT DISTINCT FROM OLD.phone_verified_at THEN
    NEW.phone_verified_at := NULL;
    UPDATE message_consents SET withdrawn_at = now(), withdrawn_how = 'phone_changed'
    WHERE user_id = NEW.id AND withdrawn_at IS NULL;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TABLE "phone_verifications" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "message_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"phone" text NOT NULL,
	"wording" text NOT NULL,
	"method" text NOT NULL,
	"recorded_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"opted_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_how" text,
	CONSTRAINT "message_consents_channel" CHECK ("channel" IN ('sms', 'whatsapp')),
	CONSTRAINT "message_consents_method" CHECK ("method" IN ('web', 'in_person', 'paper')),
	CONSTRAINT "message_consents_withdrawn_how" CHECK ("withdrawn_how" IN ('web', 'reply', 'staff', 'phone_changed', 'erased'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "message_consents_live_uq" ON "message_consents" USING btree ("user_id", "channel") WHERE "withdrawn_at" IS NULL;--> statement-breakpoint
CREATE INDEX "message_consents_phone_idx" ON "message_consents" USING btree ("phone") WHERE "withdrawn_at" IS NULL;--> statement-breakpoint
CREATE TRIGGER "users_phone_changed" BEFORE UPDATE OF "phone" ON "users" FOR EACH ROW EXECUTE FUNCTION "phone_changed"();--> statement-breakpoint
CREATE TABLE "school_messaging_settings" (
	"school_id" uuid PRIMARY KEY NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"settings" jsonb NOT NULL,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE TABLE "message_spend" (
	"school_id" uuid NOT NULL REFERENCES "schools"("id") ON DELETE cascade,
	"channel" text NOT NULL,
	"month" text NOT NULL,
	"spent_kobo" bigint DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("school_id", "channel", "month")
);--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"school_id" uuid REFERENCES "schools"("id") ON DELETE cascade,
	"user_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"notice_key" text NOT NULL,
	"to_phone" text NOT NULL,
	"body" text NOT NULL,
	"template" jsonb,
	"fallback_body" text,
	"link_token" text,
	"payment_id" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"status_reason" text,
	"error_code" text,
	"provider" text,
	"provider_message_id" text,
	"pages" integer,
	"estimated_cost_kobo" bigint DEFAULT 0 NOT NULL,
	"cost_kobo" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_channel" CHECK ("channel" IN ('sms', 'whatsapp')),
	CONSTRAINT "message_outbox_status" CHECK ("status" IN ('queued', 'held', 'sending', 'interrupted', 'sent', 'delivered', 'read', 'failed', 'skipped'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_once_uq" ON "message_outbox" USING btree ("user_id", "notice_key", "channel");--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "status" IN ('queued', 'held', 'sending', 'interrupted');--> statement-breakpoint
CREATE INDEX "message_outbox_interrupted_idx" ON "message_outbox" USING btree ("to_phone") WHERE "status" = 'interrupted';--> statement-breakpoint
CREATE UNIQUE INDEX "message_outbox_provider_uq" ON "message_outbox" USING btree ("provider", "provider_message_id") WHERE "provider_message_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "message_outbox_school_idx" ON "message_outbox" USING btree ("school_id", "created_at");--> statement-breakpoint
CREATE INDEX "message_outbox_link_idx" ON "message_outbox" USING btree ("link_token") WHERE "link_token" IS NOT NULL;--> statement-breakpoint
-- A provider's report that arrived before the sender wrote down the provider's id for the message
-- (the report can overtake the answer to the send): kept until the sender records the id.
CREATE TABLE "message_report_backlog" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"report" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "message_report_backlog_message_idx" ON "message_report_backlog" USING btree ("provider", "provider_message_id");--> statement-breakpoint
-- Phone messages composed with a notice, written with it: once per person, notice and channel.
CREATE FUNCTION "queue_messages"("p_messages" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO message_outbox (school_id, user_id, channel, kind, notice_key, to_phone, body, template, fallback_body,
    link_token, payment_id, status, pages, estimated_cost_kobo, next_attempt_at)
  SELECT "schoolId", "userId", channel, kind, "noticeKey", "toPhone", body, template, "fallbackBody", "linkToken",
    "paymentId", status, pages, "estimatedCostKobo", "nextAttemptAt"
  FROM jsonb_to_recordset(p_messages) AS m("schoolId" uuid, "userId" uuid, channel text, kind text, "noticeKey" text,
    "toPhone" text, body text, template jsonb, "fallbackBody" text, "linkToken" text, "paymentId" uuid, status text,
    pages integer, "estimatedCostKobo" bigint, "nextAttemptAt" timestamptz)
  ON CONFLICT ("user_id", "notice_key", "channel") DO NOTHING;
$$;
--> statement-breakpoint
-- As in migration 0027; `p_emails` is now the notices' whole outbox: the emails, and the phone
-- messages (the entries with a "channel"), so every path that writes notices (the ledger's
-- `take_at_once` among them, which puts the receipt number into both) writes their messages too.
CREATE OR REPLACE FUNCTION "deliver_notices"("p_notices" jsonb, "p_changes" jsonb, "p_emails" jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  pushes jsonb;
  emails jsonb;
  messages jsonb;
BEGIN
  WITH inserted AS (
    INSERT INTO notifications (id, user_id, school_id, kind, type, title, message, action_url, metadata, created_by)
    SELECT id, "userId", "schoolId", kind, type, title, message, "actionUrl", metadata, "createdBy"
    FROM jsonb_to_recordset(p_notices) AS n(id uuid, "userId" uuid, "schoolId" uuid, kind text, type text, title text,
      message text, "actionUrl" text, metadata jsonb, "createdBy" uuid)
    RETURNING id, seq, created_at
  )
  SELECT jsonb_agg(jsonb_set(jsonb_set(n.push, '{notification,seq}', to_jsonb(i.seq)), '{notification,timestamp}',
      to_jsonb(to_char(i.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))) ORDER BY i.seq)
  INTO pushes
  FROM inserted i JOIN jsonb_to_recordset(p_notices) AS n(id uuid, push jsonb) ON n.id = i.id;
  PERFORM pg_notify('notifications', value::text)
  FROM jsonb_array_elements(coalesce(pushes, '[]'::jsonb) || coalesce(p_changes, '[]'::jsonb));
  SELECT coalesce(jsonb_agg(e) FILTER (WHERE NOT e ? 'channel'), '[]'::jsonb),
    coalesce(jsonb_agg(e) FILTER (WHERE e ? 'channel'), '[]'::jsonb)
  INTO emails, messages
  FROM jsonb_array_elements(coalesce(p_emails, '[]'::jsonb)) e;
  PERFORM queue_emails(emails);
  IF jsonb_array_length(messages) > 0 THEN
    PERFORM queue_messages(messages);
  END IF;
END $$;
--> statement-breakpoint
-- A school group's own Termii and WhatsApp accounts: its messages go through them instead of the
-- server's. Secrets are encrypted with the server's key (lib/secrets.ts) and never read back out.
CREATE TABLE "messaging_accounts" (
	"group_school_id" uuid PRIMARY KEY NOT NULL REFERENCES "group_schools"("id") ON DELETE cascade,
	"termii_api_key_enc" text,
	"termii_secret_key_enc" text,
	"termii_sender_id" text,
	"whatsapp_token_enc" text,
	"whatsapp_phone_number_id" text,
	"whatsapp_app_secret_enc" text,
	"updated_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A person's choice per kind of notice for each phone channel, beside in-app and email: null is
-- "yes, if I agreed to the channel and my school sends this kind on it"; false turns it off.
ALTER TABLE "notification_preferences" ADD COLUMN "sms" boolean;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "whatsapp" boolean;
