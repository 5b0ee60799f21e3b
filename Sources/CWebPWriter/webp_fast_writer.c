/* A chart-specialised lossless WebP encoder: the VP8L bitstream of RFC 9649 ("WebP Image Format", section 3),
 * written from the RFC's description of what a decoder reads. Charts are flat fills, straight edges, anti-aliased
 * lines and text in a few colours, so the encoder spends its time where that pays:
 *   - the subtract-green transform (RFC 9649 4.3): greys, the bulk of text anti-aliasing, get red = blue = 0;
 *   - LZ77 backward references (5.2.2) that first try the pixel to the left and the pixel above (distance codes 2
 *     and 1 of the RFC's 120 "plane" codes: a flat fill or a vertical edge is one long copy), then one probe of a
 *     hash of earlier pixel pairs (repeated glyphs, tick marks, legend swatches);
 *   - a colour cache (5.2.3) for the few colours a chart uses;
 *   - one group of five canonical prefix codes (5.2.1, 6.2), limited to 15 bits, each written with the
 *     code-length code (6.2.1.2) or as a "simple" code when it has one or two 8-bit symbols.
 * Every allocation is sized from width × height (at most 16,383² pixels): no input can make it unbounded. */
#include "webp_writer.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    NUM_LITERALS = 256,
    NUM_LENGTH_CODES = 24,
    NUM_DISTANCE_CODES = 40,
    CACHE_BITS = 10,
    CACHE_SIZE = 1 << CACHE_BITS,
    GREEN_ALPHABET = NUM_LITERALS + NUM_LENGTH_CODES + CACHE_SIZE,
    MAX_CODE_LENGTH = 15,          /* RFC 9649 6.2.1: prefix codes are at most 15 bits */
    MAX_CODE_LENGTH_CODE_LENGTH = 7, /* the code-length code's lengths are 3-bit numbers */
    NUM_CODE_LENGTH_CODES = 19,
    MAX_COPY = 4096,               /* the longest backward reference (RFC 9649 5.2.2) */
    HASH_BITS = 16,
    PLANE_ABOVE = 1,               /* distance code of (0, 1), the pixel above */
    PLANE_LEFT = 2,                /* distance code of (1, 0), the pixel to the left */
    NUM_PLANE_CODES = 120,
    MAX_DISTANCE = (1 << 20) - NUM_PLANE_CODES,
};

/* Token kinds: a literal ARGB pixel, a colour cache index, or a backward reference (length, distance code). */
enum { TOKEN_LITERAL = 0, TOKEN_CACHE = 1, TOKEN_COPY = 2 };

typedef struct {
    uint32_t value;  /* ARGB for a literal, the cache index, or the distance code of a copy */
    uint16_t length; /* copy length 1 … 4096 */
    uint16_t kind;
} token;

/* The five alphabets of a prefix code group, in the order the bitstream stores them. */
enum { GREEN = 0, RED = 1, BLUE = 2, ALPHA = 3, DIST = 4, NUM_CODES = 5 };
static const int alphabet_size[NUM_CODES] = {GREEN_ALPHABET, NUM_LITERALS, NUM_LITERALS, NUM_LITERALS,
                                             NUM_DISTANCE_CODES};

/* A prefix code ready to write: the bit-reversed canonical code of each symbol and its length in bits. */
typedef struct {
    uint16_t code[GREEN_ALPHABET];
    uint8_t bits[GREEN_ALPHABET];
    uint8_t depth[GREEN_ALPHABET]; /* code lengths as transmitted (a lone symbol has depth 1 but 0 bits) */
} prefix_code;

/* ---- bit writer: VP8L packs bits least significant first (RFC 9649, section 3) ---- */

typedef struct {
    chart_webp_buffer *out;
    uint64_t acc;
    int used;
    int failed;
} bit_writer;

static int reserve(chart_webp_buffer *out, size_t more) {
    if (out->capacity - out->size >= more) return 1;
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (capacity - out->size < more) {
        if (capacity > SIZE_MAX / 2) return 0;
        capacity *= 2;
    }
    uint8_t *data = realloc(out->data, capacity);
    if (!data) return 0;
    out->data = data;
    out->capacity = capacity;
    return 1;
}

