import FXCommandLine

// fxhost: text runs, plugin listings and help, with no renderer loaded;
// runs that need pixels are handed to fxhost-pixels.
fxhostMain(pixels: nil)
