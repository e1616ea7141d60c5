-- Transaction monitoring's history figures (velocity, the merchant's average) read from a narrow
-- table of their own instead of the scored transactions' partition: there each figure was an
-- aggregate whose plan took 1.5–3 ms (30 indexes, 16 statistics objects) and whose run rechecked
-- the organisation and key on every document of the window (each a few kilobytes with its trace),
-- so a transaction cost tens of milliseconds of the database and grew with the window.
-- One row per scored transaction and velocity key it holds (core/transaction-monitoring/operators.ts,
-- VELOCITY_KEYS), written by a trigger in the statement that stores the transaction, so every
-- writer (ingest, the demo seed, an import) keeps it; read by pg-store's historyTotals, one
-- statement for all the figures of a transaction. Scored transactions are never removed or
-- re-scored (a closed case only labels them), so only inserts are followed, as the embedded
-- store's windows do (server/services/tm-history.ts).
CREATE TABLE tm_history (
  organization_id text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  value text COLLATE "C" NOT NULL,
  -- scoredAt as stored (ISO text): compared as text, as the list contract's ranges compare it
  scored_at text COLLATE "C" NOT NULL,
  -- null where the amount is not a number (an aggregate's sum skips it)
  amount numeric
);
CREATE INDEX tm_history_figure ON tm_history (organization_id, key, value, scored_at) INCLUDE (amount);

-- The rows of one stored transaction document: its velocity keys that hold a string, not empty.
CREATE OR REPLACE FUNCTION tm_history_rows(data jsonb)
RETURNS TABLE (organization_id text, key text, value text, scored_at text, amount numeric)
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT data->>'organizationId', k.key, data->>k.key, data->>'scoredAt',
    CASE WHEN jsonb_typeof(data->'amount') = 'number' THEN (data->'amount')::numeric END
  FROM unnest(ARRAY['cardHash', 'ip', 'deviceId', 'merchantId', 'email']) AS k(key)
  WHERE jsonb_typeof(data->k.key) = 'string' AND data->>k.key <> ''
    AND jsonb_typeof(data->'organizationId') = 'string' AND jsonb_typeof(data->'scoredAt') = 'string'
$$;

CREATE OR REPLACE FUNCTION tm_history_insert() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO tm_history SELECT * FROM tm_history_rows(NEW.data);
  RETURN NULL;
END
$$;

-- on the partitioned table: every partition, the default one and those attached later, has it
CREATE TRIGGER tm_history_insert AFTER INSERT ON records
  FOR EACH ROW WHEN (NEW.collection = 'tmTransactions') EXECUTE FUNCTION tm_history_insert();

INSERT INTO tm_history
  SELECT h.* FROM records r CROSS JOIN LATERAL tm_history_rows(r.data) AS h WHERE r.collection = 'tmTransactions';
