-- `records` becomes a table partitioned by collection. A collection that declares queryable fields
-- (a resource, a fixed list) gets a partition of its own when it declares them (pg-store's
-- declareQueryable); every other collection stays in the default partition `records_rest`.
-- Why: the planner's statistics are per table. In one shared table it estimated a filter from a
-- sample of every collection's documents times the collection's share, off by up to 200×
-- between ANALYZE runs. A partition has statistics of its own; a list names its collection, so
-- the plan reads that partition alone.
-- The rows already stored stay where they are (now the default partition) until their collection
-- declares its fields; the per-collection partial indexes and the per-field statistics of the one
-- table are dropped, the partitions get their own.
ALTER TABLE records RENAME TO records_rest;
ALTER INDEX records_pkey RENAME TO records_rest_pkey;
ALTER INDEX records_collection_seq RENAME TO records_rest_collection_seq;

-- insertion order continues from the identity's last value: a partitioned table takes a plain
-- sequence default (identity columns on partitioned tables came only with PostgreSQL 17)
CREATE SEQUENCE records_seq AS bigint;
SELECT setval('records_seq', (SELECT coalesce(max(seq), 0) + 1 FROM records_rest), false);
ALTER TABLE records_rest ALTER COLUMN seq DROP IDENTITY;

CREATE TABLE records (
  collection text NOT NULL,
  id text COLLATE "C" NOT NULL,
  data jsonb NOT NULL,
  doc json,
  seq bigint NOT NULL DEFAULT nextval('records_seq'),
  PRIMARY KEY (collection, id)
) PARTITION BY LIST (collection);
ALTER SEQUENCE records_seq OWNED BY records.seq;
CREATE INDEX records_collection_seq ON records (collection, seq);
ALTER TABLE records ATTACH PARTITION records_rest DEFAULT;

DO $$
DECLARE
  name text;
BEGIN
  FOR name IN
    SELECT indexname FROM pg_indexes
    WHERE schemaname = current_schema() AND tablename = 'records_rest' AND indexname LIKE 'records\_q\_%'
  LOOP
    EXECUTE format('DROP INDEX %I', name);
  END LOOP;
  FOR name IN
    SELECT s.stxname FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace
    WHERE n.nspname = current_schema() AND s.stxname LIKE 'records\_s\_%'
  LOOP
    EXECUTE format('DROP STATISTICS %I', name);
  END LOOP;
END
$$;
