-- Trigram indexes make "contains" searches over names, emails and registration numbers fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
