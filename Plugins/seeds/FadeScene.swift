// SPDX-License-Identifier: MIT
// The screen seed 004 animates, built in code where the tutorial series uses a
// storyboard: the background image view, the snow view over it, and the two
// flights whose weather images the background alternates between.
import Scenery
import UIKit

/// The series' flight data: which weather image a flight shows, and whether it snows.
struct FlightData {
    let weatherImageName: String
    let showWeatherEffects: Bool
    let isTakingOff: Bool
}

/// The series' `delay(seconds:completion:)`, on the simulated clock.
func delay(seconds: Double, completion: @escaping () -> Void) {
    SimulatedClock.main.asyncAfter(deadline: .now() + seconds, execute: completion)
}

final class FlightViewController {
    let view: UIView
    let bgImageView: UIImageView
    let snowView: SnowView
    let duration: TimeInterval
    var changesLeft: Int
    let londonToParis: FlightData
    // The series' flags: London to Paris is taking off, Paris to Rome landing, so that
    // changeFlightDataAnimatedTo alternates between the two (`--changes` past 1 shows it).
    let parisToRome = FlightData(weatherImageName: "bg-sunny", showWeatherEffects: false, isTakingOff: false)

    init(view: UIView, from: String, to: String, duration: TimeInterval, snow: Bool, changes: Int) {
        self.view = view
        self.duration = duration
        changesLeft = changes
        londonToParis = FlightData(weatherImageName: "bg-snowy", showWeatherEffects: snow, isTakingOff: true)
        let size = UIScreen.main.bounds.size
        let w = max(1, Int(size.width.rounded())), h = max(1, Int(size.height.rounded()))
        func picture(_ file: String, _ made: () -> [UInt8]) -> UIImage {
            file.isEmpty ? UIImage.make(width: w, height: h, rgba: made())! : UIImage(contentsOfFile: file) ?? UIImage.make(width: 1, height: 1, rgba: [0, 0, 0, 0])!
        }
        UIImage.register(picture(from) { Sky.sunny(w, h) }, named: "bg-sunny")
        UIImage.register(picture(to) { Sky.snowy(w, h) }, named: "bg-snowy")

        bgImageView = UIImageView(image: UIImage(named: "bg-sunny"))
        bgImageView.frame = CGRect(origin: .zero, size: size)
        bgImageView.contentMode = .scaleAspectFill
        bgImageView.clipsToBounds = true
        view.addSubview(bgImageView)
        snowView = SnowView(frame: CGRect(origin: .zero, size: size))
        snowView.alpha = 0
        view.addSubview(snowView)
    }
}

/// The series' snow view: a CAEmitterLayer whose line runs along the top
/// edge, just above it, releasing white flakes that fall with some drift and
/// spin (a line emitter measures longitude from up the screen, so π is
/// down: docs/timing.md); it starts 4 s early so the sky is full when it
/// fades in.
final class SnowView: UIView {
    override class var layerClass: AnyClass { CAEmitterLayer.self }

    override init(frame: CGRect) {
        super.init(frame: frame)
        let emitter = layer as! CAEmitterLayer
        emitter.emitterShape = .line
        emitter.emitterPosition = CGPoint(x: frame.width / 2, y: -8)
        emitter.emitterSize = CGSize(width: frame.width * 1.2, height: 0)
        emitter.seed = 2024
        emitter.beginTime = -4
        let flake = CAEmitterCell()
        flake.name = "flake"
        flake.contents = UIImage.make(width: 16, height: 16, rgba: Flake.pixels(16))?.cgImage
        flake.birthRate = Float(frame.width / 8)
        flake.lifetime = 6.0
        flake.lifetimeRange = 1.0
        flake.velocity = 30
        flake.velocityRange = 20
        flake.emissionLongitude = .pi
        flake.emissionRange = .pi / 4
        flake.yAcceleration = 25
        flake.xAcceleration = 3
        flake.scale = 0.5
        flake.scaleRange = 0.3
        flake.spinRange = 1.5
        flake.alphaRange = 0.3
        emitter.emitterCells = [flake]
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }
}
