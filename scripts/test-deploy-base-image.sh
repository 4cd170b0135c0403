#!/bin/bash
# scripts/test-deploy-base-image.sh [--force] [--conf-only] (`npm run test:deploy` runs it; kept in
# the repository from the machines' shared tools, node-base-image.sh, so a clone needs nothing beside
# it): no container registry is reachable here, so this builds
# locally a stand-in for docker.io/library/node:20-bookworm-slim (Debian bookworm minbase from the apt
# mirror this machine's sources name, the host's Node 20 with npm/npx/corepack in /usr/local, user
# node 1000:1000, the host's CA bundle + NODE_EXTRA_CA_CERTS), so an unmodified FROM node:20-bookworm-slim
# builds under podman. Skips if the tag exists (--force rebuilds). Also writes podman's config for these
# machines (runc, no default ulimits): run podman as  CONTAINERS_CONF=/etc/containers/swap-checkout.conf podman ... --network host
set -euo pipefail
TAG=docker.io/library/node:20-bookworm-slim
CONF=${NODE_BASE_CONTAINERS_CONF:-/etc/containers/swap-checkout.conf}
force=0 conf_only=0
for a in "$@"; do
  case $a in
    --force) force=1 ;;
    --conf-only) conf_only=1 ;;
    -h | --help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "node-base-image: unknown option $a (use --force, --conf-only)" >&2; exit 2 ;;
  esac
