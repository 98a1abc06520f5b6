// RefreshFramesRaster
