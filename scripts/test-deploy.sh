#!/usr/bin/env bash
# `npm run test:deploy`: the Dockerfile and compose.yaml, for real, under podman (no Docker engine runs
# here and no container registry is reachable). Builds the image (podman keeps its layer cache between
# runs), runs it alone on the sandbox, then runs compose.yaml's stack (scripts/test-deploy.ts says what
# each part checks), and prints the image's size and the build's time. As root. A missing base image is
# made by scripts/test-deploy-base-image.sh (a stand-in for node:20-bookworm-slim from Debian's
# packages), the other images compose.yaml names by scripts/test-deploy-images.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
IMAGE=localhost/swap-checkout:local # compose.yaml's swap-checkout:local
BASE=docker.io/library/node:20-bookworm-slim
BASE_TOOL=scripts/test-deploy-base-image.sh
CONF=/etc/containers/swap-checkout.conf
MAX_MB=350
say() { echo "test:deploy: $*"; }
started=$(date +%s)
[ "$(id -u)" = 0 ] || { say "run as root (podman's store, network namespaces)"; exit 1; }

need=()
command -v podman >/dev/null || need+=(podman)
[ -x /usr/sbin/runc ] || [ -x /usr/bin/runc ] || need+=(runc)
command -v podman-compose >/dev/null || need+=(podman-compose)
command -v ip >/dev/null || need+=(iproute2)
python3 -c 'import yaml' 2>/dev/null || need+=(python3-yaml)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

# podman's settings for these machines (runc, no default ulimits), and the base image when missing.
bash "$BASE_TOOL"
export CONTAINERS_CONF=$CONF

log=$(mktemp /tmp/swap-deploy-build.XXXXXX)
trap 'rm -f "$log"' EXIT
say "building $IMAGE"
t0=$(date +%s)
# A RUN step gets 1024 open files here (podman's build default; default_ulimits = [] leaves it), and
# npm ci on a warm cache mount opened more than that (EMFILE). As many as this shell may open: a
# higher limit is refused on these machines.
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
if ! podman build --network host --ulimit "nofile=$nofile:$nofile" --format docker -t "$IMAGE" . >"$log" 2>&1; then
  tail -60 "$log"
  say "the image did not build"
  exit 1
fi
build_s=$(($(date +%s) - t0))
steps=$(grep '^\[[0-9]/[0-9]\] STEP' "$log" | grep -vc ': FROM ' || true) # FROM steps have no cache line
cached=$(grep -c '^--> Using cache' "$log" || true)
size=$(podman image inspect --format '{{.Size}}' "$IMAGE")
size_mb=$((size / 1000000))
say "image $IMAGE: $size_mb MB (at most $MAX_MB), built in $build_s s ($cached of $steps steps from podman's cache)"
[ "$size_mb" -le "$MAX_MB" ] || { say "the image is over $MAX_MB MB"; exit 1; }

bash scripts/test-deploy-images.sh

node_modules/.bin/tsx scripts/test-deploy.ts container "$IMAGE"

# The stack in a network namespace of its own: loopback only, every port of compose.yaml free.
ns=swapdeploy-$$
ip netns add "$ns"
trap 'rm -f "$log"; ip netns del "$ns" 2>/dev/null || true' EXIT
ip -n "$ns" link set lo up
# nsenter, not `ip netns exec`: that also remounts /sys, where runc then finds no cgroups.
HOST_NETNS=/proc/$$/ns/net nsenter --net="/run/netns/$ns" node_modules/.bin/tsx scripts/test-deploy.ts stack "$ns"

say "image $size_mb MB, build $build_s s ($cached/$steps steps cached), all of test:deploy $(($(date +%s) - started)) s"
echo "deploy: 2 passed, 0 failed"
