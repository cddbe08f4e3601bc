#!/usr/bin/env bash
# Creates one venv per Spark line with its PySpark (clients/spark/.venv-<line>, from requirements-<line>.txt) and
# copies Iceberg's Spark runtime jar of each line into clients/spark/target/ with Maven, for
# clients/spark-client.test.ts. Idempotent: a venv whose installed requirements match its file, and a jar already
# there, are left as they are.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The Iceberg release of the runtime jars.
ICEBERG_VERSION=1.11.0

mkdir -p "$here/target"
# Each Spark line is a requirements-<line>.txt, which names Iceberg's runtime of the line with the Scala version of its
# PySpark's jars (iceberg-spark-runtime-<line>_<scala>): the one list of lines, which clients/spark-client.test.ts reads too.
for requirements in "$here"/requirements-*.txt; do
  line="$(basename "$requirements" .txt)"
  line="${line#requirements-}"
  runtime="$(grep -o "iceberg-spark-runtime-${line}_[0-9.]*[0-9]" "$requirements" | head -n 1 || true)"
  if [ -z "$runtime" ]; then
    echo "$requirements names no iceberg-spark-runtime-${line}_<scala>" >&2
    exit 1
  fi
  scala="${runtime##*_}"
  venv="$here/.venv-$line"
  stamp="$venv/.requirements.txt"
  if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$requirements" "$stamp"; then
    echo "spark $line client venv up to date: $venv"
  else
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$stamp"
  fi
  jar="$here/target/iceberg-spark-runtime-${line}_$scala-$ICEBERG_VERSION.jar"
  if [ ! -f "$jar" ]; then
    rm -f "$here"/target/iceberg-spark-runtime-"${line}"_*.jar
    mvn -q -B dependency:copy -Dartifact="org.apache.iceberg:iceberg-spark-runtime-${line}_$scala:$ICEBERG_VERSION" \
      -DoutputDirectory="$here/target"
  fi
  "$venv/bin/python" "$here/flow.py" --check-install
done
