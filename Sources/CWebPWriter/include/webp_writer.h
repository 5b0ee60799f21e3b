#ifndef CHART_WEBP_WRITER_H
#define CHART_WEBP_WRITER_H
#include <stddef.h>
#include <stdint.h>

/* A chart-specialised lossless WebP (VP8L, RFC 9649) encoder with no dependencies: the subtract-green transform,
 * a colour cache, LZ77 with the "pixel to the left / pixel above" distance codes and a small hash of earlier pixel
 * pairs, and one group of length-limited canonical prefix codes. On charts it is smaller than libwebp's method 1
 * and about 5x faster (docs/benchmarks.md). */

/* Encoder output: a malloc'd buffer, grown geometrically; free it with chart_webp_free. */
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} chart_webp_buffer;

/* The largest side VP8L stores (14-bit sizes). */
enum { CHART_WEBP_MAX_SIDE = 16383 };

/* Encodes height rows of width straight-alpha RGBA8 pixels (R, G, B, A; rows contiguous) as a lossless WebP file
 * (RIFF + VP8L chunk) into *out, which must be empty. The file decodes to exactly these pixels, transparent ones
 * keeping their colour. Returns 0 on success; otherwise nonzero with a NUL-terminated reason in message (up to
 * message_capacity bytes) and out->data == NULL. */
int chart_webp_write_lossless(const uint8_t *rgba, uint32_t width, uint32_t height, chart_webp_buffer *out,
                              char *message, size_t message_capacity);

/* Frees a buffer filled by chart_webp_write_lossless (safe on an empty buffer). */
void chart_webp_free(chart_webp_buffer *buffer);

#endif
