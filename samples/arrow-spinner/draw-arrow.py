# Draws the sample's arrow (16 x 32 pt, pointing down) at 1x, 2x and 3x: a 2.5 pt shaft and a
# 12 pt wide head in #8E8E93, antialiased by drawing 16 times larger and averaging (BOX).
from PIL import Image, ImageDraw
W, H = 16, 32
for scale in (1, 2, 3):
    k = 16 * scale                       # supersampled pixels per point
    big = Image.new("RGBA", (W * k, H * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    color = (0x8E, 0x8E, 0x93, 255)
    cx = W / 2
    shaft = 2.5
    d.rectangle([(cx - shaft / 2) * k, 2 * k, (cx + shaft / 2) * k, 22 * k], fill=color)
    d.polygon([((cx - 6) * k, 19 * k), ((cx + 6) * k, 19 * k), (cx * k, 30 * k)], fill=color)
    img = big.resize((W * scale, H * scale), Image.BOX)
    name = "arrow.png" if scale == 1 else f"arrow@{scale}x.png"
    img.save(name, optimize=True)
    print(name, img.size)
