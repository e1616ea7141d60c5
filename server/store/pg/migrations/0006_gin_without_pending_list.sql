-- The GIN indexes of the collections' partitions keep no pending list (sql-query.ts, GIN_OPTIONS):
-- an eq filter searched every pending entry, and the planner, pricing the index with its pending
-- pages, read a busy partition whole instead. Indexes made from now on are created so; those made
-- before are changed here and their pending entries moved into the index.
DO $$
DECLARE
  index_name text;
BEGIN
  FOR index_name IN
    SELECT i.indexrelid::regclass::text
    FROM pg_index i
    JOIN pg_class c ON c.oid = i.indexrelid
    JOIN pg_am am ON am.oid = c.relam
    JOIN pg_inherits h ON h.inhrelid = i.indrelid
    WHERE am.amname = 'gin' AND h.inhparent = 'records'::regclass AND c.relname LIKE 'records\_q\_%'
  LOOP
    EXECUTE format('ALTER INDEX %s SET (fastupdate = off)', index_name);
    PERFORM gin_clean_pending_list(index_name::regclass);
  END LOOP;
END
$$;
