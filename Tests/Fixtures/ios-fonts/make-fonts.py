#!/usr/bin/env python3
"""Makes the stand-in "iOS font files" of IOSFontFilesTests (run by hand; needs fontTools).

They are not Apple's fonts: each is a box font made here, named as an iOS family so that
REFRESH_FRAMES_IOS_FONTS takes it, with advances and vertical metrics chosen so that a test can
derive a label's size by hand: 1000 units per em, ascender 900, descender 300, line gap 0
(line height 1.2 em); every glyph but the space a box 700 units tall, inset 100 units from each
side of its advance (50 in the bold face), with the advances given below.
"""
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib.ttCollection import TTCollection


def box(advance, weight):
    pen = TTGlyphPen(None)
    inset = 50 if weight == "Bold" else 100
    pen.moveTo((inset, 0))
    pen.lineTo((inset, 700))
    pen.lineTo((advance - inset, 700))
    pen.lineTo((advance - inset, 0))
    pen.closePath()
    return pen.glyph()


def make(path, family, style, advances, weight_class, save=True):
    order = [".notdef"] + list(advances)
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(order)
    fb.setupCharacterMap({ord(c): c for c in advances if len(c) == 1})
    glyphs = {".notdef": TTGlyphPen(None).glyph()}
    glyphs.update({c: box(a, style) if c != " " else TTGlyphPen(None).glyph() for c, a in advances.items()})
    fb.setupGlyf(glyphs)
    metrics = {".notdef": (500, 0)}
    metrics.update({c: (a, 100) for c, a in advances.items()})
    fb.setupHorizontalMetrics(metrics)
    fb.setupHorizontalHeader(ascent=900, descent=-300, lineGap=0)
    ps = family.replace(" ", "") + "-" + style
    fb.setupNameTable({"familyName": family, "styleName": style, "psName": ps, "fullName": family + " " + style})
    fb.setupOS2(usWeightClass=weight_class, sTypoAscender=900, sTypoDescender=-300, sTypoLineGap=0,
                usWinAscent=900, usWinDescent=300, sCapHeight=700, fsSelection=0x20 if style == "Bold" else 0x40)
    if style == "Bold":
        fb.font["head"].macStyle = 1
    fb.setupPost()
    # A fixed date (2016-02-14, the tests' clock), so that the files are the same on every run.
    fb.font["head"].created = fb.font["head"].modified = 3538296000
    fb.font.recalcTimestamp = False
    if save:
        fb.save(path)
    return fb.font


make("HelveticaNeue-Regular.ttf", "Helvetica Neue", "Regular", {"H": 600, "i": 250, " ": 300}, 400)
make("HelveticaNeue-Bold.ttf", "Helvetica Neue", "Bold", {"H": 700, "i": 300, " ": 300}, 700)
make("SFUIText-Regular.ttf", "SF UI Text", "Regular", {"H": 550, "i": 200, " ": 250}, 400)
make("SFUIDisplay-Regular.ttf", "SF UI Display", "Regular", {"H": 500, "i": 180, " ": 250}, 400)

# A collection, as iOS ships PingFang: face 0 PingFang TC (H 400), face 1 PingFang SC (H 450).
collection = TTCollection()
collection.fonts = [
    make(None, "PingFang TC", "Regular", {"H": 400, " ": 250}, 400, save=False),
    make(None, "PingFang SC", "Regular", {"H": 450, " ": 250}, 400, save=False),
]
collection.save("PingFang.ttc")
