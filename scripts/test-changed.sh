#!/usr/bin/env bash
# `npm run test:changed [BASE]`: the quick loop for the work in hand (changes since BASE, default
# HEAD, uncommitted ones included). Types, lint and the layer graph; the unit and integration
# tests that the change touches (Vitest's --changed, on PGlite); then, if the change touches a
# screen, the build and that screen's browser specs at desktop width (scripts/changed-specs.mjs).
# It is not the gate: `npm test` runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."
base="${1:-HEAD}"
mkdir -p .tmp

npx react-router typegen
npx tsc
npx biome check .
npm run --silent lint:layers

npx vitest run --project unit --project integration-pglite --changed "$base" --passWithNoTests

mapfile -t specs < <(node scripts/changed-specs.mjs "$base")
if [ "${#specs[@]}" -eq 0 ]; then
  echo "No browser spec names a changed screen (npx playwright test runs them all)."
  exit 0
fi
echo "Browser specs of the changed screens: ${specs[*]}"
npx react-router build
# The phone and portal-phone projects run what is tagged @phone; the desktop runs are the quick check.
npx playwright test --project=desktop --project=portal --reporter=list "${specs[@]}"
