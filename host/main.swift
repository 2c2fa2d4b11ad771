print("fxhost")
