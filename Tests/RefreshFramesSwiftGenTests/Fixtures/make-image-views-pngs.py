# Writes the tiny solid PNGs image-views.json names (loose files beside the spec, as a bundle's
# resources): `python3 make-image-views-pngs.py` in this directory.
from PIL import Image
for name, size, color in [
    ("arrow", (16, 32), (142, 142, 147, 255)), ("logo", (40, 40), (255, 149, 0, 255)),
    ("logo-refreshing", (40, 40), (52, 199, 89, 255)), ("idle", (30, 30), (200, 200, 200, 255)),
    ("run-0", (30, 30), (255, 59, 48, 255)), ("run-1", (30, 30), (255, 204, 0, 255)),
    ("run-2", (30, 30), (0, 122, 255, 255)), ("dot-0", (10, 10), (0, 0, 0, 255)), ("dot-1", (10, 10), (0, 0, 0, 64)),
]:
    Image.new("RGBA", size, color).save(f"{name}.png", optimize=True)
