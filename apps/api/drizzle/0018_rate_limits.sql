-- UNLOGGED: one upsert per API request writes no WAL, and counts lost in a crash cost nothing.
-- Expired windows are deleted by the hourly system-logs prune job; no index, so every count
-- is a heap-only update.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
