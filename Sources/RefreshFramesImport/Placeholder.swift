// RefreshFramesImport
