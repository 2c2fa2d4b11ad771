// SPDX-License-Identifier: MIT
import QuartzCore

// UIKit's touch-driven controls, declared unavailable so that the compiler
// names them and says why, instead of "cannot find type in scope".

@available(*, unavailable, message: "a picker is a wheel the user turns by touch; fxhost has no touches (fire an event instead, docs/SWIFT-PORTING.md)")
open class UIPickerView: UIView {}

@available(*, unavailable, message: "a picker is a wheel the user turns by touch; fxhost has no touches (fire an event instead, docs/SWIFT-PORTING.md)")
public protocol UIPickerViewDataSource: AnyObject {}

@available(*, unavailable, message: "a picker is a wheel the user turns by touch; fxhost has no touches (fire an event instead, docs/SWIFT-PORTING.md)")
public protocol UIPickerViewDelegate: AnyObject {}

@available(*, unavailable, message: "a segmented control is chosen by touch; fxhost has no touches (fire an event instead, docs/SWIFT-PORTING.md)")
open class UISegmentedControl: UIControl {}
