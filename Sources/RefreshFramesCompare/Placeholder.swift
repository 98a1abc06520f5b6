// RefreshFramesCompare
