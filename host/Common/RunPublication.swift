// SPDX-License-Identifier: MIT
import FXSinks

/// How the outputs this process makes now are published: `Publication.direct`, except while
/// the body of a supervised run (`isolated`) runs in its child, where it is the child's
/// publication (FXIsolation's). Bound for the body's duration, not set: nothing outlives the run
/// that bound it, and the code between the fork and the sinks (the run plan, the join) need not
/// carry it. Every output the command line makes is made with it (`output(_:)`).
public enum RunPublication {
    @TaskLocal public static var current: Publication = .direct
}
