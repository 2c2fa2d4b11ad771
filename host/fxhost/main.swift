// SPDX-License-Identifier: MIT
import FXCommandLine

// fxhost: the whole command line is FXCommandLine's.
fxhostMain()
