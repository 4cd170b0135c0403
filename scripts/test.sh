#!/usr/bin/env bash
# `npm test`: every test. Unit and contract tests first (no build needed), then one production build
# that serves the BFF's HTTP tests and the browser tests, then the container image and compose.yaml
# under podman (as root; podman keeps the image's layers and build caches between runs).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

# The build sees a unique canary key; the key-leak test looks for it in what the build shipped.
export LEAK_CANARY_KEY="lsk_test_canary_$(node -e 'console.log(require("crypto").randomBytes(12).toString("hex"))')"

echo "== lint, format and unused code"
npm run --silent lint
echo "== typecheck"
npx tsc --noEmit -p .
echo "== unit, contract and ledger tests"
# Two files at a time (vitest would take one core less than the machine has: one, here).
npx vitest run --project unit --project contract --project ledger --maxWorkers=2
echo "== production build"
PARTNER_API_KEY="$LEAK_CANARY_KEY" npx next build > "${TMPDIR:-/tmp}/swap-checkout-build-$$.log" 2>&1 || { cat "${TMPDIR:-/tmp}/swap-checkout-build-$$.log"; exit 1; }
echo "== BFF tests over HTTP"
# Two files at a time, as above.
npx vitest run --project bff --maxWorkers=2
echo "== browser tests"
npx playwright test
echo "== the image and compose.yaml (podman)"
bash scripts/test-deploy.sh
