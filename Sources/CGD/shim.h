#ifndef REFRESHFRAMES_CGD_SHIM_H
#define REFRESHFRAMES_CGD_SHIM_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <gd.h>
#include <gd_errors.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_ADVANCES_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H
#include FT_TRUETYPE_TAGS_H
#include <fontconfig/fontconfig.h>
#include <libdeflate.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <png.h>

/* Function-like macros of gd.h, which Swift does not import. */
static inline int cgd_sx(gdImagePtr im) { return gdImageSX(im); }
static inline int cgd_sy(gdImagePtr im) { return gdImageSY(im); }
static inline int cgd_is_truecolor(gdImagePtr im) { return gdImageTrueColor(im); }
static inline int cgd_truecolor_alpha(int r, int g, int b, int a) { return gdTrueColorAlpha(r, g, b, a); }

/* One row of a truecolor image's pixels (NULL for palette images or rows out of range). */
static inline int *cgd_row(gdImagePtr im, int y) {
    if (!im->trueColor || im->tpixels == NULL || y < 0 || y >= im->sy) return NULL;
    return im->tpixels[y];
}

/* Sets every pixel of a truecolor image to `color`, bypassing alpha blending. */
static inline void cgd_fill(gdImagePtr im, int color) {
    if (!im->trueColor || im->tpixels == NULL) return;
    for (int y = 0; y < im->sy; y++) {
        int *row = im->tpixels[y];
        for (int x = 0; x < im->sx; x++) row[x] = color;
    }
}

/* gd's error callback receives a va_list; the trampoline formats the message into a per-thread
   buffer, so the Swift caller that saw a NULL return can put gd's own words into its error. */
static inline char *cgd_message_buffer(void) {
    static _Thread_local char buffer[512];
    return buffer;
}

static inline void cgd_error_trampoline(int priority, const char *format, va_list args) {
    (void)priority;
    vsnprintf(cgd_message_buffer(), 512, format, args);
}

static inline void cgd_install_error_handler(void) { gdSetErrorMethod(cgd_error_trampoline); }
static inline void cgd_clear_last_message(void) { cgd_message_buffer()[0] = 0; }
static inline const char *cgd_last_error_message(void) { return cgd_message_buffer(); }

/* FreeType's 16.16 / 26.6 helpers need nothing; these expose FT_Face fields that are macros. */
static inline int cgd_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }

/* Floats in 0…1 to bytes, clamped, then v·255 + 0.5 truncated (Swift's rule for the same
   conversion), in a loop the compiler vectorises: a frame's opaque pixels, channel by channel. */
static inline void cgd_quantise(const float *source, unsigned char *bytes, size_t count) {
    for (size_t i = 0; i < count; i++) {
        float v = source[i];
        v = v < 0 ? 0 : v;
        v = v > 1 ? 1 : v;
        bytes[i] = (unsigned char)(int)(v * 255.0f + 0.5f);
    }
}

/* Colour emoji: FT_LOAD_COLOR is a macro expression, FT_HAS_FIXED_SIZES a field test. */
static inline int cgd_ft_load_color(void) { return (int)FT_LOAD_COLOR; }
static inline int cgd_ft_has_fixed_sizes(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? 1 : 0; }

/* The OpenType GSUB table's tag (a macro expression). */
static inline FT_ULong cgd_tag_gsub(void) { return TTAG_GSUB; }

/* An app's PNG image through libpng's simplified API: 8-bit RGBA, not premultiplied, whatever the
   file's colour type, depth or interlacing (libgd keeps alpha in 7 bits, which moves an antialiased
   edge by a step). `cgd_png_size` reads the header only; `cgd_png_decode` fills `out` (width × height
   × 4 bytes) and refuses a file whose size is not `width` × `height`. Both return 0 on success and
   put libpng's message into `message` otherwise. */
static inline int cgd_png_size(const unsigned char *data, size_t size, unsigned int *width, unsigned int *height,
                               char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    *width = image.width;
    *height = image.height;
    png_image_free(&image);
    return 0;
}

static inline int cgd_png_decode(const unsigned char *data, size_t size, unsigned char *out, unsigned int width,
                                 unsigned int height, char *message, size_t message_size) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    if (image.width != width || image.height != height) {
        snprintf(message, message_size, "the header changed between two reads");
        png_image_free(&image);
        return 1;
    }
    image.format = PNG_FORMAT_RGBA;
    if (!png_image_finish_read(&image, NULL, out, 0, NULL)) {
        snprintf(message, message_size, "%s", image.message);
        png_image_free(&image);
        return 1;
    }
    return 0;
}

#endif
