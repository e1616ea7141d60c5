#!/usr/bin/env bash
# Benchmarks (not tests): each prints a ratio against a baseline measured in the same run.
set -uo pipefail
cd "$(dirname "$0")/.."
npx vite build --logLevel warn
status=0
npx tsx bench/config-service.ts || status=1
npx tsx bench/bundle-size.ts || status=1
npx tsx bench/sign-in.ts || status=1
npx tsx bench/list-endpoint.ts || status=1
npx tsx bench/list-screen.ts || status=1
npx tsx bench/questionnaire.ts || status=1
npx tsx bench/bulk-scan.ts || status=1
npx tsx bench/start-up.ts || status=1
npx tsx bench/tm-rules.ts || status=1
npx tsx bench/sanctions.ts || status=1
npx tsx bench/report-portfolio.ts || status=1
# PostgreSQL at 127.0.0.1:5432 (each creates and drops its own database); config-instances and tm-ingest also use Redis
npx tsx bench/pg-list-query.ts || status=1
npx tsx bench/writes.ts || status=1
npx tsx bench/config-instances.ts || status=1
npx tsx bench/tm-ingest.ts || status=1
npx tsx bench/tm-backtest.ts || status=1
exit $status