done
say() { echo "node-base-image: $*"; }
die() { echo "node-base-image: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || die "run as root (podman's root store and mmdebstrap need it)"

# One run at a time (a bar and a developer may call it together).
lockdir=/run/lock; [ -d "$lockdir" ] && [ -w "$lockdir" ] || lockdir=/tmp
exec 9>"$lockdir/swap-checkout-node-base-image.lock"
flock -w 900 9 || die "another run has held the lock for 15 minutes"

# 1. Tools: podman with runc (crun fails on these machines' cgroups), mmdebstrap.
missing=()
command -v podman >/dev/null || missing+=(podman)
[ -x /usr/sbin/runc ] || [ -x /usr/bin/runc ] || missing+=(runc)
[ "$conf_only" = 1 ] || command -v mmdebstrap >/dev/null || missing+=(mmdebstrap)
if [ ${#missing[@]} -gt 0 ]; then
  say "installing ${missing[*]} (apt)"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >/tmp/node-base-image-apt.log 2>&1 ||
    die "apt-get install ${missing[*]} failed (see /tmp/node-base-image-apt.log)"
fi
RUNC=$(command -v runc || echo /usr/sbin/runc)

# 2. podman's config for these machines: runc, no default ulimits (raising them is refused here).
mkdir -p "$(dirname "$CONF")"
want=$(printf '%s\n' "# written by node-base-image.sh: use with CONTAINERS_CONF=$CONF" \
  '[containers]' 'default_ulimits = []' '' '[engine]' 'runtime = "runc"' 'cgroup_manager = "cgroupfs"' 'events_logger = "file"' \
  '' '[engine.runtimes]' "runc = [\"$RUNC\"]")
if [ "$(cat "$CONF" 2>/dev/null)" != "$want" ]; then printf '%s\n' "$want" >"$CONF"; say "wrote $CONF"; fi
export CONTAINERS_CONF=$CONF
[ "$conf_only" = 1 ] && { say "config only: export CONTAINERS_CONF=$CONF"; exit 0; }

if [ "$force" = 0 ] && podman image exists "$TAG"; then
  say "$TAG already present ($(podman image inspect --format '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1/1e6}')), nothing to do (--force rebuilds)"
  exit 0
fi
t0=$(date +%s)

# 3. The host's Node 20 (Debian package nodejs) with its npm and corepack.
NODE=$(dpkg -L nodejs 2>/dev/null | grep -m1 -E '^/usr/(local/)?bin/node$' || true)
[ -n "$NODE" ] && [ -x "$NODE" ] || die "no node from the nodejs package (dpkg -L nodejs)"
ver=$("$NODE" -p process.versions.node)
[ "${ver%%.*}" = 20 ] || die "host Node is $ver, not 20: the tag would lie"
MODS=$(dirname "$(dirname "$NODE")")/lib/node_modules
for m in npm corepack; do [ -f "$MODS/$m/package.json" ] || die "no $MODS/$m (nodejs package incomplete)"; done

# 4. Debian bookworm's mirror and its security mirror, as this machine's apt sources name them.
sources=$(
  for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
    [ -f "$f" ] && grep -E '^\s*deb\s' "$f" | sed -E 's/\[[^]]*\]//' | awk '{print $2, $3}'
  done
  for f in /etc/apt/sources.list.d/*.sources; do
    [ -f "$f" ] && awk 'BEGIN{RS=""; FS="\n"} { u=""; s=""; t="";
      for (i=1;i<=NF;i++) { if ($i ~ /^URIs:/) u=$i; if ($i ~ /^Suites:/) s=$i; if ($i ~ /^Types:/) t=$i; if ($i ~ /^Enabled: *no/) t="" }
      if (t ~ /(^|[ :])deb( |$)/) { sub(/^URIs: */,"",u); sub(/^Suites: */,"",s); n=split(u,U," "); m=split(s,S," ");
        for (a=1;a<=n;a++) for (b=1;b<=m;b++) print U[a], S[b] } }' "$f"
  done
  true # a missing file or a list without deb lines is no error
)
MIRROR=$(awk '$2 == "bookworm" {print $1; exit}' <<<"$sources")
SECURITY=$(awk '$2 == "bookworm-security" {print $1; exit}' <<<"$sources")
[ -n "$MIRROR" ] || die "no apt source for Debian bookworm found in /etc/apt/sources.list{,.d}"
lines=("deb $MIRROR bookworm main" "deb $MIRROR bookworm-updates main")
[ -n "$SECURITY" ] && lines+=("deb $SECURITY bookworm-security main")

work=$(mktemp -d /var/tmp/node-base-image.XXXXXX)
trap 'rm -rf "$work"' EXIT
# As the official image: the entrypoint runs node when the first argument is no command.
cat >"$work/docker-entrypoint.sh" <<'SH'
#!/bin/sh
set -e
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
SH
chmod 755 "$work/docker-entrypoint.sh"
# As debian:bookworm-slim: no docs, man pages or translations, now or in later apt installs.
cat >"$work/docker-slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
CFG
mkdir -p "$work/localca"
cp /usr/local/share/ca-certificates/*.crt "$work/localca/" 2>/dev/null || true

say "mmdebstrap bookworm minbase from $MIRROR${SECURITY:+ (+ $SECURITY)}; Node $ver from $NODE"
mmdebstrap --variant=minbase --include=ca-certificates --format=tar \
  --aptopt='Acquire::Check-Valid-Until "false"' --aptopt='Acquire::Check-Date "false"' \
  --dpkgopt="$work/docker-slim" --hook-dir=/usr/share/mmdebstrap/hooks/merged-usr \
  --customize-hook="mkdir -p \"\$1/usr/local/share/ca-certificates\" && cp -a '$work/localca/.' \"\$1/usr/local/share/ca-certificates/\" && chroot \"\$1\" update-ca-certificates >/dev/null" \
  --customize-hook="mkdir -p \"\$1/usr/local/bin\" \"\$1/usr/local/lib/node_modules\" && cp -a '$NODE' \"\$1/usr/local/bin/node\" && cp -a '$MODS/npm' '$MODS/corepack' \"\$1/usr/local/lib/node_modules/\"" \
  --customize-hook='ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"; ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"; ln -sf ../lib/node_modules/corepack/dist/corepack.js "$1/usr/local/bin/corepack"' \
  --customize-hook="cp '$work/docker-entrypoint.sh' \"\$1/usr/local/bin/docker-entrypoint.sh\"" \
  --customize-hook='chroot "$1" groupadd --gid 1000 node && chroot "$1" useradd --uid 1000 --gid node --shell /bin/bash --create-home node' \
  --customize-hook='chroot "$1" /usr/local/bin/node -e "require(\"assert\").ok(process.version)" && chroot "$1" /usr/local/bin/npm --version >/dev/null' \
  --customize-hook='cd "$1/usr/share" && rm -rf man/* groff/* info/* locale/* lintian/* linda/* && find doc -mindepth 1 ! -type d ! -name copyright -delete && find doc -mindepth 1 -type d -empty -delete' \
  --customize-hook='rm -rf "$1"/var/lib/apt/lists/* "$1"/var/cache/apt/*.bin "$1"/var/cache/apt/archives/*.deb "$1"/var/log/*.log "$1"/var/log/apt/*' \
  bookworm "$work/rootfs.tar" "${lines[@]}" >"$work/mmdebstrap.log" 2>&1 ||
  { tail -20 "$work/mmdebstrap.log" >&2; die "mmdebstrap failed"; }

old=$(podman image inspect --format '{{.Id}}' "$TAG" 2>/dev/null || true)
id=$(podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$ver" \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'LABEL org.swap-checkout.stand-in=node-base-image.sh' \
  --change 'ENTRYPOINT ["docker-entrypoint.sh"]' --change 'CMD ["node"]' \
  "$work/rootfs.tar" "$TAG" 2>&1 | tail -1)
podman image exists "$TAG" || die "podman import failed: $id"
# The image it replaces goes, unless a container or another image still uses it (never forced).
[ -n "$old" ] && [ "$old" != "$(podman image inspect --format '{{.Id}}' "$TAG")" ] && podman rmi "$old" >/dev/null 2>&1 || true
size=$(podman image inspect --format '{{.Size}}' "$TAG")
say "tagged $TAG (${id:0:12}): Node $ver, npm $("$NODE" "$MODS/npm/bin/npm-cli.js" --version), $(awk -v s="$size" 'BEGIN{printf "%.0f MB", s/1e6}'), in $(($(date +%s) - t0)) s"
say "use: export CONTAINERS_CONF=$CONF; podman build --network host ..."
