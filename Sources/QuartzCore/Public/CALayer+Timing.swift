// SPDX-License-Identifier: MIT
import CoreGraphics
import FXPluginKit

/// What a layer keeps of CAMediaTiming beyond the time map (fxhost layers never end).
struct TimingExtras {
    var duration: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode = CAMediaTimingFillMode.removed
}

/// A layer's time: local = (parent − beginTime) × speed + timeOffset, with
/// the stage root's parent time being the clock (`CACurrentMediaTime()`).
extension CALayer {
    var hostTiming: (beginTime: Double, speed: Double, timeOffset: Double) {
        Fault.attempt((0, 1, 0)) { () throws(PluginError) in try host.timing() }
    }

    func setTiming(beginTime: Double? = nil, speed: Double? = nil, timeOffset: Double? = nil) {
        guard !isPresentation else { return }
        let t = hostTiming
        modelReads.forget()
        Fault.attempt { () throws(PluginError) in
            try host.setTiming(beginTime: beginTime ?? t.beginTime, speed: speed ?? t.speed, timeOffset: timeOffset ?? t.timeOffset)
        }
    }

    public var beginTime: CFTimeInterval {
        get { hostTiming.beginTime }
        set { setTiming(beginTime: newValue) }
    }
    public var speed: Float {
        get { Float(hostTiming.speed) }
        set { setTiming(speed: Double(newValue)) }
    }
    public var timeOffset: CFTimeInterval {
        get { hostTiming.timeOffset }
        set { setTiming(timeOffset: newValue) }
    }
    public var duration: CFTimeInterval {
        get { timingExtras.duration }
        set { timingExtras.duration = newValue }
    }
    public var repeatCount: Float {
        get { timingExtras.repeatCount }
        set { timingExtras.repeatCount = newValue }
    }
    public var repeatDuration: CFTimeInterval {
        get { timingExtras.repeatDuration }
        set { timingExtras.repeatDuration = newValue }
    }
    public var autoreverses: Bool {
        get { timingExtras.autoreverses }
        set { timingExtras.autoreverses = newValue }
    }
    public var fillMode: CAMediaTimingFillMode {
        get { timingExtras.fillMode }
        set { timingExtras.fillMode = newValue }
    }

    /// The clock's time in this layer's time.
    func localTime(fromGlobal t: CFTimeInterval) -> CFTimeInterval {
        let parent = superlayer.map { $0.localTime(fromGlobal: t) } ?? t
        let m = hostTiming
        return (parent - m.beginTime) * m.speed + m.timeOffset
    }

    /// This layer's time in the clock's; a paused layer (speed 0) maps every
    /// global time to one local time, so the inverse takes its begin time.
    func globalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
        let m = hostTiming
        let parent = m.speed == 0 ? m.beginTime : (t - m.timeOffset) / m.speed + m.beginTime
        return superlayer.map { $0.globalTime(fromLocal: parent) } ?? parent
    }

    /// `t` in `layer`'s time (nil: the clock's, `CACurrentMediaTime()`) as this layer's time.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        if layer == nil, t == FXClock.now {
            // The host's own answer for now, whatever tree the layer is in.
            return Fault.attempt(localTime(fromGlobal: t)) { () throws(PluginError) in try host.localTime() }
        }
        return localTime(fromGlobal: layer?.globalTime(fromLocal: t) ?? t)
    }

    /// `t` in this layer's time as `layer`'s time (nil: the clock's).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        let global = globalTime(fromLocal: t)
        return layer?.localTime(fromGlobal: global) ?? global
    }
}
