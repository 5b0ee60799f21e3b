#include "png_writer.h"
#include <png.h>
#include <zlib.h>
#include <stdlib.h>
#include <string.h>

/* Per-call state reachable from libpng's callbacks. */
typedef struct {
    chart_png_buffer *out;
    char *message;
    size_t message_capacity;
} writer_state;

static void set_message(writer_state *state, const char *text) {
    if (state->message == NULL || state->message_capacity == 0) return;
    size_t n = strlen(text);
    if (n >= state->message_capacity) n = state->message_capacity - 1;
    memcpy(state->message, text, n);
    state->message[n] = '\0';
}

/* Records the error and jumps back to chart_png_write's setjmp (never returns). */
static void on_error(png_structp png, png_const_charp text) {
    writer_state *state = (writer_state *)png_get_error_ptr(png);
    if (state != NULL) set_message(state, text);
    png_longjmp(png, 1);
}

/* Warnings are not errors and must not print from a server. */
static void on_warning(png_structp png, png_const_charp text) {
    (void)png;
    (void)text;
}

static void on_write(png_structp png, png_bytep data, size_t length) {
    writer_state *state = (writer_state *)png_get_io_ptr(png);
    chart_png_buffer *out = state->out;
    if (length > SIZE_MAX - out->size) png_error(png, "PNG output too large");
    size_t needed = out->size + length;
    if (needed > out->capacity) {
        size_t capacity = out->capacity ? out->capacity : 65536;
        while (capacity < needed) {
            if (capacity > SIZE_MAX / 2) { capacity = needed; break; }
            capacity *= 2;
        }
        uint8_t *grown = (uint8_t *)realloc(out->data, capacity);
        if (grown == NULL) png_error(png, "out of memory for PNG output");
        out->data = grown;
        out->capacity = capacity;
    }
    memcpy(out->data + out->size, data, length);
    out->size = needed;
}

static void on_flush(png_structp png) { (void)png; }

int chart_png_write(const uint8_t *pixels, uint32_t width, uint32_t height, int channels, int filter, int level,
                    int strategy, chart_png_buffer *out, char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    if (out == NULL) return 1;
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    writer_state state = {out, message, message_capacity};
    if (channels != CHART_PNG_RGB && channels != CHART_PNG_RGBA) {
        set_message(&state, "channels must be 3 (RGB) or 4 (RGBA)");
        return 1;
    }
    if (pixels == NULL && width != 0 && height != 0) {
        set_message(&state, "no pixel data");
        return 1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &state, on_error, on_warning);
    if (png == NULL) {
        set_message(&state, "cannot create the libpng write struct");
        return 1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        set_message(&state, "cannot create the libpng info struct");
        return 1;
    }
    /* Every png_error below lands here. png, info and out are not modified after setjmp, so they are valid here. */
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(out->data);
        out->data = NULL;
        out->size = 0;
        out->capacity = 0;
        if (message != NULL && message_capacity > 0 && message[0] == '\0') set_message(&state, "libpng error");
        return 1;
    }
    png_set_write_fn(png, &state, on_write, on_flush);
    int color_type = channels == CHART_PNG_RGBA ? PNG_COLOR_TYPE_RGB_ALPHA : PNG_COLOR_TYPE_RGB;
    png_set_IHDR(png, info, width, height, 8, color_type, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    if (filter != CHART_PNG_DEFAULT) png_set_filter(png, PNG_FILTER_TYPE_BASE, filter);
    if (level != CHART_PNG_DEFAULT) png_set_compression_level(png, level);
    if (strategy != CHART_PNG_DEFAULT) png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    size_t stride = (size_t)width * (size_t)channels;
    for (uint32_t y = 0; y < height; y++) {
        png_write_row(png, pixels + (size_t)y * stride);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    return 0;
}

void chart_png_free(chart_png_buffer *buffer) {
    if (buffer == NULL) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = 0;
    buffer->capacity = 0;
}

int chart_deflate(const uint8_t *bytes, size_t len, int level, chart_png_buffer *out) {
    if (out == NULL) return 1;
    uLongf bound = compressBound((uLong)len);
    out->data = (uint8_t *)malloc(bound);
    out->size = 0;
    out->capacity = bound;
    if (out->data == NULL) return 1;
    uLongf size = bound;
    if (compress2(out->data, &size, bytes, (uLong)len, level) != Z_OK) {
        chart_png_free(out);
        return 1;
    }
    out->size = size;
    return 0;
}
