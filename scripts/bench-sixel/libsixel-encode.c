/* scripts/bench: libsixel's encoder in-process, the way Sources/CGD would call it: each raw RGBA
   frame (WIDTH x HEIGHT, 4 bytes a pixel) quantised to 256 colours (libsixel's defaults: median cut,
   no dithering chosen by "auto" for few colours) and encoded. Prints the encode time of all frames.
     libsixel-encode WIDTH HEIGHT OUT_DIR FRAME.raw...   writes OUT_DIR/N.six */
#include <sixel.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int write_file(char *data, int size, void *priv) {
    return fwrite(data, 1, (size_t)size, (FILE *)priv) == (size_t)size ? 0 : -1;
}

int main(int argc, char **argv) {
    if (argc < 5) return 64;
    int width = atoi(argv[1]), height = atoi(argv[2]);
    size_t bytes = (size_t)width * height * 4;
    unsigned char *pixels = malloc(bytes);
    double total = 0;
    for (int i = 4; i < argc; i++) {
        FILE *in = fopen(argv[i], "rb");
        if (!in || fread(pixels, 1, bytes, in) != bytes) return 2;
        fclose(in);
        char path[4096];
        snprintf(path, sizeof path, "%s/%04d.six", argv[3], i - 4);
        FILE *out = fopen(path, "wb");
        struct timespec a, b;
        clock_gettime(CLOCK_MONOTONIC, &a);
        sixel_output_t *output = NULL;
        sixel_dither_t *dither = NULL;
        if (SIXEL_FAILED(sixel_output_new(&output, write_file, out, NULL))) return 3;
        if (SIXEL_FAILED(sixel_dither_new(&dither, 256, NULL))) return 3;
        if (SIXEL_FAILED(sixel_dither_initialize(dither, pixels, width, height, SIXEL_PIXELFORMAT_RGBA8888,
                SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO))) return 3;
        if (SIXEL_FAILED(sixel_encode(pixels, width, height, 3, dither, output))) return 3;
        sixel_dither_unref(dither);
        sixel_output_unref(output);
        clock_gettime(CLOCK_MONOTONIC, &b);
        total += (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9;
        fclose(out);
    }
    printf("%.3f\n", total);
    return 0;
}
