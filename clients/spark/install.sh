#!/usr/bin/env bash
# Creates one venv per Spark line with its PySpark (clients/spark/.venv-<line>, from requirements-<line>.txt) and
# copies Iceberg's Spark runtime jar of each line into clients/spark/target/ with Maven, for
# clients/spark-client.test.ts. Idempotent: a venv whose installed requirements match its file, and a jar already
# there, are left as they are.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
# The Iceberg release of the runtime jars.
ICEBERG_VERSION=1.11.0
# Each Spark line with the Scala version of its PySpark's jars.
LINES=("3.5 2.12" "4.0 2.13" "4.1 2.13")

mkdir -p "$here/target"
for entry in "${LINES[@]}"; do
  read -r line scala <<<"$entry"
  venv="$here/.venv-$line"
  requirements="$here/requirements-$line.txt"
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
