#include "jpeg_writer.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

/* libjpeg's error manager extended with the jump target and where the message goes (the public part first, as
 * libjpeg's example.c does, so a j_common_ptr's err can be cast back). */
typedef struct {
    struct jpeg_error_mgr pub;
    jmp_buf jump;
    char *message;
    size_t message_capacity;
} error_state;

static void set_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    size_t n = strlen(text);
    if (n >= capacity) n = capacity - 1;
    memcpy(message, text, n);
    message[n] = '\0';
}

/* Records libjpeg's message and jumps back to the caller's setjmp (never returns). */
static void on_error_exit(j_common_ptr cinfo) {
    error_state *state = (error_state *)cinfo->err;
    char text[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, text);
    set_message(state->message, state->message_capacity, text);
    longjmp(state->jump, 1);
}

/* Warnings and trace messages are not errors and must not print from a server. */
static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void init_errors(error_state *state, char *message, size_t message_capacity) {
    jpeg_std_error(&state->pub);
    state->pub.error_exit = on_error_exit;
    state->pub.output_message = on_output_message;
    state->message = message;
    state->message_capacity = message_capacity;
}

/* Grows out to hold at least needed bytes (doubling); 0 when memory ran out. */
static int reserve(chart_jpeg_buffer *out, size_t needed) {
    if (needed <= out->capacity) return 1;
    size_t capacity = out->capacity ? out->capacity : 65536;
    while (capacity < needed) {
        if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
        capacity *= 2;
    }
    uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
    if (grown == NULL) return 0;
    out->data = grown;
    out->capacity = capacity;
    return 1;
}

/* A destination manager writing into a chart_jpeg_buffer: libjpeg fills the buffer's free tail and asks for more
 * room when it is full. */
typedef struct {
    struct jpeg_destination_mgr pub;
    chart_jpeg_buffer *out;
} buffer_destination;

static void init_destination(j_compress_ptr cinfo) {
    buffer_destination *dest = (buffer_destination *)cinfo->dest;
    if (!reserve(dest->out, 65536)) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 0);
    dest->pub.next_output_byte = dest->out->data;
    dest->pub.free_in_buffer = dest->out->capacity;
}

/* Called when the whole buffer is full (libjpeg's contract: it ignores free_in_buffer here). */
static boolean empty_output_buffer(j_compress_ptr cinfo) {
    buffer_destination *dest = (buffer_destination *)cinfo->dest;
    size_t used = dest->out->capacity;
    if (!reserve(dest->out, used + 1)) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 1);
    dest->pub.next_output_byte = dest->out->data + used;
    dest->pub.free_in_buffer = dest->out->capacity - used;
    return TRUE;
}

static void term_destination(j_compress_ptr cinfo) {
    buffer_destination *dest = (buffer_destination *)cinfo->dest;
    dest->out->size = dest->out->capacity - dest->pub.free_in_buffer;
}

static void clear(chart_jpeg_buffer *out) {
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
}

int chart_jpeg_write(const uint8_t *pixels, uint32_t width, uint32_t height, int quality, chart_jpeg_buffer *out,
                     char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    if (out == NULL) return 1;
    clear(out);
    if (pixels == NULL && width != 0 && height != 0) {
        set_message(message, message_capacity, "no pixel data");
        return 1;
    }
    if (quality < 1 || quality > 100) {
        set_message(message, message_capacity, "quality must be between 1 and 100");
        return 1;
    }
    struct jpeg_compress_struct cinfo;
    error_state errors;
    buffer_destination dest;
    init_errors(&errors, message, message_capacity);
    cinfo.err = &errors.pub;
    /* Every error exit below lands here. cinfo, dest and out live in memory not changed after setjmp by this
     * function (libjpeg changes them through pointers), so they are valid here. */
    if (setjmp(errors.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(out->data);
        clear(out);
        if (message != NULL && message_capacity > 0 && message[0] == '\0') {
            set_message(message, message_capacity, "libjpeg error");
        }
        return 1;
    }
    jpeg_create_compress(&cinfo);
    dest.pub.init_destination = init_destination;
    dest.pub.empty_output_buffer = empty_output_buffer;
    dest.pub.term_destination = term_destination;
    dest.out = out;
    cinfo.dest = &dest.pub;
    cinfo.image_width = width;
    cinfo.image_height = height;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBX;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality, TRUE);
    /* The standard Huffman tables (optimize_coding stays FALSE): optimizing them for the image would make the
     * standard chart 7 % smaller but its encode 2.6 times slower (5.0 ms instead of 1.9 ms of CPU; libjpeg-turbo's
     * SIMD Huffman coder only runs without it), missing the 3 ms budget (docs/benchmarks.md, "WebP and JPEG"). */
    /* 4:4:4: jpeg_set_defaults halves the chroma both ways (2×2 luma samples per chroma sample); full-resolution
     * chroma keeps thin coloured lines and small coloured text from bleeding into their neighbours. */
    for (int c = 0; c < cinfo.num_components; c++) {
        cinfo.comp_info[c].h_samp_factor = 1;
        cinfo.comp_info[c].v_samp_factor = 1;
    }
    jpeg_start_compress(&cinfo, TRUE);
    size_t stride = (size_t)width * 4;
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * stride);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}

int chart_jpeg_read(const uint8_t *bytes, size_t size, chart_jpeg_buffer *out, uint32_t *width, uint32_t *height,
                    char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    if (out == NULL || width == NULL || height == NULL) return 1;
    clear(out);
    *width = 0;
    *height = 0;
    if (bytes == NULL || size == 0) {
        set_message(message, message_capacity, "no JPEG data");
        return 1;
    }
    struct jpeg_decompress_struct cinfo;
    error_state errors;
    init_errors(&errors, message, message_capacity);
    cinfo.err = &errors.pub;
    if (setjmp(errors.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(out->data);
        clear(out);
        if (message != NULL && message_capacity > 0 && message[0] == '\0') {
            set_message(message, message_capacity, "libjpeg error");
        }
        return 1;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, bytes, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_RGB;
    jpeg_start_decompress(&cinfo);
    size_t stride = (size_t)cinfo.output_width * 3;
    if (!reserve(out, stride * cinfo.output_height)) ERREXIT1(&cinfo, JERR_OUT_OF_MEMORY, 2);
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = out->data + (size_t)cinfo.output_scanline * stride;
        jpeg_read_scanlines(&cinfo, &row, 1);
    }
    out->size = stride * cinfo.output_height;
    *width = cinfo.output_width;
    *height = cinfo.output_height;
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 0;
}

void chart_jpeg_free(chart_jpeg_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    clear(buffer);
}
