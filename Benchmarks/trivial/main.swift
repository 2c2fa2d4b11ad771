// SPDX-License-Identifier: MIT
// The baseline for fxhost's start-up benchmark: a Swift program that does nothing.
print("", terminator: "")
