#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Runs the built test bundle as several processes at once, one per group of
# suites, and prints each group's time and a closing "N passed, N failed" line.
#   scripts/run-suites.sh BIN_FOLDER
# The groups are independent (each test makes its own temporary folders), and
# separate processes overlap what one process cannot: most tests wait on a
# child (fxhost, cc, ffmpeg, Chromium), and Swift Testing runs no more tests
# at once than the machine has cores. FXHOST_TEST_JOBS sets how many groups
# run together (default: cores + 1). Any failure makes the exit status non-zero.
set -uo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/run-suites.sh BIN_FOLDER" -- "$@"
cd "$(dirname "$0")/.."
bin=${1:?usage: scripts/run-suites.sh BIN_FOLDER}
bundle="$bin/fxhostPackageTests.xctest"
[ -x "$bundle" ] || { echo "run-suites: $bundle is not built (swift build --build-tests)" >&2; exit 2; }
jobs=${FXHOST_TEST_JOBS:-$(( $(nproc) + 1 ))}

# Longest first, so that the slowest group starts at once. A pattern is a
# regular expression over "Target.Suite/test"; the last group takes the rest
# (a new test target runs there until it is given a group of its own).
groups=(
  'IntegrationTests\.(DeployTests|InstallTests|SwiftPackageTests|DebianPackageTests)'
  'IntegrationTests\.StudioTests'
  'IntegrationTests\.'
  'FXHostTests\.(Hostile|Supervisor|Signal|OutputFile|Golden)'
  'FXHostTests\.'
  'FXRenderTests\.'
  'FXSinksTests\.'
  'IndependentRendererTests\.|Conformance\.'
  'FXCoreTests\.|FXPluginKitTests\.|FXToolboxTests\.'
  '.'
)
# Every Swift Testing test runs in exactly one group: a group skips what an
# earlier one took. XCTest cases run in two more groups (run_xctest).
logs=$(mktemp -d "${TMPDIR:-/tmp}/fxhost-suites.XXXXXX")
trap 'rm -rf "$logs"' EXIT
# Whatever the tests and the programs they start leave in the temporary folder
# (SwiftPM's build folders, a crashed test's files) goes when the run ends.
mkdir "$logs/tmp"
export TMPDIR="$logs/tmp"
run_group() {
  local i=$1 start end status
  local args=(--testing-library swift-testing --filter "^(${groups[$i]})")
  for ((j = 0; j < i; j++)); do args+=(--skip "^(${groups[$j]})"); done
  start=$(date +%s.%N)
  "$bundle" "${args[@]}" >"$logs/$i.log" 2>&1
  status=$?
  end=$(date +%s.%N)
  echo "$status $(echo "$end - $start" | bc)" >"$logs/$i.status"
  # The CPU time of this subshell's children (the group's process and what it waited for), straight to a
  # file: in a pipe or a $( ) `times` would speak for another subshell.
  times >"$logs/$i.times"
}
# The CPU seconds (user and system) that `times` wrote to FILE for the children.
cpu_seconds() {
  tail -1 "$1" | awk '{ n = 0; for (i = 1; i <= 2; i++) { split($i, p, "m"); sub("s", "", p[2]); n += p[1] * 60 + p[2] } printf "%.1f", n }'
}

# The XCTest cases (the Lottie player's tests) run as two groups of their own: the export's
# comparison with the players (the slowest class by far) and every other class.
xctest_slow='LottieTests.ExportTests'
xctest_rest=$("$bundle" --testing-library xctest --list-tests 2>/dev/null | sed -nE 's#^([A-Za-z0-9_]+\.[A-Za-z0-9_]+)/.*#\1#p' \
  | sort -u | grep -vxF "$xctest_slow" | paste -sd, -)
xctest_filters=("$xctest_slow" "$xctest_rest")
run_xctest() {
  local k=$1 start end status
  start=$(date +%s.%N)
  "$bundle" --testing-library xctest "${xctest_filters[$k]}" >"$logs/xctest$k.log" 2>&1
  status=$?
  end=$(date +%s.%N)
  echo "$status $(echo "$end - $start" | bc)" >"$logs/xctest$k.status"
  times >"$logs/xctest$k.times"
}

run_xctest 0 &
run_xctest 1 &
running=2
for i in "${!groups[@]}"; do
  run_group "$i" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
done
wait

passed=0 failed=0 bad=0
for i in "${!groups[@]}"; do
  log="$logs/$i.log"
  read -r status seconds <"$logs/$i.status"
  # Each group's own output, whole, so that a failure's details are there to read.
  echo "=== tests matching ^(${groups[$i]}) (exit $status, ${seconds%.*} s)"
  cat "$log"
  summary=$(grep -aE "Test run with [0-9]+ tests? " "$log" | tail -1)
  total=$(echo "$summary" | sed -nE 's/.*Test run with ([0-9]+) tests?.*/\1/p')
  failures=$(grep -aE "Test .* failed after" "$log" | grep -acv "Test run with")
  if [ -z "$total" ]; then
    echo "run-suites: the group ^(${groups[$i]}) ended without a summary (exit $status): it crashed" >&2
    bad=1; failed=$((failed + 1)); continue
  fi
  # Swift Testing exits 69 (EX_UNAVAILABLE) when no test matched, which only the last group may see.
  [ "$total" -eq 0 ] && [ "$status" -eq 69 ] && status=0
  [ "$status" -eq 0 ] || [ "$failures" -gt 0 ] || { failures=1; }
  passed=$((passed + total - failures)); failed=$((failed + failures))
done

for k in "${!xctest_filters[@]}"; do
  read -r status seconds <"$logs/xctest$k.status"
  echo "=== the XCTest cases of ${xctest_filters[$k]:0:60} (exit $status, ${seconds%.*} s)"
  cat "$logs/xctest$k.log"
  # The run's own summary is the last "Executed" line ("Executed N tests, with [K tests skipped and] M failures").
  summary=$(grep -aE "Executed [0-9]+ tests?, with " "$logs/xctest$k.log" | tail -1)
  total=$(echo "$summary" | sed -nE 's/.*Executed ([0-9]+) tests?, with .*/\1/p')
  failures=$(echo "$summary" | sed -nE 's/.* ([0-9]+) failures? .*/\1/p')
  skipped=$(echo "$summary" | sed -nE 's/.*with ([0-9]+) tests? skipped.*/\1/p')
  total=$(( ${total:-0} - ${skipped:-0} ))
  [ -n "$summary" ] || total=""
  if [ -z "$total" ]; then
    echo "run-suites: the XCTest cases of ${xctest_filters[$k]:0:60} ended without a summary (exit $status): they crashed" >&2
    bad=1; failed=$((failed + 1))
  else
    [ "$status" -eq 0 ] || [ "$failures" -gt 0 ] || { failures=1; }
    passed=$((passed + total - failures)); failed=$((failed + failures))
  fi
done

echo "=== the groups of suites, slowest first (wall time of each group's process, and the CPU time it and its children used)"
{
  for i in "${!groups[@]}"; do
    read -r status seconds <"$logs/$i.status"
    printf '%8.1f s  %8.1f s CPU  ^(%s)\n' "$seconds" "$(cpu_seconds "$logs/$i.times")" "${groups[$i]}"
  done
  for k in "${!xctest_filters[@]}"; do
    read -r status seconds <"$logs/xctest$k.status"
    printf '%8.1f s  %8.1f s CPU  (the XCTest cases of %s)\n' "$seconds" "$(cpu_seconds "$logs/xctest$k.times")" "${xctest_filters[$k]:0:60}"
  done
} | sort -rn
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$bad" -eq 0 ]
