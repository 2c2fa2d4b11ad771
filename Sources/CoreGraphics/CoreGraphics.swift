// SPDX-License-Identifier: MIT
// CoreGraphics for Linux, as iOS code imports it: Foundation on Linux already
// has CGFloat, CGPoint, CGSize and CGRect; this module adds the types it lacks
// (CGColor, CGPath and CGMutablePath, CGAffineTransform, CGImage, CGVector,
// the line cap and join enums) with Apple's names and documented meanings.
@_exported import Foundation

/// The largest finite Float, which Darwin's math.h defines and Glibc's module
/// does not export; iOS code writes `repeatCount = MAXFLOAT` for "forever".
public let MAXFLOAT: Float = .greatestFiniteMagnitude
/// Darwin's `HUGE` (math.h defines it as `MAXFLOAT`, and Swift imports it as a
/// Float), which Glibc's module does not export; iOS code writes `repeatCount = HUGE`.
public let HUGE: Float = .greatestFiniteMagnitude

/// Core Foundation's names that Core Animation's API uses and Foundation on Linux lacks.
public typealias CFTimeInterval = Double
public typealias CFTypeRef = AnyObject
/// Core Foundation's Booleans (`kCFBooleanTrue`, `kCFBooleanFalse`), which Foundation on Linux does not
/// export. A `CFBoolean` is toll-free bridged to `NSNumber` on Apple's platforms, so each is that number
/// (`boolValue` true or false), as `CATransaction.setValue(kCFBooleanTrue, forKey: kCATransactionDisableActions)` passes it.
public let kCFBooleanTrue: NSNumber! = NSNumber(value: true)
public let kCFBooleanFalse: NSNumber! = NSNumber(value: false)
