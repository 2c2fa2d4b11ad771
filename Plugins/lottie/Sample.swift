// SPDX-License-Identifier: MIT
/// The animation played when no --file is given: a blue square turning and
/// an orange circle growing, one second at 30 frames a second, 200 × 200.
enum Sample {
    static let json = """
    {"v":"5.7.4","fr":30,"ip":0,"op":30,"w":200,"h":200,"nm":"sample","layers":[
     {"ty":4,"nm":"circle","ind":1,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[140,140]},
       "s":{"a":1,"k":[{"t":0,"s":[50,50],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":29,"s":[120,120]}]}},
      "shapes":[{"ty":"el","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[60,60]}},{"ty":"fl","c":{"a":0,"k":[1,0.55,0.1,1]},"o":{"a":0,"k":100}}]},
     {"ty":4,"nm":"square","ind":2,"ip":0,"op":30,"st":0,"ks":{"p":{"a":0,"k":[70,70]},
       "r":{"a":1,"k":[{"t":0,"s":[0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":29,"s":[90]}]}},
      "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[80,80]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0.15,0.4,0.9,1]},"o":{"a":0,"k":100}}]}
    ]}
    """
}