/* Appends the low n (≤ 32) bits of value. */
static inline void put_bits(bit_writer *w, uint32_t value, int n) {
    w->acc |= (uint64_t)value << w->used;
    w->used += n;
    if (w->used >= 32) {
        if (!reserve(w->out, 4)) {
            w->failed = 1;
            w->used -= 32;
            w->acc >>= 32;
            return;
        }
        uint8_t *p = w->out->data + w->out->size;
        p[0] = (uint8_t)w->acc;
        p[1] = (uint8_t)(w->acc >> 8);
        p[2] = (uint8_t)(w->acc >> 16);
        p[3] = (uint8_t)(w->acc >> 24);
        w->out->size += 4;
        w->acc >>= 32;
        w->used -= 32;
    }
}

static void flush_bits(bit_writer *w) {
    while (w->used > 0) {
        if (!reserve(w->out, 1)) {
            w->failed = 1;
            return;
        }
        w->out->data[w->out->size++] = (uint8_t)w->acc;
        w->acc >>= 8;
        w->used -= w->used >= 8 ? 8 : w->used;
    }
}

static inline void put_symbol(bit_writer *w, const prefix_code *c, int symbol) {
    put_bits(w, c->code[symbol], c->bits[symbol]);
}

/* ---- prefix codes ---- */

typedef struct {
    uint32_t count;
    int symbol;
} leaf;

static int compare_leaves(const void *a, const void *b) {
    const leaf *x = a, *y = b;
    if (x->count != y->count) return x->count < y->count ? -1 : 1;
    return x->symbol - y->symbol;
}

/* Huffman code lengths for counts[0 … n), at most `limit` bits. Huffman's two-queue construction over the leaves
 * sorted by count; when the deepest leaf is too deep, small counts are raised to a floor that doubles until the
 * tree fits (libwebp and zopfli's answer too: cheap, and within a fraction of a percent of package-merge on the
 * skewed histograms of charts). leaves holds n entries, scratch 8n ints. */
static void build_depths(const uint32_t *counts, int n, int limit, uint8_t *depth, leaf *leaves, int *scratch) {
    memset(depth, 0, (size_t)n);
    int used = 0;
    for (int s = 0; s < n; s++) {
        if (counts[s]) used++;
    }
    if (used == 0) return;
    if (used == 1) {
        for (int s = 0; s < n; s++) {
            if (counts[s]) depth[s] = 1;
        }
        return;
    }
    uint32_t floor_count = 1;
    for (;;) {
        int m = 0;
        for (int s = 0; s < n; s++) {
            if (counts[s]) leaves[m++] = (leaf){counts[s] < floor_count ? floor_count : counts[s], s};
        }
        qsort(leaves, (size_t)m, sizeof(leaf), compare_leaves);
        /* Nodes 0 … m-1 are the leaves, m … 2m-2 the internal nodes in the order they are made. */
        uint64_t *weight = (uint64_t *)(void *)(scratch);   /* 2m weights (uses 4m ints) */
        int *parent = scratch + 4 * n;                        /* 2m parents */
        for (int i = 0; i < m; i++) weight[i] = leaves[i].count;
        int next_leaf = 0, next_node = m, made = m;
        for (int k = 0; k < m - 1; k++) {
            int pick[2];
            for (int j = 0; j < 2; j++) {
                if (next_leaf < m && (next_node >= made || weight[next_leaf] <= weight[next_node])) {
                    pick[j] = next_leaf++;
                } else {
                    pick[j] = next_node++;
                }
            }
            weight[made] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = made;
            parent[pick[1]] = made;
            made++;
        }
        /* Depths: the root (made - 1) has depth 0; a node's parent is always made later, so walk downwards. */
        int max_depth = 0;
        int *d = parent + 2 * m; /* 2m more ints */
        d[made - 1] = 0;
        for (int i = made - 2; i >= 0; i--) {
            d[i] = d[parent[i]] + 1;
        }
        for (int i = 0; i < m; i++) {
            if (d[i] > max_depth) max_depth = d[i];
        }
        if (max_depth <= limit) {
            for (int i = 0; i < m; i++) depth[leaves[i].symbol] = (uint8_t)d[i];
            return;
        }
        floor_count *= 2;
    }
}

