-- The scored transactions' partition keeps only the indexes its large reads use (tm-records.ts,
-- TRANSACTION_FIELDS.indexed: scoredAt's sort and range indexes, and the GIN index every equality
-- filter goes through). It had a sort index per filterable and sortable field and a trigram index per
-- searchable one, each updated by every insert at the ingest's rate: with them a transaction's insert
-- cost about 1.2 ms of the database's CPU, without them about 0.5. The others sort, range-filter and
-- search by reading the rows the other conditions leave. Names as sql-query.ts's indexName makes them.
DO $$
DECLARE
  kind text;
  field text;
BEGIN
  FOR kind, field IN
    SELECT 'asc', f FROM unnest(ARRAY['organizationId', 'decision', 'merchantId', 'merchantName', 'country',
      'currency', 'maskedPan', 'transactionId', 'amount', 'score', 'cardHash', 'ip', 'deviceId', 'email',
      'direction']) AS f
    UNION ALL
    SELECT 'desc', f FROM unnest(ARRAY['amount', 'score', 'decision', 'merchantName', 'country', 'transactionId',
      'direction']) AS f
    UNION ALL
    SELECT 'trgm', f FROM unnest(ARRAY['merchantName', 'transactionId']) AS f
  LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I', 'records_q_' || left(encode(sha256(
      convert_to('tmTransactions', 'UTF8') || '\x00'::bytea || convert_to(kind, 'UTF8') || '\x00'::bytea
      || convert_to(field, 'UTF8')), 'hex'), 40));
  END LOOP;
END
$$;
