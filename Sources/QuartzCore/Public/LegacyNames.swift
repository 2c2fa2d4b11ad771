// SPDX-License-Identifier: MIT
// Core Animation's constants by their names before Swift 4.2
// (`kCAFillModeForwards`, `kCAMediaTimingFunctionEaseOut`, …). Apple's SDK
// marks them unavailable since Swift 4.2, when they became the typed
// constants of Names.swift; public code written for Swift 3 and 4.0 still uses
// them. Each one here is the typed constant itself, so it goes wherever the
// typed API takes it (`fillMode = kCAFillModeForwards`,
// `CAMediaTimingFunction(name: kCAMediaTimingFunctionEaseOut)`). Code that
// used one as a String (the old API's type) writes `.rawValue`.

public let kCAFillModeRemoved = CAMediaTimingFillMode.removed
public let kCAFillModeForwards = CAMediaTimingFillMode.forwards
public let kCAFillModeBackwards = CAMediaTimingFillMode.backwards
public let kCAFillModeBoth = CAMediaTimingFillMode.both

public let kCAMediaTimingFunctionLinear = CAMediaTimingFunctionName.linear
public let kCAMediaTimingFunctionEaseIn = CAMediaTimingFunctionName.easeIn
public let kCAMediaTimingFunctionEaseOut = CAMediaTimingFunctionName.easeOut
public let kCAMediaTimingFunctionEaseInEaseOut = CAMediaTimingFunctionName.easeInEaseOut
public let kCAMediaTimingFunctionDefault = CAMediaTimingFunctionName.default

public let kCAAnimationLinear = CAAnimationCalculationMode.linear
public let kCAAnimationDiscrete = CAAnimationCalculationMode.discrete
public let kCAAnimationPaced = CAAnimationCalculationMode.paced
public let kCAAnimationCubic = CAAnimationCalculationMode.cubic
public let kCAAnimationCubicPaced = CAAnimationCalculationMode.cubicPaced
public let kCAAnimationRotateAuto = CAAnimationRotationMode.rotateAuto
public let kCAAnimationRotateAutoReverse = CAAnimationRotationMode.rotateAutoReverse

public let kCATransitionFade = CATransitionType.fade
public let kCATransitionMoveIn = CATransitionType.moveIn
public let kCATransitionPush = CATransitionType.push
public let kCATransitionReveal = CATransitionType.reveal
public let kCATransitionFromRight = CATransitionSubtype.fromRight
public let kCATransitionFromLeft = CATransitionSubtype.fromLeft
public let kCATransitionFromTop = CATransitionSubtype.fromTop
public let kCATransitionFromBottom = CATransitionSubtype.fromBottom

public let kCAGravityCenter = CALayerContentsGravity.center
public let kCAGravityTop = CALayerContentsGravity.top
public let kCAGravityBottom = CALayerContentsGravity.bottom
public let kCAGravityLeft = CALayerContentsGravity.left
public let kCAGravityRight = CALayerContentsGravity.right
public let kCAGravityTopLeft = CALayerContentsGravity.topLeft
public let kCAGravityTopRight = CALayerContentsGravity.topRight
public let kCAGravityBottomLeft = CALayerContentsGravity.bottomLeft
public let kCAGravityBottomRight = CALayerContentsGravity.bottomRight
public let kCAGravityResize = CALayerContentsGravity.resize
public let kCAGravityResizeAspect = CALayerContentsGravity.resizeAspect
public let kCAGravityResizeAspectFill = CALayerContentsGravity.resizeAspectFill

public let kCALineCapButt = CAShapeLayerLineCap.butt
public let kCALineCapRound = CAShapeLayerLineCap.round
public let kCALineCapSquare = CAShapeLayerLineCap.square
public let kCALineJoinMiter = CAShapeLayerLineJoin.miter
public let kCALineJoinRound = CAShapeLayerLineJoin.round
public let kCALineJoinBevel = CAShapeLayerLineJoin.bevel
public let kCAFillRuleNonZero = CAShapeLayerFillRule.nonZero
public let kCAFillRuleEvenOdd = CAShapeLayerFillRule.evenOdd

public let kCAGradientLayerAxial = CAGradientLayerType.axial
public let kCAGradientLayerRadial = CAGradientLayerType.radial
public let kCAGradientLayerConic = CAGradientLayerType.conic

public let kCAAlignmentNatural = CATextLayerAlignmentMode.natural
public let kCAAlignmentLeft = CATextLayerAlignmentMode.left
public let kCAAlignmentRight = CATextLayerAlignmentMode.right
public let kCAAlignmentCenter = CATextLayerAlignmentMode.center
public let kCAAlignmentJustified = CATextLayerAlignmentMode.justified
public let kCATruncationNone = CATextLayerTruncationMode.none
public let kCATruncationStart = CATextLayerTruncationMode.start
public let kCATruncationMiddle = CATextLayerTruncationMode.middle
public let kCATruncationEnd = CATextLayerTruncationMode.end

public let kCAEmitterLayerPoint = CAEmitterLayerEmitterShape.point
public let kCAEmitterLayerLine = CAEmitterLayerEmitterShape.line
public let kCAEmitterLayerRectangle = CAEmitterLayerEmitterShape.rectangle
public let kCAEmitterLayerCircle = CAEmitterLayerEmitterShape.circle
public let kCAEmitterLayerCuboid = CAEmitterLayerEmitterShape.cuboid
public let kCAEmitterLayerSphere = CAEmitterLayerEmitterShape.sphere
public let kCAEmitterLayerPoints = CAEmitterLayerEmitterMode.points
public let kCAEmitterLayerOutline = CAEmitterLayerEmitterMode.outline
public let kCAEmitterLayerSurface = CAEmitterLayerEmitterMode.surface
public let kCAEmitterLayerVolume = CAEmitterLayerEmitterMode.volume
public let kCAEmitterLayerUnordered = CAEmitterLayerRenderMode.unordered
public let kCAEmitterLayerOldestFirst = CAEmitterLayerRenderMode.oldestFirst
public let kCAEmitterLayerOldestLast = CAEmitterLayerRenderMode.oldestLast
public let kCAEmitterLayerBackToFront = CAEmitterLayerRenderMode.backToFront
public let kCAEmitterLayerAdditive = CAEmitterLayerRenderMode.additive
