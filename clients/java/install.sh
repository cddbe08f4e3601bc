#!/usr/bin/env bash
# Resolves Apache Iceberg's Java clients (the REST Compatibility Kit and RESTCatalog, Iceberg 1.11.0) and
# their runtime libraries from Maven Central into clients/java/target/lib/, for clients/java-clients.test.ts.
# Idempotent: Maven caches the jars under ~/.m2, and a second run only copies them again.
#
#   bash clients/java/install.sh
#
# Needs Java 17+ and Maven 3.8+ (both only checked, to fail early with one clear line).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command -v java >/dev/null || { echo "install.sh: java not found (Java 17+ is needed)" >&2; exit 1; }
command -v mvn >/dev/null || { echo "install.sh: mvn not found (Maven 3.8+ is needed)" >&2; exit 1; }

# -B and style.color: no progress bars or colour codes in CI logs.
mvn -q -B -Dstyle.color=never -f "$here/pom.xml" \
  dependency:copy-dependencies -DoutputDirectory="$here/target/lib"

test -f "$here/target/lib/iceberg-open-api-1.11.0-tests.jar" || {
  echo "install.sh: the REST Compatibility Kit jar was not resolved" >&2
  exit 1
}
echo "Iceberg Java clients installed: $(ls "$here/target/lib" | wc -l) jars in $here/target/lib"
