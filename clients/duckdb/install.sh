#!/usr/bin/env bash
# Creates clients/duckdb/.venv with DuckDB and its Iceberg, httpfs, Avro and Parquet extensions
# (requirements.txt), for clients/duckdb-client.test.ts. Idempotent: a venv whose installed requirements match
# requirements.txt is left as it is.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="$here/.venv"
stamp="$venv/.requirements.txt"

if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$here/requirements.txt" "$stamp"; then
  echo "duckdb client venv up to date: $venv"
  exit 0
fi
[ -x "$venv/bin/python" ] || python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
cp "$here/requirements.txt" "$stamp"
"$venv/bin/python" "$here/flow.py" --check-install
