#!/usr/bin/env bash
# The bundled reference server is conformant under every seed, not only the default 42: certifies it under seeds
# 1..N (default 20) and once with --thorough (the certification budget of the property, model and concurrency suites),
# and fails (exit 1) naming each seed whose run was not conformant, with its replay command.
#
#   bash scripts/certify-seeds.sh [N]        (reports under $SEEDS_REPORT_DIR, default reports/out/seeds)
set -uo pipefail
cd "$(dirname "$0")/.."
n="${1:-20}"
root="${SEEDS_REPORT_DIR:-reports/out/seeds}"
[[ "$n" =~ ^[0-9]+$ ]] || { echo "certify-seeds.sh: N must be a number, got \"$n\"" >&2; exit 2; }
failed=()
run() {
  local label="$1"
  shift
  if node bin/catalog-conformance.js run "$@" --report-dir "$root/$label" >"$root/$label.log" 2>&1; then
    echo "$label: conformant"
  else
    echo "$label: NOT conformant — node bin/catalog-conformance.js run $* (log: $root/$label.log)"
    grep -E '^(verdict|  (FAIL|WARN)) ' "$root/$label.log" | head -12
    failed+=("$label")
  fi
}
mkdir -p "$root"
for seed in $(seq 1 "$n"); do run "seed-$seed" --seed "$seed"; done
run thorough --thorough
if [ "${#failed[@]}" -gt 0 ]; then
  echo "not conformant under: ${failed[*]}"
  exit 1
fi
echo "conformant under seeds 1..$n and --thorough"
