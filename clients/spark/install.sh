#!/usr/bin/env bash
# Creates clients/spark/.venv with PySpark (requirements.txt) and copies Iceberg's Spark runtime jar into
# clients/spark/target/ with Maven, for clients/spark-client.test.ts. Idempotent: a venv whose installed requirements
# match requirements.txt, and the jar of ICEBERG_VERSION, are left as they are.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
stamp="$venv/.requirements.txt"
# The Iceberg release of the runtime jar, Spark 3.5 and Scala 2.12 (the Scala of PySpark 3.5's jars).
ICEBERG_VERSION=1.11.0
artifact="org.apache.iceberg:iceberg-spark-runtime-3.5_2.12:$ICEBERG_VERSION"
jar="$here/target/iceberg-spark-runtime-3.5_2.12-$ICEBERG_VERSION.jar"

if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$here/requirements.txt" "$stamp"; then
  echo "spark client venv up to date: $venv"
else
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$stamp"
fi

if [ ! -f "$jar" ]; then
  rm -rf "$here/target"
  mkdir -p "$here/target"
  mvn -q -B dependency:copy -Dartifact="$artifact" -DoutputDirectory="$here/target"
fi
"$venv/bin/python" "$here/flow.py" --check-install
