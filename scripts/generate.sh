#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Writes the faces of the engine's property catalog (Sources/FXCore/Property.swift) that live
# elsewhere: FXPluginKit's typed keys (Sources/FXPluginKit/LayerKeys.swift), the QuartzCore
# facade's animatable keys and new-layer defaults (Sources/QuartzCore/Private/Catalog.swift), and the
# property table of docs/KEYPATHS.md. With --check it writes nothing and fails naming each stale
# face (the test command runs it so).
#   scripts/generate.sh [--check]
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/options.sh"
script_options "scripts/generate.sh [--check]" --check -- "$@"
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") mode=write ;;
  --check) mode=check ;;
  *) echo "generate.sh: unexpected argument '$1' (usage: scripts/generate.sh [--check])" >&2; exit 2 ;;
esac
swift build --product fxcatalog >/dev/null
"$(swift build --show-bin-path)/fxcatalog" "$mode" .
