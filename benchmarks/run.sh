#!/usr/bin/env bash
# Builds and runs Orrery's JMH benchmarks with the peers in the same run.
#   benchmarks/run.sh quick [regex]   smoke run: one fork, short iterations (about 15 minutes)
#   benchmarks/run.sh full  [regex]   figures for BENCHMARKS.md (about 105 minutes on 2 cores: 165 configurations)
#   benchmarks/run.sh quick|full transactions
#                                     only the world-transaction group: staging, publishing and the
#                                     ecs_bench_suite shapes with the peers (39 configurations, about
#                                     22 minutes in full)
# Results: benchmarks/target/jmh-<mode>.txt (table) and jmh-<mode>.json (jmh-<mode>-transactions.* for
# the group); the allocation runs (-prof gc) go to jmh-<mode>-gc.txt (dispatch benchmark at 1,000
# systems) and jmh-<mode>-staging-gc.txt (StagingBenchmark).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
mode="${1:-quick}"
filter="${2:-.*}"
transactions='dev.orrery.benchmarks.(Staging|Publish|SimpleInsert|AddRemove|FragIter|SimpleIter)Benchmark'
case "$mode" in
  quick) opts=(-f 1 -wi 1 -w 1s -i 2 -r 1s) ;;
  full)  opts=(-f 2 -wi 3 -w 2s -i 5 -r 2s) ;;
  *) echo "usage: $0 quick|full [benchmark regex | transactions]" >&2; exit 2 ;;
esac
name="$mode"
if [[ "$filter" == transactions ]]; then
  filter="$transactions"
  name="$mode-transactions"
fi
(cd "$root" && mvn -B -q -pl benchmarks -am package -DskipTests)
cp=("$here/target/classes:$here/target/lib/*")
out="$here/target"
java -cp "${cp[@]}" org.openjdk.jmh.Main "$filter" "${opts[@]}" \
  -rf json -rff "$out/jmh-$name.json" | tee "$out/jmh-$name.txt"
if [[ "$filter" == ".*" || "$filter" == *Dispatch* ]]; then
  java -cp "${cp[@]}" org.openjdk.jmh.Main 'dev.orrery.benchmarks.DispatchBenchmark' "${opts[@]}" \
    -p systems=1000 -prof gc | tee "$out/jmh-$mode-gc.txt"
fi
if [[ "$filter" == ".*" || "$filter" == *Staging* ]]; then
  java -cp "${cp[@]}" org.openjdk.jmh.Main 'dev.orrery.benchmarks.StagingBenchmark' "${opts[@]}" \
    -prof gc | tee "$out/jmh-$mode-staging-gc.txt"
fi
