#!/usr/bin/env bash
# Builds and runs Orrery's JMH benchmarks with the peers in the same run.
#   benchmarks/run.sh quick [regex]   smoke run: one fork, short iterations (about 12 minutes)
#   benchmarks/run.sh full  [regex]   figures for BENCHMARKS.md (about 80 minutes on 2 cores: 126 configurations)
# Results: benchmarks/target/jmh-<mode>.txt (table) and jmh-<mode>.json; the allocation run
# (-prof gc on the dispatch benchmarks) goes to jmh-<mode>-gc.txt.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
mode="${1:-quick}"
filter="${2:-.*}"
case "$mode" in
  quick) opts=(-f 1 -wi 1 -w 1s -i 2 -r 1s) ;;
  full)  opts=(-f 2 -wi 3 -w 2s -i 5 -r 2s) ;;
  *) echo "usage: $0 quick|full [benchmark regex]" >&2; exit 2 ;;
esac
(cd "$root" && mvn -B -q -pl benchmarks -am package -DskipTests)
cp=("$here/target/classes:$here/target/lib/*")
out="$here/target"
java -cp "${cp[@]}" org.openjdk.jmh.Main "$filter" "${opts[@]}" \
  -rf json -rff "$out/jmh-$mode.json" | tee "$out/jmh-$mode.txt"
if [[ "$filter" == ".*" || "$filter" == *Dispatch* ]]; then
  java -cp "${cp[@]}" org.openjdk.jmh.Main 'dev.orrery.benchmarks.DispatchBenchmark' "${opts[@]}" \
    -p systems=1000 -prof gc | tee "$out/jmh-$mode-gc.txt"
fi
