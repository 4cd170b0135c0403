#!/usr/bin/env bash
# Local stand-ins for the images compose.yaml names besides our own (redis:7, postgres:16, caddy:2),
# for `npm run test:deploy` on machines that reach no container registry. Each is the node base
# stand-in (scripts/test-deploy-base-image.sh) with Debian bookworm's package, tagged as the official
# image and started as it is: the same commands, variables, users, ports and healthcheck tools that
# compose.yaml relies on. Honest labels: Debian has PostgreSQL 15, not 16 (the ledger's SQL runs on
# both), and Caddy 2.6. Skips the tags that exist; --force rebuilds. Run as root, with podman's
# CONTAINERS_CONF set (scripts/test-deploy.sh does both).
set -euo pipefail
BASE=docker.io/library/node:20-bookworm-slim
TAGS=(redis:docker.io/library/redis:7 postgres:docker.io/library/postgres:16 caddy:docker.io/library/caddy:2)

missing=()
for pair in "${TAGS[@]}"; do
  [ "${1:-}" = --force ] || ! podman image exists "${pair#*:}" || continue
  missing+=("$pair")
done
[ ${#missing[@]} -eq 0 ] && { echo "stand-ins: redis:7, postgres:16, caddy:2 present"; exit 0; }
podman image exists "$BASE" || { echo "stand-ins: $BASE is missing (scripts/test-deploy-base-image.sh makes it)" >&2; exit 1; }

work=$(mktemp -d /var/tmp/swap-standins.XXXXXX)
trap 'rm -rf "$work"' EXIT

# As the official redis image: flags alone are redis-server's; it runs as the user redis in /data;
# without a config file, protected mode is off (the network around the container is the guard).
cat >"$work/redis-entrypoint.sh" <<'SH'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ] && [ "$(id -u)" = 0 ]; then
  chown -R redis:redis .
  exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi
if [ "$1" = redis-server ]; then
  case "${2:-}" in *.conf) ;; *) set -- "$@" --protected-mode no ;; esac
fi
exec "$@"
SH
# As the official postgres image, for what compose.yaml uses: the first start makes the cluster in
# $PGDATA with POSTGRES_USER, POSTGRES_PASSWORD and POSTGRES_DB, passwords over TCP (trust on the
# local socket), listening on every address; the server runs as the user postgres.
cat >"$work/postgres-entrypoint.sh" <<'SH'
#!/bin/sh
set -e
if [ "${1#-}" != "$1" ]; then set -- postgres "$@"; fi
if [ "$1" = postgres ] && [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [ "$1" = postgres ] && [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?is required (as with the official image)}"
  user=${POSTGRES_USER:-postgres}
  pwfile=$(mktemp)
  printf '%s\n' "$POSTGRES_PASSWORD" >"$pwfile"
  initdb -D "$PGDATA" --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  db=${POSTGRES_DB:-$user}
  [ "$db" = postgres ] || echo "CREATE DATABASE \"$db\" OWNER \"$user\";" | postgres --single -D "$PGDATA" postgres >/dev/null
fi
exec "$@"
SH
chmod 755 "$work"/*.sh

cat >"$work/Containerfile" <<'EOF_CF'
FROM docker.io/library/node:20-bookworm-slim AS debian
COPY redis-entrypoint.sh postgres-entrypoint.sh /usr/local/bin/
# No services started by the packages' scripts, no cluster made by postgresql-common.
RUN printf '#!/bin/sh\nexit 101\n' >/usr/sbin/policy-rc.d && chmod 755 /usr/sbin/policy-rc.d \
 && mkdir -p /etc/postgresql-common/createcluster.d \
 && echo 'create_main_cluster = false' >/etc/postgresql-common/createcluster.d/stand-in.conf \
 && apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends redis-server postgresql-15 caddy wget >/dev/null \
 && rm -rf /var/lib/apt/lists/*

FROM debian AS redis
LABEL org.swap-checkout.stand-in="scripts/test-deploy-images.sh: Debian bookworm's redis-server 7.0"
WORKDIR /data
ENTRYPOINT ["redis-entrypoint.sh"]
CMD ["redis-server"]

FROM debian AS postgres
LABEL org.swap-checkout.stand-in="scripts/test-deploy-images.sh: Debian bookworm's PostgreSQL 15 (it has no 16)"
ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin PGDATA=/var/lib/postgresql/data
STOPSIGNAL SIGINT
ENTRYPOINT ["postgres-entrypoint.sh"]
CMD ["postgres"]

FROM debian AS caddy
LABEL org.swap-checkout.stand-in="scripts/test-deploy-images.sh: Debian bookworm's Caddy 2.6"
ENV XDG_CONFIG_HOME=/config XDG_DATA_HOME=/data
WORKDIR /srv
ENTRYPOINT []
CMD ["caddy", "run", "--config", "/etc/caddy/Caddyfile", "--adapter", "caddyfile"]
EOF_CF

t0=$(date +%s)
for pair in "${missing[@]}"; do
  echo "stand-ins: building ${pair#*:}"
  podman build --network host --format docker --target "${pair%%:*}" -t "${pair#*:}" "$work" >"$work/build-${pair%%:*}.log" 2>&1 ||
    { tail -20 "$work/build-${pair%%:*}.log" >&2; echo "stand-ins: building ${pair#*:} failed" >&2; exit 1; }
done
echo "stand-ins: built ${missing[*]%%:*} in $(($(date +%s) - t0)) s"
