// SPDX-License-Identifier: MIT
import Foundation

/// What the dynamic loader did in a run, for tests of libraries fxhost loads
/// with dlopen only when a run needs them (FFmpeg, pango, libwebp, libimagequant).
public enum LoaderProbe {
    /// Runs `executable` with `LD_DEBUG=files`: its status, standard error, and the
    /// file names of every library the loader mapped, in every process of the run.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> (status: Int32, libraries: Set<String>, stderr: String) {
        let r = try runProcess(executable, arguments, environment: environment.merging(["LD_DEBUG": "files"]) { a, _ in a })
        let names = r.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let at = line.range(of: "file=") else { return nil }
            return String(line[at.upperBound...].prefix { $0 != " " && $0 != ";" })
        }
        return (r.status, Set(names), r.stderr)
    }

    /// The environment that preloads a shim, compiled into `folder`, whose dlopen
    /// refuses every library whose name starts with one of `prefixes`: the host as
    /// it runs on a machine without them.
    public static func refusing(_ prefixes: [String], in folder: String) throws -> [String: String] {
        let source = folder + "/refuse-dlopen.c", library = folder + "/refuse-dlopen.so"
        let tests = prefixes.map { "strncmp(name, \"\($0)\", \($0.utf8.count)) == 0" }.joined(separator: " || ")
        try """
        #define _GNU_SOURCE
        #include <dlfcn.h>
        #include <string.h>
        void *dlopen(const char *name, int flags) {
            void *(*next)(const char *, int) = (void *(*)(const char *, int))dlsym(RTLD_NEXT, "dlopen");
            if (name && (\(tests))) return NULL;
            return next(name, flags);
        }
        """.write(toFile: source, atomically: true, encoding: .utf8)
        let cc = try runProcess("/usr/bin/env", ["cc", "-shared", "-fPIC", source, "-o", library, "-ldl"])
        guard cc.status == 0 else { throw ShimError(message: "cc refuse-dlopen.c: \(cc.stderr)") }
        return ["LD_PRELOAD": library]
    }

    struct ShimError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
