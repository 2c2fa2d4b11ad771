// SPDX-License-Identifier: MIT
import FXCommandLine

// fxhost: the command line (FXCommandLine) given the renderer, the image sinks,
// `check` and `join`, which it keeps free of.
fxhostMain(pixels: Pixels(sinks: imageSinks, check: check, join: join))
