/* SPDX-License-Identifier: MIT */
/* UIKit.UIKitCore declares nothing in C: everything is the Swift module UIKit's (module.modulemap). */
