#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Makes docs/studio.png, the studio page as docs/STUDIO.md shows it: the screenshot the studio's
# browser test takes of the spinner effect (Tests/IntegrationTests/StudioTests.swift).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/studio-screenshot.sh" -- "$@"
cd "$(dirname "$0")/.."
swift build --build-tests
FXHOST_STUDIO_SCREENSHOT="$PWD/docs/studio.png" "$(swift build --show-bin-path)/fxhostPackageTests.xctest" \
  --testing-library swift-testing --filter 'IntegrationTests.StudioTests/thePageScrubsTunesAndShowsWhatTheCommandLineDraws'
echo "studio-screenshot: wrote docs/studio.png"
