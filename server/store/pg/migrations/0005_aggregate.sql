-- The aggregate query's date buckets (server/store/pg/sql-aggregate.ts), as dateBucket in
-- core/query/aggregate.ts: a string starting YYYY-MM-DD (years 1000–9999, a real day) → its day,
-- the Monday of its ISO week, or its month, as text; NULL for anything else. Every check comes
-- before a cast (CASE keeps that order, inlined too), so no stored value makes a statement fail.
CREATE OR REPLACE FUNCTION query_days_in(y integer, m integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN m = 2 THEN CASE WHEN (y % 4 = 0 AND y % 100 <> 0) OR y % 400 = 0 THEN 29 ELSE 28 END
  WHEN m IN (4, 6, 9, 11) THEN 30
  ELSE 31
END;

CREATE OR REPLACE FUNCTION query_date_bucket(t text, bucket text, y integer, m integer, d integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN y < 1000 OR m < 1 OR m > 12 OR d < 1 OR d > query_days_in(y, m) THEN NULL
  WHEN bucket = 'day' THEN substr(t, 1, 10)
  WHEN bucket = 'month' THEN substr(t, 1, 7)
  ELSE to_char(make_date(y, m, d) - (extract(isodow FROM make_date(y, m, d))::integer - 1), 'YYYY-MM-DD')
END;

CREATE OR REPLACE FUNCTION query_bucket(v jsonb, bucket text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE
  WHEN jsonb_typeof(v) = 'string' AND (v #>> '{}') ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}' THEN
    query_date_bucket(
      v #>> '{}',
      bucket,
      substr(v #>> '{}', 1, 4)::integer,
      substr(v #>> '{}', 6, 2)::integer,
      substr(v #>> '{}', 9, 2)::integer
    )
END;
