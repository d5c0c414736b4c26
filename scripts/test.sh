#!/usr/bin/env bash
# `npm test`: every test, in phases. Types, lint and the layer graph; unit and integration tests
# (Vitest; PGlite, plus PostgreSQL when TEST_DATABASE_URL is set); then one production build that
# the fuzz suite, the browser tests (Playwright), the fleet suite and the edge suite all use.
# Each phase's whole output is kept in reports/<phase>.log; the run ends with a table of each
# phase's seconds and test count and the name of every failing test (scripts/test-summary.mjs).
# Fails if any phase fails or if the browser tests did not all run.
set -uo pipefail
cd "$(dirname "$0")/.."

rm -rf .tmp reports
mkdir -p .tmp reports
: >reports/phases.tsv

failed=0
# phase NAME COMMAND...: runs the command, its output shown and kept, its time and status recorded.
phase() {
  local name=$1
  shift
  local started=$SECONDS
  echo
  echo "=== $name"
  "$@" 2>&1 | tee "reports/$name.log"
  local status=${PIPESTATUS[0]}
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - started))" "$status" >>reports/phases.tsv
  if [ "$status" -ne 0 ]; then failed=1; fi
  return "$status"
}
summary() {
  node scripts/test-summary.mjs
}

# Quick checks first: a failure there is cheaper to read than in a browser test, and stops the run.
if ! { phase types bash -c "npx react-router typegen && npx tsc" &&
  phase lint npx biome check . &&
  phase layers npm run --silent lint:layers; }; then
  summary
  exit 1
fi

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "Integration tests run on PGlite and on PostgreSQL at TEST_DATABASE_URL"
else
  echo "Integration tests run on PGlite (set TEST_DATABASE_URL to add a PostgreSQL server)"
fi
phase vitest npx vitest run --reporter=default --reporter=json --outputFile.json=reports/vitest.json

if ! phase build npx react-router build; then
  summary
  exit 1
fi

# From here every suite runs even if one before it failed, so one run names every failure.
# A bounded fuzz run: 15 generated requests per target (a new seed each run) and the 2,000 mails.
phase fuzz env FUZZ_RUNS="${FUZZ_RUNS:-15}" npx tsx tests/fuzz/run.ts
# shellcheck disable=SC2016 # expanded by the inner shell
phase browser bash -c 'npx playwright test; played=$?
  node scripts/check-e2e-ran.mjs reports/e2e-results.json || exit 1
  exit "$played"'
phase fleet npx tsx tests/fleet/run.ts
phase edge npx tsx tests/edge/run.ts

summary
exit "$failed"
