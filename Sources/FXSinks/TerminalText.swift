// SPDX-License-Identifier: MIT
import FXToolbox

/// The toolbox's one escaping routine for plugin text on a terminal (FXToolbox, which plugins
/// link too), named here as well so that the sinks' clients need no second import.
public typealias TerminalText = FXToolbox.TerminalText
