#!/usr/bin/env bash
# Every test: types and lint, unit and integration (Vitest; PGlite, plus PostgreSQL when TEST_DATABASE_URL is
# set), then the production build fuzzed (tests/fuzz) and driven in Chromium (Playwright). Fails
# if any suite fails or if the browser tests did not run.
set -euo pipefail
cd "$(dirname "$0")/.."

rm -rf .tmp reports
mkdir -p .tmp reports

# Types, lint and the layer graph first: quick, and a failure there is cheaper to read than in a browser test.
npx react-router typegen
npx tsc
npx biome check .
npm run --silent lint:layers

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "Integration tests run on PGlite and on PostgreSQL at TEST_DATABASE_URL"
else
  echo "Integration tests run on PGlite (set TEST_DATABASE_URL to add a PostgreSQL server)"
fi
npx vitest run

npx react-router build

# A bounded fuzz run (two to three minutes, the 2,000 mails included). The browser tests run even if it fails; the script
# still fails at the end.
fuzz_status=0
FUZZ_RUNS="${FUZZ_RUNS:-25}" npx tsx tests/fuzz/run.ts || fuzz_status=$?

npx playwright test

node scripts/check-e2e-ran.mjs reports/e2e-results.json

if [ "$fuzz_status" -ne 0 ]; then
  echo "The fuzz suite failed (its report is above the browser tests)"
  exit "$fuzz_status"
fi
