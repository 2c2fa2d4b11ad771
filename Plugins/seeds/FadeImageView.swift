// SPDX-License-Identifier: MIT
// Seed 004's fadeImageView and changeFlightDataAnimatedTo, as the seed prints
// them, with only the Swift 2 → Swift 5 migration, the duration as a parameter,
// and a bound on the seed's endless loop (docs/SWIFT-SEEDS.md lists each changed line).
import UIKit

extension FlightViewController {
    func fadeImageView(imageView:UIImageView,toImage:UIImage,showEffects:Bool){
        let newImageView = UIImageView(image: toImage)
        //新建一个图层
        newImageView.frame = view.frame
        newImageView.alpha = 0.0
        
        UIView.animate(withDuration: duration, animations: { () -> Void in
        //分别改变透明度
            newImageView.alpha=1.0
            self.snowView.alpha = showEffects ? 1.0 : 0.0
            //添加图层above于原图片
            self.view.insertSubview(newImageView, aboveSubview: imageView)
            }) { _ -> Void in
            //完成后替换图片并移除图层
            imageView.image = newImageView.image
            newImageView.removeFromSuperview()
        }
    }

    func changeFlightDataAnimatedTo(data:FlightData){
        guard changesLeft > 0 else { return }
        changesLeft -= 1
        fadeImageView(imageView: bgImageView, toImage: UIImage(named: data.weatherImageName)!, showEffects: data.showWeatherEffects)
        
        delay(seconds: 3.0) {
            self.changeFlightDataAnimatedTo(data: data.isTakingOff ? self.parisToRome : self.londonToParis)
        }
    }
}
