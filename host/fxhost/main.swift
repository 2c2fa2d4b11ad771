// SPDX-License-Identifier: MIT
import FXCommandLine

// fxhost: the command line (FXCommandLine) given the renderer, the image sinks,
// `check`, `join` and the studio worker's frames, which it keeps free of.
var pixels = Pixels(sinks: imageSinks, check: check, join: join)
pixels.studioFrames = studioPainter
fxhostMain(pixels: pixels)