/* Canonical codes from depths (RFC 9649 6.2.1, as deflate's RFC 1951 3.2.2), bit-reversed because the
 * decoder reads a code one bit at a time from the least significant end. */
static void assign_codes(prefix_code *c, int n) {
    int count[MAX_CODE_LENGTH + 1] = {0};
    int used = 0;
    for (int s = 0; s < n; s++) {
        if (c->depth[s]) {
            count[c->depth[s]]++;
            used++;
        }
    }
    int next[MAX_CODE_LENGTH + 2] = {0};
    int code = 0;
    for (int len = 1; len <= MAX_CODE_LENGTH; len++) {
        code = (code + count[len - 1]) << 1;
        next[len] = code;
    }
    for (int s = 0; s < n; s++) {
        int len = c->depth[s];
        if (!len || used == 1) {
            c->bits[s] = 0; /* a lone symbol costs no bits (RFC 9649 6.2.1) */
            c->code[s] = 0;
            continue;
        }
        int value = next[len]++;
        int reversed = 0;
        for (int b = 0; b < len; b++) reversed |= ((value >> b) & 1) << (len - 1 - b);
        c->code[s] = (uint16_t)reversed;
        c->bits[s] = (uint8_t)len;
    }
}

/* The order in which the code-length code's lengths are stored (RFC 9649 6.2.1.2). */
static const uint8_t code_length_order[NUM_CODE_LENGTH_CODES] = {17, 18, 0, 1, 2, 3, 4, 5, 16, 6,
                                                                 7,  8,  9, 10, 11, 12, 13, 14, 15};

/* Writes the code for one alphabet: "simple" when at most two symbols, all below 256, are used; else "normal",
 * its depths run-length coded with symbols 0-15 (a depth), 16 (repeat the previous non-zero depth 3-6 times),
 * 17 (3-10 zeros) and 18 (11-138 zeros), themselves coded with a 19-symbol code of depth at most 7. */
static void write_code(bit_writer *w, const uint32_t *counts, int n, prefix_code *c, leaf *leaves, int *scratch) {
    int used = 0, first = -1, second = -1;
    for (int s = 0; s < n; s++) {
        if (!counts[s]) continue;
        used++;
        if (first < 0) first = s;
        else if (second < 0) second = s;
    }
    if (used <= 2 && (used == 0 || first < 256) && (used < 2 || second < 256)) {
        memset(c->depth, 0, (size_t)n);
        memset(c->bits, 0, (size_t)n);
        memset(c->code, 0, sizeof(c->code[0]) * (size_t)n); /* put_bits needs value < 2^bits, 0 for 0 bits */
        put_bits(w, 1, 1);                 /* simple code */
        put_bits(w, used == 2 ? 1 : 0, 1); /* number of symbols − 1 */
        int s0 = first < 0 ? 0 : first;
        if (s0 < 2) {
            put_bits(w, 0, 1); /* a 1-bit first symbol */
            put_bits(w, (uint32_t)s0, 1);
        } else {
            put_bits(w, 1, 1);
            put_bits(w, (uint32_t)s0, 8);
        }
        if (used == 2) {
            put_bits(w, (uint32_t)second, 8);
            c->code[first] = 0;
            c->bits[first] = 1;
            c->code[second] = 1;
            c->bits[second] = 1;
        }
        return;
    }
    build_depths(counts, n, MAX_CODE_LENGTH, c->depth, leaves, scratch);
    assign_codes(c, n);

    /* Run-length tokens of the depths: (symbol, extra bits value). */
    uint8_t *rle_symbol = (uint8_t *)(void *)(scratch);
    uint8_t *rle_extra = rle_symbol + n;
    int tokens = 0;
    for (int s = 0; s < n;) {
        int value = c->depth[s];
        int run = 1;
        while (s + run < n && c->depth[s + run] == value) run++;
        s += run;
        if (value == 0) {
            while (run > 0) {
                if (run >= 11) {
                    int k = run > 138 ? 138 : run;
                    rle_symbol[tokens] = 18;
                    rle_extra[tokens++] = (uint8_t)(k - 11);
                    run -= k;
                } else if (run >= 3) {
                    rle_symbol[tokens] = 17;
                    rle_extra[tokens++] = (uint8_t)(run - 3);
                    run = 0;
                } else {
                    rle_symbol[tokens] = 0;
                    rle_extra[tokens++] = 0;
                    run--;
                }
            }
        } else {
            rle_symbol[tokens] = (uint8_t)value;
            rle_extra[tokens++] = 0;
            run--;
            while (run > 0) {
                if (run >= 3) {
                    int k = run > 6 ? 6 : run;
                    rle_symbol[tokens] = 16;
                    rle_extra[tokens++] = (uint8_t)(k - 3);
                    run -= k;
                } else {
                    rle_symbol[tokens] = (uint8_t)value;
                    rle_extra[tokens++] = 0;
                    run--;
                }
            }
        }
    }
    uint32_t length_counts[NUM_CODE_LENGTH_CODES] = {0};
    for (int t = 0; t < tokens; t++) length_counts[rle_symbol[t]]++;
    prefix_code length_code;
    prefix_code *lc = &length_code;
    leaf small_leaves[2 * NUM_CODE_LENGTH_CODES];
    int small_scratch[8 * NUM_CODE_LENGTH_CODES];
    build_depths(length_counts, NUM_CODE_LENGTH_CODES, MAX_CODE_LENGTH_CODE_LENGTH, lc->depth, small_leaves,
                 small_scratch);
    assign_codes(lc, NUM_CODE_LENGTH_CODES);
    int stored = NUM_CODE_LENGTH_CODES;
    while (stored > 4 && lc->depth[code_length_order[stored - 1]] == 0) stored--;
    put_bits(w, 0, 1); /* normal code */
    put_bits(w, (uint32_t)(stored - 4), 4);
    for (int i = 0; i < stored; i++) put_bits(w, lc->depth[code_length_order[i]], 3);
    put_bits(w, 0, 1); /* max_symbol: all of the alphabet */
    for (int t = 0; t < tokens; t++) {
        put_symbol(w, lc, rle_symbol[t]);
        if (rle_symbol[t] == 16) put_bits(w, rle_extra[t], 2);
        else if (rle_symbol[t] == 17) put_bits(w, rle_extra[t], 3);
        else if (rle_symbol[t] == 18) put_bits(w, rle_extra[t], 7);
    }
}

