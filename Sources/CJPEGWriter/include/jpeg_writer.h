#ifndef CHART_JPEG_WRITER_H
#define CHART_JPEG_WRITER_H
#include <stddef.h>
#include <stdint.h>

/* The C code of the JPEG path. libjpeg reports errors by calling error_exit, which must not return; here it
 * longjmps back to the setjmp of the function that was called (chart_jpeg_write or chart_jpeg_read), so a longjmp
 * never crosses a Swift frame, and every failure comes back as a return code plus libjpeg's message. */

/* Encoder and decoder output: a malloc'd buffer, grown geometrically; free it with chart_jpeg_free. */
typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
} chart_jpeg_buffer;

/* Encodes height rows of width opaque pixels, 4 bytes each in the order R, G, B, X (X is ignored; rows contiguous),
 * as a baseline JFIF JPEG at quality 1-100 (libjpeg's scale of its standard quantization tables) with every
 * component sampled at full resolution (4:4:4) and the standard Huffman tables, into *out. Returns 0 on success;
 * otherwise nonzero with a NUL-terminated reason in message (up to message_capacity bytes) and out->data == NULL. */
int chart_jpeg_write(const uint8_t *pixels, uint32_t width, uint32_t height, int quality, chart_jpeg_buffer *out,
                     char *message, size_t message_capacity);

/* Decodes a JPEG of size bytes into *out as RGB8 rows (3 bytes a pixel, rows contiguous) and its size into *width
 * and *height: the tests' outside oracle (libjpeg's own decoder). Returns 0 on success; otherwise nonzero with a
 * reason in message and out->data == NULL. */
int chart_jpeg_read(const uint8_t *bytes, size_t size, chart_jpeg_buffer *out, uint32_t *width, uint32_t *height,
                    char *message, size_t message_capacity);

/* Frees a buffer filled by chart_jpeg_write or chart_jpeg_read (safe on an empty buffer). */
void chart_jpeg_free(chart_jpeg_buffer *buffer);

#endif
