import FXCommandLine

// fxhost-pixels: fxhost with the renderer and the image sinks; fxhost hands it
// every run that needs pixels (image outputs, --sheet, the preview, check).
fxhostMain(pixels: Pixels(sinks: imageSinks, check: check, join: join))