/* ---- LZ77 prefix coding of lengths and distances (RFC 9649 5.2.2) ---- */

/* The prefix symbol and extra bits of a length or distance code value ≥ 1: values 1-4 are symbols 0-3; above,
 * v − 1 = 1 b x…x (binary, highest bit at h) is symbol 2h + b with h − 1 extra bits x…x. */
static inline void prefix_encode(uint32_t value, int *symbol, int *extra_bits, uint32_t *extra) {
    uint32_t d = value - 1;
    if (d < 4) {
        *symbol = (int)d;
        *extra_bits = 0;
        *extra = 0;
        return;
    }
    int h = 31 - __builtin_clz(d);
    *symbol = 2 * h + (int)((d >> (h - 1)) & 1);
    *extra_bits = h - 1;
    *extra = d & ((1u << (h - 1)) - 1);
}

static inline uint32_t cache_index(uint32_t argb) { return (0x1e35a7bdu * argb) >> (32 - CACHE_BITS); }

static inline uint32_t pair_hash(const uint32_t *p) {
    return ((p[0] * 0x9E3779B1u) ^ (p[1] * 0x85EBCA77u)) >> (32 - HASH_BITS);
}

/* The length (≤ limit) over which a[i] == b[i]. */
static inline int match_length(const uint32_t *a, const uint32_t *b, int limit) {
    int n = 0;
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

static void fail(char *message, size_t capacity, const char *reason) {
    if (message && capacity) snprintf(message, capacity, "%s", reason);
}

static void put_le32(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

int chart_webp_write_lossless(const uint8_t *rgba, uint32_t width, uint32_t height, chart_webp_buffer *out,
                              char *message, size_t message_capacity) {
    if (!out || !rgba || width < 1 || height < 1 || width > CHART_WEBP_MAX_SIDE || height > CHART_WEBP_MAX_SIDE) {
        fail(message, message_capacity, "a lossless WebP is 1 to 16383 pixels on a side");
        return 1;
    }
    out->data = NULL;
    out->size = out->capacity = 0;
    const size_t n = (size_t)width * height;
    const int xsize = (int)width;

    uint32_t *argb = malloc(n * sizeof(uint32_t));
    token *tokens = malloc(n * sizeof(token));
    int32_t *hash = malloc(sizeof(int32_t) << HASH_BITS);
    uint32_t *counts = calloc((size_t)GREEN_ALPHABET * NUM_CODES, sizeof(uint32_t));
    prefix_code *codes = malloc(sizeof(prefix_code) * NUM_CODES);
    leaf *leaves = malloc(sizeof(leaf) * 2 * GREEN_ALPHABET);
    int *scratch = malloc(sizeof(int) * 8 * GREEN_ALPHABET);
    uint32_t cache[CACHE_SIZE];
    int status = 1;
    if (!argb || !tokens || !hash || !counts || !codes || !leaves || !scratch) {
        fail(message, message_capacity, "out of memory");
        goto done;
    }

    /* ARGB with the subtract-green transform: red − green and blue − green, modulo 256 (RFC 9649 4.3). */
    int has_alpha = 0;
    for (size_t i = 0; i < n; i++) {
        const uint8_t *p = rgba + 4 * i;
        uint32_t r = p[0], g = p[1], b = p[2], a = p[3];
        has_alpha |= a != 255;
        argb[i] = a << 24 | ((r - g) & 0xff) << 16 | g << 8 | ((b - g) & 0xff);
    }

    /* Tokens and their histograms in one pass. The decoder puts every pixel it produces, literal, cached or
     * copied, into the colour cache, so the encoder does the same to know what a cache index will mean. */
    uint32_t *green = counts, *red = counts + GREEN_ALPHABET, *blue = red + GREEN_ALPHABET;
    uint32_t *alpha = blue + GREEN_ALPHABET, *dist = alpha + GREEN_ALPHABET;
    /* An empty slot must never match: 0 is each slot's "empty" except slot 0, where pixel 0 (transparent black)
     * itself lands; it gets 1, which hashes elsewhere. (libwebp's decoder starts from zeros, but the RFC leaves an
     * unwritten slot undefined, so no cache index may point at one.) */
    memset(cache, 0, sizeof(cache));
    cache[0] = 1;
    memset(hash, 0xff, sizeof(int32_t) << HASH_BITS);
    size_t count = 0;
    for (size_t i = 0; i < n;) {
        int limit = n - i > MAX_COPY ? MAX_COPY : (int)(n - i);
        int best = 0;
        uint32_t best_code = 0;
        if (i >= 1) {
            int len = match_length(argb + i, argb + i - 1, limit);
            if (len >= 2) {
                best = len;
                best_code = PLANE_LEFT;
            }
        }
        if (i >= (size_t)xsize && best < limit) {
            int len = match_length(argb + i, argb + i - xsize, limit);
            if (len >= 2 && len > best) {
                best = len;
                best_code = PLANE_ABOVE;
            }
        }
        if (best < limit && limit >= 2) {
            uint32_t h = pair_hash(argb + i);
            int32_t candidate = hash[h];
            hash[h] = (int32_t)i;
            /* The 40 distance symbols reach distance codes up to 2^20, so plain distances up to 2^20 − 120. */
            if (candidate >= 0 && i - (size_t)candidate <= MAX_DISTANCE) {
                size_t distance = i - (size_t)candidate;
                int len = match_length(argb + i, argb + candidate, limit);
                if (len >= 3 && len > best + 1) {
                    best = len;
                    /* A distance that is one of the two plane codes uses it; others are code distance + 120. */
                    best_code = distance == 1 ? PLANE_LEFT
                              : distance == (size_t)xsize ? PLANE_ABOVE
                              : (uint32_t)distance + NUM_PLANE_CODES;
                }
            }
        }
        if (best) {
            tokens[count++] = (token){best_code, (uint16_t)best, TOKEN_COPY};
            int symbol, extra_bits;
            uint32_t extra;
            prefix_encode((uint32_t)best, &symbol, &extra_bits, &extra);
            green[NUM_LITERALS + symbol]++;
            prefix_encode(best_code, &symbol, &extra_bits, &extra);
            dist[symbol]++;
            for (size_t k = 0; k < (size_t)best; k++) cache[cache_index(argb[i + k])] = argb[i + k];
            i += (size_t)best;
            continue;
        }
        uint32_t pixel = argb[i];
        uint32_t key = cache_index(pixel);
        if (cache[key] == pixel) {
            tokens[count++] = (token){key, 0, TOKEN_CACHE};
            green[NUM_LITERALS + NUM_LENGTH_CODES + key]++;
        } else {
            cache[key] = pixel;
            tokens[count++] = (token){pixel, 0, TOKEN_LITERAL};
            green[(pixel >> 8) & 0xff]++;
            red[(pixel >> 16) & 0xff]++;
            blue[pixel & 0xff]++;
            alpha[pixel >> 24]++;
        }
        i++;
    }

    bit_writer w = {out, 0, 0, 0};
    if (!reserve(out, 20 + 5)) {
        fail(message, message_capacity, "out of memory");
        goto done;
    }
    out->size = 20; /* RIFF header and VP8L chunk header, filled in at the end */
    put_bits(&w, 0x2f, 8); /* VP8L signature */
    put_bits(&w, width - 1, 14);
    put_bits(&w, height - 1, 14);
    put_bits(&w, (uint32_t)has_alpha, 1);
    put_bits(&w, 0, 3); /* version 0 */
    put_bits(&w, 1, 1); /* a transform: */
    put_bits(&w, 2, 2); /*   subtract green */
    put_bits(&w, 0, 1); /* no more transforms */
    put_bits(&w, 1, 1); /* a colour cache */
    put_bits(&w, CACHE_BITS, 4);
    put_bits(&w, 0, 1); /* no meta prefix codes: one group for the whole image */
    for (int k = 0; k < NUM_CODES; k++) {
        write_code(&w, counts + (size_t)k * GREEN_ALPHABET, alphabet_size[k], &codes[k], leaves, scratch);
    }
    const prefix_code *cg = &codes[GREEN], *cr = &codes[RED], *cb = &codes[BLUE], *ca = &codes[ALPHA];
    const prefix_code *cd = &codes[DIST];
    for (size_t t = 0; t < count && !w.failed; t++) {
        token tk = tokens[t];
        if (tk.kind == TOKEN_LITERAL) {
            uint32_t p = tk.value;
            put_symbol(&w, cg, (p >> 8) & 0xff);
            put_symbol(&w, cr, (p >> 16) & 0xff);
            put_symbol(&w, cb, p & 0xff);
            put_symbol(&w, ca, (int)(p >> 24));
        } else if (tk.kind == TOKEN_CACHE) {
            put_symbol(&w, cg, NUM_LITERALS + NUM_LENGTH_CODES + (int)tk.value);
        } else {
            int symbol, extra_bits;
            uint32_t extra;
            prefix_encode(tk.length, &symbol, &extra_bits, &extra);
            put_symbol(&w, cg, NUM_LITERALS + symbol);
            put_bits(&w, extra, extra_bits);
            prefix_encode(tk.value, &symbol, &extra_bits, &extra);
            put_symbol(&w, cd, symbol);
            put_bits(&w, extra, extra_bits);
        }
    }
    flush_bits(&w);
    if (w.failed || !reserve(out, 1)) {
        fail(message, message_capacity, "out of memory");
        goto done;
    }
    size_t chunk = out->size - 20;
    if (chunk & 1) out->data[out->size++] = 0; /* RIFF chunks are padded to an even size */
    if (out->size - 8 > 0xfffffff0u) {
        fail(message, message_capacity, "output larger than 4 GiB");
        goto done;
    }
    memcpy(out->data, "RIFF", 4);
    put_le32(out->data + 4, (uint32_t)(out->size - 8));
    memcpy(out->data + 8, "WEBPVP8L", 8);
    put_le32(out->data + 16, (uint32_t)chunk);
    status = 0;

done:
    free(argb);
    free(tokens);
    free(hash);
    free(counts);
    free(codes);
    free(leaves);
    free(scratch);
    if (status != 0) chart_webp_free(out);
    return status;
}

void chart_webp_free(chart_webp_buffer *buffer) {
    if (!buffer) return;
    free(buffer->data);
    buffer->data = NULL;
    buffer->size = buffer->capacity = 0;
}
