#!/usr/bin/env bash
# `npm test`: every test. Lint with the production build and then the type check beside it, then the
# unit, contract and ledger tests (no build needed), then the browser tests with the BFF's HTTP tests
# beside them. Beside those too, from the start of the unit tests, the container image and
# compose.yaml under podman (as root; podman keeps the image's layers and build caches between runs).
# Their output is printed at the end, and their results count as much. The image test waits on
# containers for most of its 2.4 minutes, time the tests beside it use.
#
# `npm test -- --shard=K/N` (or TEST_SHARD=K/N) runs part K of N, for N machines side by side: each
# part builds the app and runs its share of the test files of every suite; part 1 also runs lint,
# the type check and the image. The N parts together run every test once (docs/testing.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export NEXT_TELEMETRY_DISABLED=1

shard="${TEST_SHARD:-}"
for arg in "$@"; do
  case "$arg" in
    --shard=*) shard="${arg#--shard=}" ;;
    *)
      echo "npm test: unknown argument '$arg' (the one it takes: --shard=K/N, such as --shard=2/3)" >&2
      exit 2
      ;;
  esac
done
# A part may hold no file of a suite (more machines than files): that suite passes with nothing.
vitest_part=()
playwright_part=()
first_part=true
if [ -n "$shard" ]; then
  if ! [[ "$shard" =~ ^([1-9][0-9]*)/([1-9][0-9]*)$ ]] || [ "${BASH_REMATCH[1]}" -gt "${BASH_REMATCH[2]}" ]; then
    echo "npm test: a shard is K/N with 1 <= K <= N, such as 2/3; got '$shard'" >&2
    exit 2
  fi
  vitest_part=("--shard=$shard" --passWithNoTests)
  playwright_part=("--shard=$shard" --pass-with-no-tests)
  [ "${BASH_REMATCH[1]}" = 1 ] || first_part=false
  echo "== part $shard of the tests"
fi

# The build sees a unique canary key; the key-leak test looks for it in what the build shipped.
export LEAK_CANARY_KEY="lsk_test_canary_$(node -e 'console.log(require("crypto").randomBytes(12).toString("hex"))')"

build_log="${TMPDIR:-/tmp}/swap-checkout-build-$$.log"
build() {
  PARTNER_API_KEY="$LEAK_CANARY_KEY" npx next build >"$build_log" 2>&1 || { cat "$build_log"; return 1; }
}
deploy_pid=
build_pid=
# A phase that fails ends the run, once what runs beside it has stopped (the deploy test cleans up
# its containers first).
kill_tree() {
  local child
  for child in $(pgrep -P "$1"); do kill_tree "$child"; done
  kill "$1" 2>/dev/null || true
}
bff_pid=
trap '[ -z "$build_pid" ] || kill_tree "$build_pid"; [ -z "$bff_pid" ] || kill_tree "$bff_pid"; [ -z "$deploy_pid" ] || wait "$deploy_pid" 2>/dev/null || true; rm -f "$build_log" "${side_log:-}" "${deploy_log:-}" "${bff_log:-}"' EXIT
if $first_part; then
  # Lint on one core; on the other, the production build and then the type check over everything,
  # after the build since it covers the route types the build writes (.next/types). The build skips
  # its own check of the app's sources, which that tsc covers too (BUILD_TYPECHECK in next.config.ts).
  # Lint alone keeps a core busy about as long as the two (docs/testing.md).
  side_log=$(mktemp "${TMPDIR:-/tmp}/swap-checkout-build-tsc-XXXXXX")
  { BUILD_TYPECHECK=tsc build && npx tsc --noEmit -p .; } >"$side_log" 2>&1 &
  build_pid=$!
  echo "== lint, format and unused code (the production build, then the type check, run beside them)"
  npm run --silent lint
  echo "== production build, then the type check"
  wait "$build_pid" || {
    build_pid=
    cat "$side_log"
    exit 1
  }
  build_pid=
  deploy_log=$(mktemp "${TMPDIR:-/tmp}/swap-checkout-deploy-XXXXXX")
  bash scripts/test-deploy.sh >"$deploy_log" 2>&1 &
  deploy_pid=$!
  beside=" (the image and compose.yaml build and run beside them)"
fi
echo "== unit, contract and ledger tests${beside:-}"
# A file per core at a time (tests/support/workers.ts).
npx vitest run --project unit --project contract --project ledger "${vitest_part[@]}"
if ! $first_part; then
  echo "== production build"
  build
fi
# The BFF's files beside the browser's: alone, they left a third of the CPU idle (lock waits, drains,
# the sandbox's clock), the browser files a fifth. Its output follows the browser tests'. Not at a
# lower priority, nor from the build on: starved, its apps answered too late for some of its tests
# (docs/testing.md).
bff_log=$(mktemp "${TMPDIR:-/tmp}/swap-checkout-bff-XXXXXX")
npx vitest run --project bff "${vitest_part[@]}" >"$bff_log" 2>&1 &
bff_pid=$!
echo "== browser tests (the BFF's tests over HTTP run beside them)"
browser_status=0
npx playwright test "${playwright_part[@]}" || browser_status=$?
bff_status=0
wait "$bff_pid" || bff_status=$?
bff_pid=
echo "== BFF tests over HTTP, run beside the browser tests"
cat "$bff_log"
deploy_status=0
if [ -n "$deploy_pid" ]; then
  echo "== the image and compose.yaml (podman), run beside the tests above"
  wait "$deploy_pid" || deploy_status=$?
  deploy_pid=
  cat "$deploy_log"
fi
for status in "$browser_status" "$bff_status" "$deploy_status"; do
  [ "$status" = 0 ] || exit "$status"
done
