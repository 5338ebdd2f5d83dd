-- Notices' emails join their SMS and WhatsApp messages in the one outbox: a row per person,
-- notice and channel, sent by the channel's adapter (email through the group's SMTP server or
-- the server's). The address column now holds a phone number (234…) or an email address.
ALTER TABLE "message_outbox" RENAME COLUMN "to_phone" TO "to_address";--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_channel";--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_channel" CHECK ("channel" IN ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "email_template_id" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_email_subject" CHECK (("channel" = 'email') = ("subject" IS NOT NULL));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "queue_messages"("p_messages" jsonb) RETURNS void LANGUAGE sql AS $$
  INSERT INTO message_outbox (school_id, user_id, channel, kind, notice_key, to_address, body, subject, html,
    email_template_id, template, fallback_body, link_token, payment_id, status, pages, estimated_cost_kobo,
    next_attempt_at)
  SELECT "schoolId", "userId", channel, kind, "noticeKey", "toAddress", body, subject, html, "emailTemplateId",
    template, "fallbackBody", "linkToken", "paymentId", status, pages, "estimatedCostKobo", "nextAttemptAt"
  FROM jsonb_to_recordset(p_messages) AS m("schoolId" uuid, "userId" uuid, channel text, kind text, "noticeKey" text,
    "toAddress" text, body text, subject text, html text, "emailTemplateId" text, template jsonb, "fallbackBody" text,
    "linkToken" text, "paymentId" uuid, status text, pages integer, "estimatedCostKobo" bigint,
    "nextAttemptAt" timestamptz)
  ON CONFLICT ("user_id", "notice_key", "channel") DO NOTHING;
$$;
