-- The scored transactions' partition keeps the indexes its screens use (tm-records.ts,
-- TRANSACTION_FIELDS.indexed): the sort indexes of the list's sortable columns, their trigram
-- search, scoredAt's range, and the GIN index every equality filter goes through. It also had a sort
-- index per matching key (organization, merchant, card, address, device, e-mail, currency, masked
-- card, direction), each updated by every insert at the ingest's rate and read by no screen: those go.
-- Names as sql-query.ts's indexName makes them.
DO $$
DECLARE
  kind text;
  field text;
BEGIN
  FOR kind, field IN
    SELECT 'asc', f FROM unnest(ARRAY['organizationId', 'merchantId', 'currency', 'maskedPan', 'cardHash', 'ip',
      'deviceId', 'email', 'direction']) AS f
    UNION ALL
    SELECT 'desc', 'direction'
  LOOP
    EXECUTE format('DROP INDEX IF EXISTS %I', 'records_q_' || left(encode(sha256(
      convert_to('tmTransactions', 'UTF8') || '\x00'::bytea || convert_to(kind, 'UTF8') || '\x00'::bytea
      || convert_to(field, 'UTF8')), 'hex'), 40));
  END LOOP;
END
$$;
