#!/usr/bin/env bash
# Tries clients of other versions than the ones `npm run test:clients` pins, once, against `serve`:
#   - the REST Compatibility Kit of Iceberg 1.10.1 (the newest 1.10 patch Maven Central serves here), with the
#     same capability flags and exclusion as clients/java-clients.test.ts gives the 1.11.0 kit;
#   - PyIceberg 0.11.x (the minor before 0.12) running clients/python/flow.py, started the way
#     clients/python-js-clients.test.ts starts the server (bearer token, warehouse directory, plans completed
#     at once).
# Everything it installs goes under .tmp/try-versions/ (git-ignored). Not run in CI: what it showed is written
# in reference-server/README.md ("Other client versions"). Exit status: 0 when both runs passed, 1 otherwise.
#
#   bash clients/try-versions.sh [rck|python]     (both when no argument)
#
# Needs Java 17+, Maven, Python 3 with venv, and Node (the server runs from this checkout).
set -uo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$root/.tmp/try-versions"
RCK_VERSION="${RCK_VERSION:-1.10.1}"
PYICEBERG_SPEC="${PYICEBERG_SPEC:-pyiceberg[pyarrow,pyiceberg-core]==0.11.*}"
TOKEN=try-versions-token
what="${1:-both}"
case "$what" in rck | python | both) ;; *)
  echo "try-versions.sh: expected rck, python or nothing, got \"$what\"" >&2
  exit 2
  ;;
esac
mkdir -p "$work"

server_pid=""
stop_server() { if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; server_pid=""; fi; }
trap stop_server EXIT

# Starts `serve` on a free port with the given extra options and waits for /v1/config; sets $uri.
start_server() {
  local port
  port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
  node "$root/bin/catalog-conformance.js" serve --port "$port" "$@" >"$work/serve.log" 2>&1 &
  server_pid=$!
  uri="http://127.0.0.1:$port"
  for _ in $(seq 1 50); do
    curl -s -o /dev/null "$uri/v1/config" && return 0
    sleep 0.2
  done
  echo "try-versions.sh: serve did not start (see $work/serve.log)" >&2
  exit 1
}

status=0

if [ "$what" != python ]; then
  lib="$work/rck-$RCK_VERSION/lib"
  # The pom's iceberg.version is a property: -D overrides it. The client side needs no Jetty, so the same
  # dependency list serves 1.10.x.
  mvn -q -B -Dstyle.color=never -f "$root/clients/java/pom.xml" -Diceberg.version="$RCK_VERSION" \
    dependency:copy-dependencies -DoutputDirectory="$lib" || exit 1
  rm -rf "$work/rck-warehouse" "$work/rck-reports"
  start_server --warehouse-dir "$work/rck-warehouse"
  # The flags and the exclusion of clients/java-clients.test.ts (RCK_OPTIONS), explained in
  # reference-server/README.md.
  java -Drck.local=false -Dwarehouse=reference -Drck.warehouse=reference \
    -Drck.requires-namespace-create=true -Drck.supports-names-with-dot=true "-Duri=$uri/" \
    -cp "$lib/*" org.junit.platform.console.ConsoleLauncher execute \
    --select-class=org.apache.iceberg.rest.RESTCompatibilityKitSuite \
    '--exclude-methodname=.*testLoadTableWithMissingMetadataFile' \
    --details=tree --disable-banner --disable-ansi-colors --reports-dir="$work/rck-reports" \
    >"$work/rck-$RCK_VERSION.txt" 2>&1 || status=1
  stop_server
  grep -E '^\[ *[0-9]+ tests (found|successful|skipped|aborted|failed) *\]$' "$work/rck-$RCK_VERSION.txt"
  echo "RCK $RCK_VERSION: full output in $work/rck-$RCK_VERSION.txt"
fi

if [ "$what" != rck ]; then
  venv="$work/pyiceberg-0.11"
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "$PYICEBERG_SPEC" || exit 1
  "$venv/bin/python" -c 'import pyiceberg; print(f"pyiceberg {pyiceberg.__version__}")'
  rm -rf "$work/py-warehouse"
  start_server --token "$TOKEN" --warehouse-dir "$work/py-warehouse" --plans-complete-at-once
  "$venv/bin/python" "$root/clients/python/flow.py" "$uri" "$TOKEN" || status=1
  stop_server
fi

exit "$status"
