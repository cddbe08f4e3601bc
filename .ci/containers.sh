#!/usr/bin/env bash
# CI, containers (.ci/run calls it): build two images from package registries alone (no image registry is reachable or
# needed: fixtures/targets/containers/build-images.sh), certify each through testcontainers with `run --image` against
# its expectations file, run the container tests (a failing image's report carries its log, a container that exits,
# Ctrl+C, --keep), and check that no container of ours is left.
#
# A Docker engine is used when one answers; otherwise Debian's docker.io is installed when absent and dockerd started,
# and stopped again when this script ends, however it ends. When no engine can be had, the container tests say why
# and are skipped: never passed.
set -euo pipefail
cd "$(dirname "$0")/.."

label=dev.catalog-conformance.session
version="$(node -p "require('./package.json').version")"
mkdir -p .tmp

apt_install() {
  command -v apt-get >/dev/null || return 1
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null) || return 1
}

engine_answers() { command -v docker >/dev/null && docker info >/dev/null 2>&1; }

if ! engine_answers; then
  command -v dockerd >/dev/null || apt_install docker.io || echo "docker.io could not be installed"
  if command -v dockerd >/dev/null; then
    dockerd >.tmp/dockerd.log 2>&1 &
    dockerd_pid=$!
    # Stop the engine this script started, and only that one, whatever happens below.
    trap 'kill "$dockerd_pid" 2>/dev/null && wait "$dockerd_pid" 2>/dev/null; true' EXIT
    for _ in $(seq 1 30); do engine_answers && break; sleep 1; done
  fi
fi

skip=""
if ! engine_answers; then
  skip="no container engine answers (docker info fails; see .tmp/dockerd.log)"
elif ! command -v java >/dev/null || ! command -v mvn >/dev/null; then
  skip="no Java/Maven to resolve the fixture's jars for its image"
elif ! command -v debootstrap >/dev/null && ! apt_install debootstrap; then
  skip="debootstrap could not be installed"
fi

if [ -n "$skip" ]; then
  echo "container tests skipped: $skip"
  # The tests themselves say so too, one line each, and count as skipped.
  CATALOG_CONFORMANCE_CONTAINER_TESTS=1 npx vitest run --project self --reporter verbose app/targets/container-images.test.ts
  exit 0
fi

start=$SECONDS
bash fixtures/targets/containers/build-images.sh
echo "images built in $((SECONDS - start)) s"

step=$SECONDS
node bin/catalog-conformance.js run --image "catalog-conformance/iceberg-rest-fixture:1.11.0" \
  --expect fixtures/expectations/catalog-conformance-iceberg-rest-fixture-1.11.0.yaml --report-dir reports/out/image-fixture
echo "the fixture image: started and certified in $((SECONDS - step)) s"

step=$SECONDS
node bin/catalog-conformance.js run --image "catalog-conformance/catalog-conformance:$version" \
  --expect "fixtures/expectations/catalog-conformance-catalog-conformance-$version.yaml" --report-dir reports/out/image-reference
echo "the reference server image: started and certified in $((SECONDS - step)) s"

step=$SECONDS
CATALOG_CONFORMANCE_CONTAINER_TESTS=1 npx vitest run --project self app/targets/container-images.test.ts
echo "container tests in $((SECONDS - step)) s"

left="$(docker ps -aq --filter "label=$label")"
if [ -n "$left" ]; then
  echo "containers of ours left behind:" >&2
  docker ps -a --filter "label=$label" >&2
  exit 1
fi
echo "no container of ours is left; the containers section took $((SECONDS - start)) s"
