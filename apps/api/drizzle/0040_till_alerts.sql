-- When each till's one-off alerts went out: a till still open the morning after it was opened (to
-- its bursar and the principals) and a confirmed till not banked within the school's days (to the
-- proprietors). The job that sends them claims the column in the transaction that writes the
-- notices, so however often or in however many processes it runs, each alert goes out once.
ALTER TABLE "till_sessions" ADD COLUMN "left_open_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "till_sessions" ADD COLUMN "not_banked_alerted_at" timestamp with time zone;
