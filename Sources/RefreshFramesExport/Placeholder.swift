// RefreshFramesExport
