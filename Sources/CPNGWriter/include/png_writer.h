#ifndef CHART_PNG_WRITER_H
#define CHART_PNG_WRITER_H
#include <stddef.h>
#include <stdint.h>

/* The C code of the PNG path. libpng reports errors by longjmp; chart_png_write owns the one setjmp, so a
 * longjmp never crosses a Swift frame, and every failure comes back as a return code plus a message. */

/* Channel layouts accepted by chart_png_write. */
enum { CHART_PNG_RGB = 3, CHART_PNG_RGBA = 4 };

/* "Leave libpng's default" for the filter, level and strategy arguments. */
enum { CHART_PNG_DEFAULT = -1 };

/* Encoder output: a malloc'd buffer, grown geometrically; free it with chart_png_free. */
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} chart_png_buffer;

/* Encodes height rows of width pixels (channels = 3 or 4, straight alpha, 8 bits, row stride = width * channels)
 * as PNG into *out. filter is a mask of PNG_FILTER_* values, level a zlib level 0-9, strategy a zlib strategy
 * (Z_FILTERED, Z_RLE, ...); any of them may be CHART_PNG_DEFAULT. Returns 0 on success; otherwise nonzero with a
 * NUL-terminated reason in message (up to message_capacity bytes) and out->data == NULL. */
int chart_png_write(const uint8_t *pixels, uint32_t width, uint32_t height, int channels, int filter, int level,
                    int strategy, chart_png_buffer *out, char *message, size_t message_capacity);

/* Encodes height rows of width premultiplied RGBA8 pixels (4 bytes each in the order R, G, B, A; rows contiguous)
 * as PNG with the chart-specialised deflate of png_fast_writer.c: 8-bit RGB when every pixel is opaque,
 * straight-alpha RGBA otherwise (c * 255 / a rounded to nearest). effort 0 tries only the fixed match distances
 * (left pixel, pixel above); effort 1 adds a hash of earlier 4-byte sequences (about 11 % smaller; on chart images
 * no slower, since it leaves fewer literals to code). known_opaque nonzero says every alpha is 255 (the pixels are
 * not scanned for it; were it false, alpha would be dropped). Returns 0 on success; otherwise nonzero with a reason in message and out->data == NULL. */
int chart_png_write_premultiplied(const uint8_t *pixels, uint32_t width, uint32_t height, int effort,
                                  int known_opaque, chart_png_buffer *out, char *message, size_t message_capacity);

/* Appends to *out (which may be empty, or hold earlier output) the zlib stream of a width x height sub-rectangle at
 * (x, y) of an image of image_width premultiplied RGBA8 pixels per row, as PNG scanlines with filter type 0: RGB
 * when channels is 3 (alpha dropped: the caller knows the pixels are opaque), straight-alpha RGBA when 4. With
 * `previous` (an image of the same size; RGBA only), a pixel equal to previous's is written transparent black, for
 * an APNG frame blended over the one before. The deflate is chart_png_write_premultiplied's (effort as there). For
 * an APNG frame's IDAT or fdAT data. Returns 0 on success; nonzero for invalid arguments or when out of memory
 * (out then holds partial output; free it as usual). */
int chart_png_deflate_rect(const uint8_t *pixels, const uint8_t *previous, uint32_t image_width, uint32_t x,
                           uint32_t y, uint32_t width, uint32_t height, int channels, int effort,
                           chart_png_buffer *out);

/* Whether the chart-specialised writer may take its AVX2 paths when the CPU has them (initially 1); returns the
 * previous setting. The paths without AVX2 (SSE2) write the same bytes: tests compare both. */
int chart_png_allow_avx2(int allowed);

/* zlib's CRC-32 of n more bytes, continuing `crc` (start with 0), as PNG chunks use it. */
uint32_t chart_crc32(uint32_t crc, const uint8_t *bytes, size_t n);

/* Frees a buffer filled by chart_png_write (safe on an empty buffer). */
void chart_png_free(chart_png_buffer *buffer);

/* Benchmark baseline: zlib compress2 of len bytes at level into a new buffer. Returns 0 on success. */
int chart_deflate(const uint8_t *bytes, size_t len, int level, chart_png_buffer *out);

#endif
