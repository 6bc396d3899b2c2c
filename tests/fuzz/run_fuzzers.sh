#!/usr/bin/env bash
# run_fuzzers.sh BUILD_DIR SECONDS [HARNESS...]: fuzzes each harness (default: all four) for
# SECONDS from its seed corpus, all at once, under the sanitizers BUILD_DIR was configured with
# (CC=clang CXX=clang++ cmake -DANIMSCOPE_FUZZ=ON -DANIMSCOPE_SANITIZE=ON). New inputs go to
# BUILD_DIR/fuzz-corpus/<harness>/ (the committed seeds stay as they are), a crashing input to
# BUILD_DIR/fuzz-artifacts/<harness>/. Prints each harness's totals; exits 1 if any crashed,
# leaked, timed out or ran out of memory. Keep a crashing input in tests/fuzz/crashes/<harness>/
# once fixed (see tests/fuzz/README.md).
set -uo pipefail
cd "$(dirname "$0")/../.."

if [ $# -lt 2 ]; then
  echo "usage: tests/fuzz/run_fuzzers.sh BUILD_DIR SECONDS [HARNESS...]" >&2
  exit 2
fi
build=$1
seconds=$2
shift 2
harnesses=("$@")
[ ${#harnesses[@]} -gt 0 ] || harnesses=(fuzz_setup fuzz_package fuzz_import fuzz_link)

export ASAN_OPTIONS=detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS="suppressions=$PWD/tests/lsan.supp"
declare -A pids
for h in "${harnesses[@]}"; do
  mkdir -p "$build/fuzz-corpus/$h" "$build/fuzz-artifacts/$h"
  # -timeout: one input running this long is a hang; -rss_limit_mb: libFuzzer's default.
  "$build/tests/fuzz/$h" "$build/fuzz-corpus/$h" "tests/fuzz/corpus/$h" \
    -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-artifacts/$h/" >"$build/fuzz-$h.log" 2>&1 &
  pids[$h]=$!
done

failed=0
for h in "${harnesses[@]}"; do
  if wait "${pids[$h]}"; then
    runs=$(grep -m1 '^stat::number_of_executed_units:' "$build/fuzz-$h.log" | awk '{print $2}')
    rate=$(grep -m1 '^stat::average_exec_per_sec:' "$build/fuzz-$h.log" | awk '{print $2}')
    echo "$h: ${runs:-?} inputs in ${seconds} s (${rate:-?} per second), no crash"
  else
    failed=1
    echo "$h: FAILED; the end of its log ($build/fuzz-$h.log):"
    tail -n 60 "$build/fuzz-$h.log"
    ls -l "$build/fuzz-artifacts/$h/"
  fi
done
exit $failed
