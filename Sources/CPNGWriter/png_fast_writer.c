/* A PNG writer specialised for chart images: premultiplied pixels in, PNG bytes out, with its own deflate encoder.
 *
 * Why not zlib: chart images are flat color with antialiased edges. Nearly every pixel repeats the pixel to its left
 * or the pixel above, so the matcher works on whole pixels: converting a row (alpha dropped or un-premultiplied,
 * eight pixels per AVX2 step) also records which pixels equal their left and upper neighbours as bit masks, and a run
 * of equal pixels becomes one match by counting bits, with no per-byte search. Only where no such run covers a
 * pixel does a single-entry hash of the pixel's bytes look further (repeated glyphs, sloped edges); the rest goes
 * out as literals. The symbols are coded with one dynamic-Huffman block per 32 Ki symbols, built from their
 * frequencies (docs/benchmarks.md, "Raster and PNG", "issue 14, PNG deflate" and "the PNG encoder per pixel"), and
 * written without a branch per symbol. Rows are converted into the scanline buffer one ahead of the matcher; the AVX2
 * row scan adds the Adler-32 of what it writes in the same pass (elsewhere it is a second pass with SSE2). CRC-32
 * folds 16-byte blocks with PCLMULQDQ where the CPU has it; zlib does the rest.
 *
 * Format: RFC 1950 (zlib stream), RFC 1951 (deflate), PNG 1.2 (one IHDR, one IDAT, IEND; filter type 0 on every row,
 * which on these images beats PNG's predictors both in size and speed). */
#include "png_writer.h"
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "png_fast_writer.c reads packed RGBA pixels as little-endian words"
#endif

/* ---------------------------------------------------------------------------------------------------------------
 * Output buffer and bit writer. Deflate packs bits least-significant first; Huffman codes are stored bit-reversed
 * so they can be written the same way.
 * ------------------------------------------------------------------------------------------------------------- */

typedef struct {
    chart_png_buffer *out;
    uint64_t acc;
    int count;
} bit_writer;

static int reserve(chart_png_buffer *out, size_t extra) {
    if (extra > SIZE_MAX - out->size) return 0;
    size_t needed = out->size + extra;
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

static void put_bytes(chart_png_buffer *out, const void *bytes, size_t n) {
    memcpy(out->data + out->size, bytes, n);
    out->size += n;
}

static void put_be32(chart_png_buffer *out, uint32_t v) {
    uint8_t b[4] = {(uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v};
    put_bytes(out, b, 4);
}

/* Appends `n` (≤ 56) bits; the caller has reserved room for 8 more bytes. Branch-free: the whole accumulator is
 * stored every time and the output advances by the completed bytes, so at most 7 bits stay pending. */
static inline void put_bits(bit_writer *w, uint64_t bits, int n) {
    w->acc |= bits << w->count;
    w->count += n;
    memcpy(w->out->data + w->out->size, &w->acc, 8); /* little-endian */
    int bytes = w->count >> 3; /* at most 7 */
    w->out->size += (size_t)bytes;
    w->acc >>= 8 * bytes;
    w->count &= 7;
}

/* Pads to a byte boundary and writes the pending byte. */
static void flush_bits(bit_writer *w) {
    if (w->count > 0) w->out->data[w->out->size++] = (uint8_t)w->acc;
    w->acc = 0;
    w->count = 0;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Huffman codes (RFC 1951 §3.2.2): lengths from frequencies with a length limit, then canonical codes.
 * ------------------------------------------------------------------------------------------------------------- */

#define MAX_SYMBOLS 288

/* Code lengths for `n` symbols from `freq`, none longer than `limit`. Builds the Huffman tree with the two-queue
 * method over the leaves sorted by frequency; when the tree is too deep, halves the frequencies (keeping every used
 * symbol at least 1) and rebuilds, which flattens it. Unused symbols get length 0. At least two symbols must be
 * used (the callers make sure). */
static void huffman_lengths(const uint32_t *freq_in, int n, int limit, uint8_t *lengths) {
    uint32_t freq[MAX_SYMBOLS];
    memcpy(freq, freq_in, sizeof(uint32_t) * (size_t)n);
    for (;;) {
        int leaves[MAX_SYMBOLS];
        int count = 0;
        for (int i = 0; i < n; i++) {
            lengths[i] = 0;
            if (freq[i]) leaves[count++] = i;
        }
        /* Callers make at least two symbols used; fewer still gets a valid (if incomplete) code. */
        if (count < 2) {
            if (count == 1) lengths[leaves[0]] = 1;
            return;
        }
        /* Stable sort by frequency: two passes of a counting sort on its bytes (a block's frequencies are below
         * 2^16), or an insertion sort should one not be. */
        uint32_t maxFreq = 0;
        for (int i = 0; i < count; i++) maxFreq |= freq[leaves[i]];
        if (maxFreq < 65536) {
            int sorted[MAX_SYMBOLS];
            for (int shift = 0; shift < 16; shift += 8) {
                int start[257] = {0};
                for (int i = 0; i < count; i++) start[((freq[leaves[i]] >> shift) & 255) + 1]++;
                for (int v = 0; v < 256; v++) start[v + 1] += start[v];
                for (int i = 0; i < count; i++) sorted[start[(freq[leaves[i]] >> shift) & 255]++] = leaves[i];
                memcpy(leaves, sorted, sizeof(int) * (size_t)count);
            }
        } else {
            for (int i = 1; i < count; i++) {
                int s = leaves[i], j = i;
                while (j > 0 && freq[leaves[j - 1]] > freq[s]) { leaves[j] = leaves[j - 1]; j--; }
                leaves[j] = s;
            }
        }
        /* Nodes 0..count-1 are leaves (in sorted order), count.. are internal; parent links give depths. */
        uint64_t weight[2 * MAX_SYMBOLS];
        int parent[2 * MAX_SYMBOLS];
        for (int i = 0; i < count; i++) weight[i] = freq[leaves[i]];
        int nextLeaf = 0, nextInternal = count, end = count;
        for (int k = 0; k < count - 1; k++) {
            int pick[2];
            for (int m = 0; m < 2; m++) {
                if (nextLeaf < count && (nextInternal >= end || weight[nextLeaf] <= weight[nextInternal]))
                    pick[m] = nextLeaf++;
                else
                    pick[m] = nextInternal++;
            }
            weight[end] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = end;
            parent[pick[1]] = end;
            end++;
        }
        /* Depths: the root (end - 1) has depth 0; internal nodes were created in increasing order. */
        uint8_t depth[2 * MAX_SYMBOLS];
        depth[end - 1] = 0;
        int maxDepth = 0;
        for (int i = end - 2; i >= 0; i--) {
            depth[i] = (uint8_t)(depth[parent[i]] + 1);
            if (i < count && depth[i] > maxDepth) maxDepth = depth[i];
        }
        if (maxDepth <= limit) {
            for (int i = 0; i < count; i++) lengths[leaves[i]] = depth[i];
            return;
        }
        for (int i = 0; i < n; i++)
            if (freq[i]) freq[i] = (freq[i] >> 1) | 1;
    }
}

/* Canonical codes for `lengths`, bit-reversed for LSB-first output. */
static void canonical_codes(const uint8_t *lengths, int n, uint16_t *codes) {
    int countPerLength[16] = {0};
    for (int i = 0; i < n; i++) countPerLength[lengths[i]]++;
    countPerLength[0] = 0;
    int next[16];
    int code = 0;
    for (int len = 1; len < 16; len++) {
        code = (code + countPerLength[len - 1]) << 1;
        next[len] = code;
    }
    for (int i = 0; i < n; i++) {
        int len = lengths[i];
        if (len == 0) { codes[i] = 0; continue; }
        int c = next[len]++, r = 0;
        for (int b = 0; b < len; b++) { r = (r << 1) | (c & 1); c >>= 1; }
        codes[i] = (uint16_t)r;
    }
}

/* ---------------------------------------------------------------------------------------------------------------
 * Length and distance symbols (RFC 1951 §3.2.5).
 * ------------------------------------------------------------------------------------------------------------- */

static uint16_t length_symbol[259];
static uint8_t length_extra_bits[259];
static uint16_t length_extra_value[259];

static void init_length_tables(void) {
    for (int len = 3; len <= 258; len++) {
        int v = len - 3, sym, extra, base;
        if (len == 258) { sym = 285; extra = 0; base = 258; }
        else if (v < 8) { sym = 257 + v; extra = 0; base = len; }
        else {
            int nb = 31 - __builtin_clz((unsigned)v);
            int i = 4 * (nb - 1) + ((v >> (nb - 2)) & 3);
            sym = 257 + i;
            extra = i / 4 - 1;
            base = ((4 + (i & 3)) << extra) + 3;
        }
        length_symbol[len] = (uint16_t)sym;
        length_extra_bits[len] = (uint8_t)extra;
        length_extra_value[len] = (uint16_t)(len - base);
    }
}

/* Extra bits per distance symbol (RFC 1951 §3.2.5). */
static const uint8_t distance_extra_bits[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6,
                                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

static inline int distance_symbol(int d, int *extra, int *value) {
    int v = d - 1;
    if (v < 4) { *extra = 0; *value = 0; return v; }
    int nb = 31 - __builtin_clz((unsigned)v);
    int code = 2 * nb + ((v >> (nb - 1)) & 1);
    *extra = nb - 1;
    *value = v - (((2 + (code & 1)) << (nb - 1)));
    return code;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Blocks: LZ77 symbols are collected, then written as one dynamic-Huffman block.
 * A symbol is a literal (dist == 0) or a (length, distance) match.
 * ------------------------------------------------------------------------------------------------------------- */

#define BLOCK_SYMBOLS 32768

/* A symbol is one shape for literals and matches, so writing it takes no branch: bits 0-8 index the block's
 * literal/length table (a literal byte 0-255, or 256 + length - 3 for a match, whose code carries the length's extra
 * bits), bits 9-13 the distance symbol (NO_DISTANCE for a literal: an empty code), bits 14-26 the distance's extra
 * bits (0 for a literal). */
#define NO_DISTANCE 30
typedef struct {
    uint32_t symbol[BLOCK_SYMBOLS + 3]; /* + 3: add_literals stores four symbols when it adds fewer */
    size_t count; /* not an int: stores to the uint32_t arrays cannot alias it, so it stays in a register */
    uint32_t litFreq[286];
    uint32_t lengthFreq[256]; /* matches by length - 3, added to litFreq's length symbols when the block is written */
    uint32_t distFreq[30];
} block;

static const uint8_t code_length_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

/* A block's codes as write_symbols reads them. */
typedef struct {
    uint32_t litLenCode[512];
    uint32_t distCode[32];
    uint8_t litLenBits[512];
    uint8_t distBits[32], distTotal[32];
} symbol_tables;

/* Writes `n` symbols with the block's codes `t`; the caller has reserved 6 bytes per symbol. The bit writer's state
 * is kept in locals: stores through the byte pointer could alias the writer's fields, which would reload them after
 * every symbol. Always inlined into a baseline and a BMI2 copy (shifts by a register without moving it to CL). */
static inline __attribute__((always_inline)) void write_symbols(bit_writer *w, const uint32_t *symbol, size_t n,
                                                                 const symbol_tables *t) {
    chart_png_buffer *out = w->out;
    uint8_t *p = out->data + out->size;
    uint64_t acc = w->acc;
    unsigned count = (unsigned)w->count;
    for (size_t i = 0; i < n; i++) {
        uint32_t s = symbol[i];
        uint32_t idx = s & 511, ds = (s >> 9) & 31;
        uint64_t dist = t->distCode[ds] | (uint64_t)(s >> 14) << t->distBits[ds];
        uint64_t bits = t->litLenCode[idx] | dist << t->litLenBits[idx];
        acc |= bits << count;
        count += (unsigned)t->litLenBits[idx] + t->distTotal[ds]; /* at most 7 + 48 */
        memcpy(p, &acc, 8);
        p += count >> 3;
        acc >>= count & ~7u;
        count &= 7;
    }
    out->size = (size_t)(p - out->data);
    w->acc = acc;
    w->count = (int)count;
}

static void write_symbols_base(bit_writer *w, const uint32_t *symbol, size_t n, const symbol_tables *t) {
    write_symbols(w, symbol, n, t);
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define HAVE_BMI2_PATH 1
/* Whether the CPU has BMI2 (set once, by init_tables). */
static int haveBMI2 = 0;

__attribute__((target("bmi2")))
static void write_symbols_bmi2(bit_writer *w, const uint32_t *symbol, size_t n, const symbol_tables *t) {
    write_symbols(w, symbol, n, t);
}
#endif

/* Writes the collected symbols as a dynamic block (BFINAL = 0) and resets the block. */
static int write_block(bit_writer *w, block *b) {
    b->litFreq[256] = 1;
    for (int len = 3; len <= 258; len++) b->litFreq[length_symbol[len]] += b->lengthFreq[len - 3];
    /* Each tree needs two used symbols to be a complete code. */
    int usedLit = 0, usedDist = 0;
    for (int i = 0; i < 286; i++) usedLit += b->litFreq[i] != 0;
    for (int i = 0; i < 30; i++) usedDist += b->distFreq[i] != 0;
    if (usedLit < 2) b->litFreq[b->litFreq[0] ? 1 : 0] = 1;
    if (usedDist < 2) {
        if (!b->distFreq[0]) b->distFreq[0] = 1;
        else b->distFreq[1] = 1;
    }
    uint8_t lens[286 + 30];
    uint16_t litCodes[286], distCodes[30];
    huffman_lengths(b->litFreq, 286, 15, lens);
    huffman_lengths(b->distFreq, 30, 15, lens + 286);
    int hlit = 286, hdist = 30;
    while (hlit > 257 && lens[hlit - 1] == 0) hlit--;
    while (hdist > 1 && lens[286 + hdist - 1] == 0) hdist--;
    canonical_codes(lens, 286, litCodes);
    canonical_codes(lens + 286, 30, distCodes);

    /* Code lengths of both trees as one run-length-coded sequence (symbols 16, 17, 18). */
    uint8_t seq[286 + 30];
    int seqCount = 0;
    memcpy(seq, lens, (size_t)hlit);
    memcpy(seq + hlit, lens + 286, (size_t)hdist);
    seqCount = hlit + hdist;
    uint8_t rleSym[286 + 30], rleExtra[286 + 30];
    int rleCount = 0;
    uint32_t clFreq[19] = {0};
    for (int i = 0; i < seqCount;) {
        int v = seq[i], run = 1;
        while (i + run < seqCount && seq[i + run] == v) run++;
        if (v == 0 && run >= 3) {
            int r = run > 138 ? 138 : run;
            if (r >= 11) { rleSym[rleCount] = 18; rleExtra[rleCount++] = (uint8_t)(r - 11); }
            else { rleSym[rleCount] = 17; rleExtra[rleCount++] = (uint8_t)(r - 3); }
            clFreq[rleSym[rleCount - 1]]++;
            i += r;
        } else if (v != 0 && run >= 4) {
            rleSym[rleCount] = (uint8_t)v; rleExtra[rleCount++] = 0;
            clFreq[v]++;
            int r = run - 1 > 6 ? 6 : run - 1;
            rleSym[rleCount] = 16; rleExtra[rleCount++] = (uint8_t)(r - 3);
            clFreq[16]++;
            i += 1 + r;
        } else {
            rleSym[rleCount] = (uint8_t)v; rleExtra[rleCount++] = 0;
            clFreq[v]++;
            i += 1;
        }
    }
    int usedCl = 0;
    for (int i = 0; i < 19; i++) usedCl += clFreq[i] != 0;
    if (usedCl < 2) clFreq[clFreq[0] ? 1 : 0] = 1;
    uint8_t clLens[19];
    uint16_t clCodes[19];
    huffman_lengths(clFreq, 19, 7, clLens);
    canonical_codes(clLens, 19, clCodes);
    int hclen = 19;
    while (hclen > 4 && clLens[code_length_order[hclen - 1]] == 0) hclen--;

    /* Worst case: 48 bits per symbol plus the header. */
    if (!reserve(w->out, (size_t)b->count * 6 + 1024)) return 0;
    put_bits(w, 0 | (2 << 1), 3);
    put_bits(w, (uint32_t)(hlit - 257), 5);
    put_bits(w, (uint32_t)(hdist - 1), 5);
    put_bits(w, (uint32_t)(hclen - 4), 4);
    for (int i = 0; i < hclen; i++) put_bits(w, clLens[code_length_order[i]], 3);
    for (int i = 0; i < rleCount; i++) {
        int s = rleSym[i];
        put_bits(w, clCodes[s], clLens[s]);
        if (s == 16) put_bits(w, rleExtra[i], 2);
        else if (s == 17) put_bits(w, rleExtra[i], 3);
        else if (s == 18) put_bits(w, rleExtra[i], 7);
    }
    /* One table for literals and lengths (a length's code with its extra bits appended) and one for distances
     * (NO_DISTANCE is the empty code of a literal), so a symbol is four table reads and one write of at most
     * 20 + 28 bits, the same for both kinds. */
    symbol_tables t;
    for (int v = 0; v < 256; v++) {
        t.litLenCode[v] = litCodes[v];
        t.litLenBits[v] = lens[v];
    }
    for (int len = 3; len <= 258; len++) {
        int sym = length_symbol[len];
        t.litLenCode[256 + len - 3] = litCodes[sym] | (uint32_t)length_extra_value[len] << lens[sym];
        t.litLenBits[256 + len - 3] = (uint8_t)(lens[sym] + length_extra_bits[len]);
    }
    for (int ds = 0; ds < 32; ds++) {
        int used = ds < 30;
        t.distCode[ds] = used ? distCodes[ds] : 0;
        t.distBits[ds] = used ? lens[286 + ds] : 0;
        t.distTotal[ds] = used ? (uint8_t)(lens[286 + ds] + distance_extra_bits[ds]) : 0;
    }
#if HAVE_BMI2_PATH
    if (haveBMI2) write_symbols_bmi2(w, b->symbol, b->count, &t);
    else
#endif
        write_symbols_base(w, b->symbol, b->count, &t);
    put_bits(w, litCodes[256], lens[256]);
    b->count = 0;
    memset(b->litFreq, 0, sizeof b->litFreq);
    memset(b->lengthFreq, 0, sizeof b->lengthFreq);
    memset(b->distFreq, 0, sizeof b->distFreq);
    return 1;
}

/* A match whose distance's symbol `ds` and extra-bits value are known. */
static inline void add_match_coded(block *b, int len, int ds, int value) {
    b->symbol[b->count++] = (uint32_t)(256 + len - 3) | (uint32_t)ds << 9 | (uint32_t)value << 14;
    b->lengthFreq[len - 3]++;
    b->distFreq[ds]++;
}


/* ---------------------------------------------------------------------------------------------------------------
 * Match finding.
 * ------------------------------------------------------------------------------------------------------------- */

/* Length of the common prefix of a and b, at most `limit`. */
static inline int match_length(const uint8_t *a, const uint8_t *b, int limit) {
    int n = 0;
#if defined(__SSE2__)
    while (n + 16 <= limit) {
        __m128i x = _mm_loadu_si128((const __m128i *)(a + n)), y = _mm_loadu_si128((const __m128i *)(b + n));
        unsigned differ = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ 0xFFFFu;
        if (differ) return n + __builtin_ctz(differ);
        n += 16;
    }
#endif
    while (n + 8 <= limit) {
        uint64_t x, y;
        memcpy(&x, a + n, 8);
        memcpy(&y, b + n, 8);
        uint64_t diff = x ^ y;
        if (diff) return n + (__builtin_ctzll(diff) >> 3);
        n += 8;
    }
    while (n < limit && a[n] == b[n]) n++;
    return n;
}

#define HASH_BITS 14

static inline uint32_t hash4(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return (v * 2654435761u) >> (32 - HASH_BITS);
}

/* ---------------------------------------------------------------------------------------------------------------
 * Adler-32 (RFC 1950), 32 bytes per step with SIMD.
 * ------------------------------------------------------------------------------------------------------------- */

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define HAVE_AVX2_PATH 1
/* adler_update with AVX2 (chosen at run time): per 32 bytes, psadbw gives the byte sum for s1 and pmaddubsw with
 * the weights 32…1 (then pmaddwd with ones) the weighted sum for s2; s2 also gains 32·s1 per block, kept as the
 * running sum of s1 before each block. Intermediate sums may wrap: the chunk length (zlib's NMAX) keeps the exact
 * total below 2^32, so the wrapped sum is the exact one. */
__attribute__((target("avx2")))
static void adler_update_avx2(uint32_t *a, uint32_t *b, const uint8_t *p, size_t n) {
    uint32_t s1 = *a, s2 = *b;
    const __m256i zero = _mm256_setzero_si256();
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
                                             14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const __m256i ones = _mm256_set1_epi16(1);
    while (n > 0) {
        size_t chunk = n < 5552 ? n : 5552;
        n -= chunk;
        size_t blocks = chunk / 32;
        if (blocks > 0) {
            __m256i vs1 = zero, vs2 = zero, before = zero;
            for (size_t i = 0; i < blocks; i++) {
                __m256i v = _mm256_loadu_si256((const __m256i *)p);
                before = _mm256_add_epi32(before, vs1);
                vs1 = _mm256_add_epi32(vs1, _mm256_sad_epu8(v, zero));
                vs2 = _mm256_add_epi32(vs2, _mm256_madd_epi16(_mm256_maddubs_epi16(v, weights), ones));
                p += 32;
            }
            uint32_t t1[8], t2[8], t3[8];
            _mm256_storeu_si256((__m256i *)t1, vs1);
            _mm256_storeu_si256((__m256i *)t2, vs2);
            _mm256_storeu_si256((__m256i *)t3, before);
            uint32_t sum1 = 0, sum2 = 0, sumBefore = 0;
            for (int k = 0; k < 8; k++) { sum1 += t1[k]; sum2 += t2[k]; sumBefore += t3[k]; }
            s2 += (uint32_t)(32 * blocks) * s1 + 32 * sumBefore + sum2;
            s1 += sum1;
            chunk -= blocks * 32;
        }
        while (chunk--) {
            s1 += *p++;
            s2 += s1;
        }
        s1 %= 65521;
        s2 %= 65521;
    }
    *a = s1;
    *b = s2;
}
#endif

static void adler_update_sse2(uint32_t *a, uint32_t *b, const uint8_t *p, size_t n) {
    uint32_t s1 = *a, s2 = *b;
    while (n > 0) {
        size_t chunk = n < 5552 ? n : 5552; /* largest n with 255n(n+1)/2 + (n+1)(65520) < 2^32 */
        n -= chunk;
#if defined(__SSE2__)
        /* 32 bytes per step: s2 gains 32·s1 plus Σ (32 − i)·p[i], s1 gains Σ p[i]. The byte sums come from
         * psadbw, the weighted sums from pmaddwd on bytes widened to 16 bits. */
        if (chunk >= 32) {
            const __m128i zero = _mm_setzero_si128();
            const __m128i w0 = _mm_setr_epi16(32, 31, 30, 29, 28, 27, 26, 25);
            const __m128i w1 = _mm_setr_epi16(24, 23, 22, 21, 20, 19, 18, 17);
            const __m128i w2 = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
            const __m128i w3 = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
            __m128i vs1 = zero, vs2 = zero, vs1x32 = zero;
            while (chunk >= 32) {
                __m128i lo = _mm_loadu_si128((const __m128i *)p);
                __m128i hi = _mm_loadu_si128((const __m128i *)(p + 16));
                vs1x32 = _mm_add_epi32(vs1x32, vs1);
                vs1 = _mm_add_epi32(vs1, _mm_add_epi32(_mm_sad_epu8(lo, zero), _mm_sad_epu8(hi, zero)));
                __m128i m = _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(lo, zero), w0),
                                          _mm_madd_epi16(_mm_unpackhi_epi8(lo, zero), w1));
                m = _mm_add_epi32(m, _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(hi, zero), w2),
                                                   _mm_madd_epi16(_mm_unpackhi_epi8(hi, zero), w3)));
                vs2 = _mm_add_epi32(vs2, m);
                p += 32;
                chunk -= 32;
                s2 += s1 * 32;
            }
            uint32_t t1[4], t2[4], t3[4];
            _mm_storeu_si128((__m128i *)t1, vs1);
            _mm_storeu_si128((__m128i *)t2, vs2);
            _mm_storeu_si128((__m128i *)t3, vs1x32);
            s2 += 32 * (t3[0] + t3[2]) + t2[0] + t2[1] + t2[2] + t2[3];
            s1 += t1[0] + t1[2];
        }
#endif
        while (chunk >= 16) {
            uint32_t sum = 0, weighted = 0;
            for (int i = 0; i < 16; i++) {
                sum += p[i];
                weighted += (uint32_t)(16 - i) * p[i];
            }
            s2 += s1 * 16 + weighted;
            s1 += sum;
            p += 16;
            chunk -= 16;
        }
        while (chunk--) {
            s1 += *p++;
            s2 += s1;
        }
        s1 %= 65521;
        s2 %= 65521;
    }
    *a = s1;
    *b = s2;
}

/* ---------------------------------------------------------------------------------------------------------------
 * Pixels to PNG scanlines (filter type 0): RGB when opaque, straight-alpha RGBA otherwise.
 * ------------------------------------------------------------------------------------------------------------- */

/* Pixel i of packed premultiplied RGBA8 bytes as a word, R in the low byte. */
static inline uint32_t pixel_at(const uint8_t *pixels, size_t i) {
    uint32_t p;
    memcpy(&p, pixels + 4 * i, 4);
    return p;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <tmmintrin.h>
#define HAVE_SSSE3_PATH 1
/* convert_row_rgb with SSSE3 (chosen at run time; the baseline x86-64 target has only SSE2): one byte shuffle turns
 * 4 RGBA pixels into 12 RGB bytes. Each 16-byte store's last 4 bytes are overwritten by the next; the loop stops
 * while a whole store still fits in the row, and the scalar tail finishes it. */
__attribute__((target("ssse3")))
static void convert_row_rgb_ssse3(const uint8_t *src, uint8_t *dst, uint32_t width) {
    const __m128i drop = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    uint32_t x = 0;
    for (; x + 6 <= width; x += 4) {
        __m128i p = _mm_loadu_si128((const __m128i *)(src + 4 * (size_t)x));
        _mm_storeu_si128((__m128i *)(dst + 3 * (size_t)x), _mm_shuffle_epi8(p, drop));
    }
    for (; x < width; x++) {
        dst[3 * x] = src[4 * x]; dst[3 * x + 1] = src[4 * x + 1]; dst[3 * x + 2] = src[4 * x + 2];
    }
}
#endif

/* Writes row `src` (opaque pixels) as RGB, 4 pixels per 3 word stores. */
static void convert_row_rgb(const uint8_t *src, uint8_t *dst, uint32_t width) {
    uint32_t x = 0;
    for (; x + 4 <= width; x += 4) {
        uint32_t p0 = pixel_at(src, x), p1 = pixel_at(src, x + 1), p2 = pixel_at(src, x + 2), p3 = pixel_at(src, x + 3);
        uint32_t w0 = (p0 & 0xFFFFFFu) | p1 << 24;
        uint32_t w1 = ((p1 >> 8) & 0xFFFFu) | p2 << 16;
        uint32_t w2 = ((p2 >> 16) & 0xFFu) | p3 << 8;
        memcpy(dst, &w0, 4);
        memcpy(dst + 4, &w1, 4);
        memcpy(dst + 8, &w2, 4);
        dst += 12;
    }
    for (; x < width; x++) {
        uint32_t p = pixel_at(src, x);
        dst[0] = (uint8_t)p; dst[1] = (uint8_t)(p >> 8); dst[2] = (uint8_t)(p >> 16);
        dst += 3;
    }
}

/* Exact division by alpha as a multiply: for n < 2^16 and 1 ≤ a ≤ 255, n / a == n · ⌈2^24 / a⌉ >> 24 (the error
 * n · (⌈2^24/a⌉ − 2^24/a) / 2^24 < 2^16 · a / (a · 2^24) = 2^-8 stays below the 1/a gap to the next integer). */
static uint32_t reciprocal[256];

static void init_reciprocals(void) {
    for (uint32_t a = 1; a < 256; a++) reciprocal[a] = ((1u << 24) + a - 1) / a;
}

/* One premultiplied pixel as straight-alpha RGBA (a word, R in the low byte): c · 255 / a rounded to nearest, so
 * premultiplying again is exact; transparent pixels become 0, 0, 0, 0. */
static inline uint32_t unpremultiply(uint32_t p) {
    uint32_t a = p >> 24;
    if (a == 255) return p;
    if (a == 0) return 0;
    uint32_t out = a << 24, r = reciprocal[a], half = a / 2;
    for (int k = 0; k < 3; k++) {
        uint32_t c = (uint32_t)(((uint64_t)(((p >> (8 * k)) & 0xFF) * 255 + half) * r) >> 24);
        out |= (c > 255 ? 255 : c) << (8 * k);
    }
    return out;
}

/* Writes row `src` as straight-alpha RGBA. Chart rows are long runs of one pixel (a transparent background, a
 * translucent area's interior) and mostly repeat the row above, so, four pixels at a time with SSE2: pixels equal to
 * the last one converted take its result, pixels equal to those above (`aboveSrc`, converted into `aboveDst`; NULL
 * for the first row) take theirs; only the rest are converted, one by one. */
static void convert_row_rgba(const uint8_t *src, const uint8_t *aboveSrc, const uint8_t *aboveDst, uint8_t *dst,
                             uint32_t width) {
    uint32_t lastIn = 0, lastOut = 0; /* transparent black converts to itself */
    uint32_t x = 0;
#if defined(__SSE2__)
    for (; x + 4 <= width; x += 4) {
        size_t at = 4 * (size_t)x;
        __m128i v = _mm_loadu_si128((const __m128i *)(src + at));
        if (_mm_movemask_epi8(_mm_cmpeq_epi32(v, _mm_set1_epi32((int)lastIn))) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(dst + at), _mm_set1_epi32((int)lastOut));
            continue;
        }
        if (aboveSrc != NULL
            && _mm_movemask_epi8(_mm_cmpeq_epi32(v, _mm_loadu_si128((const __m128i *)(aboveSrc + at)))) == 0xFFFF) {
            _mm_storeu_si128((__m128i *)(dst + at), _mm_loadu_si128((const __m128i *)(aboveDst + at)));
            lastIn = pixel_at(src, x + 3);
            lastOut = pixel_at(aboveDst, x + 3);
            continue;
        }
        for (uint32_t k = x; k < x + 4; k++) {
            uint32_t p = pixel_at(src, k);
            if (p != lastIn) { lastIn = p; lastOut = unpremultiply(p); }
            memcpy(dst + 4 * (size_t)k, &lastOut, 4);
        }
    }
#endif
    for (; x < width; x++) {
        uint32_t p = pixel_at(src, x);
        if (p != lastIn) { lastIn = p; lastOut = unpremultiply(p); }
        memcpy(dst + 4 * (size_t)x, &lastOut, 4);
    }
}

#if HAVE_SSSE3_PATH
#include <wmmintrin.h>
#include <smmintrin.h>
#define HAVE_CLMUL_PATH 1
/* Whether the CPU has PCLMULQDQ and SSE4.1 (set once, by init_tables). */
static int haveCLMUL = 0;

/* The CRC-32 register (not inverted) after `n` more bytes, n a multiple of 16 and at least 64: four 128-bit lanes
 * folded 64 bytes at a time with carry-less multiplication, then folded into one and reduced to 32 bits (Barrett),
 * as in Intel's "Fast CRC Computation for Generic Polynomials Using PCLMULQDQ Instruction" (2009), bit-reflected
 * constants of its appendix for the polynomial 0x04C11DB7; the same folding as Chromium's zlib (crc32_simd.c). */
__attribute__((target("pclmul,sse4.1")))
static uint32_t crc32_clmul(uint32_t crc, const uint8_t *buf, size_t len) {
    const __m128i k1k2 = _mm_set_epi64x(0x01c6e41596, 0x0154442bd4);
    const __m128i k3k4 = _mm_set_epi64x(0x00ccaa009e, 0x01751997d0);
    const __m128i k5k0 = _mm_set_epi64x(0, 0x0163cd6124);
    const __m128i poly = _mm_set_epi64x(0x01f7011641, 0x01db710641);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(buf + 0x00));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(buf + 0x10));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(buf + 0x20));
    __m128i x4 = _mm_loadu_si128((const __m128i *)(buf + 0x30));
    x1 = _mm_xor_si128(x1, _mm_cvtsi32_si128((int)crc));
    buf += 64;
    len -= 64;
    while (len >= 64) {
        __m128i x5 = _mm_clmulepi64_si128(x1, k1k2, 0x00), x6 = _mm_clmulepi64_si128(x2, k1k2, 0x00);
        __m128i x7 = _mm_clmulepi64_si128(x3, k1k2, 0x00), x8 = _mm_clmulepi64_si128(x4, k1k2, 0x00);
        x1 = _mm_clmulepi64_si128(x1, k1k2, 0x11);
        x2 = _mm_clmulepi64_si128(x2, k1k2, 0x11);
        x3 = _mm_clmulepi64_si128(x3, k1k2, 0x11);
        x4 = _mm_clmulepi64_si128(x4, k1k2, 0x11);
        x1 = _mm_xor_si128(_mm_xor_si128(x1, x5), _mm_loadu_si128((const __m128i *)(buf + 0x00)));
        x2 = _mm_xor_si128(_mm_xor_si128(x2, x6), _mm_loadu_si128((const __m128i *)(buf + 0x10)));
        x3 = _mm_xor_si128(_mm_xor_si128(x3, x7), _mm_loadu_si128((const __m128i *)(buf + 0x20)));
        x4 = _mm_xor_si128(_mm_xor_si128(x4, x8), _mm_loadu_si128((const __m128i *)(buf + 0x30)));
        buf += 64;
        len -= 64;
    }
    /* Four lanes into one, then the remaining 16-byte blocks. */
    __m128i x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x2), x5);
    x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x3), x5);
    x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
    x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11), x4), x5);
    while (len >= 16) {
        x5 = _mm_clmulepi64_si128(x1, k3k4, 0x00);
        x1 = _mm_xor_si128(_mm_xor_si128(_mm_clmulepi64_si128(x1, k3k4, 0x11),
                                         _mm_loadu_si128((const __m128i *)buf)), x5);
        buf += 16;
        len -= 16;
    }
    /* 128 bits to 64, then Barrett reduction to 32. */
    const __m128i low32 = _mm_setr_epi32(-1, 0, -1, 0);
    x2 = _mm_clmulepi64_si128(x1, k3k4, 0x10);
    x1 = _mm_xor_si128(_mm_srli_si128(x1, 8), x2);
    x2 = _mm_srli_si128(x1, 4);
    x1 = _mm_xor_si128(_mm_clmulepi64_si128(_mm_and_si128(x1, low32), k5k0, 0x00), x2);
    x2 = _mm_clmulepi64_si128(_mm_and_si128(x1, low32), poly, 0x10);
    x2 = _mm_clmulepi64_si128(_mm_and_si128(x2, low32), poly, 0x00);
    x1 = _mm_xor_si128(x1, x2);
    return (uint32_t)_mm_extract_epi32(x1, 1);
}
#endif

static void init_tables(void);
static pthread_once_t tablesOnce = PTHREAD_ONCE_INIT;

/* CRC-32 as zlib's crc32 (start with 0): with PCLMULQDQ for the 16-byte blocks of inputs of 64 bytes or more, zlib
 * for the rest. */
static uint32_t crc32_update(uint32_t crc, const uint8_t *bytes, size_t n) {
#if HAVE_CLMUL_PATH
    pthread_once(&tablesOnce, init_tables);
    if (haveCLMUL && n >= 64) {
        size_t blocks = n & ~(size_t)15;
        crc = ~crc32_clmul(~crc, bytes, blocks);
        bytes += blocks;
        n -= blocks;
    }
#endif
    return n ? (uint32_t)crc32_z(crc, bytes, n) : crc;
}

static uint32_t crc_of(const uint8_t *bytes, size_t n) {
    return crc32_update(0, bytes, n);
}

/* Appends a complete chunk. */
static void put_chunk(chart_png_buffer *out, const char *type, const uint8_t *data, uint32_t n) {
    put_be32(out, n);
    size_t start = out->size;
    put_bytes(out, type, 4);
    if (n) put_bytes(out, data, n);
    put_be32(out, crc_of(out->data + start, n + 4));
}

/* chart_png_allow_avx2's switch (tests write every image both ways: the bytes must be the same). */
static int allowAVX2 = 1;

#if HAVE_SSSE3_PATH
/* Whether the CPU has SSSE3 (set once, by init_tables). */
static int haveSSSE3 = 0;
#endif
#if HAVE_AVX2_PATH
/* Whether the CPU has AVX2 (set once, by init_tables). */
static int haveAVX2 = 0;

/* Whether to take the AVX2 paths now. */
static inline int use_avx2(void) { return haveAVX2 && __atomic_load_n(&allowAVX2, __ATOMIC_RELAXED); }
#endif

/* Adler-32 of n more bytes, with the CPU's widest path. */
static void adler_update(uint32_t *a, uint32_t *b, const uint8_t *p, size_t n) {
#if HAVE_AVX2_PATH
    if (use_avx2()) { adler_update_avx2(a, b, p, n); return; }
#endif
    adler_update_sse2(a, b, p, n);
}

static void init_tables(void) {
    init_length_tables();
    init_reciprocals();
#if HAVE_SSSE3_PATH
    __builtin_cpu_init();
    haveSSSE3 = __builtin_cpu_supports("ssse3");
#endif
#if HAVE_AVX2_PATH
    haveAVX2 = __builtin_cpu_supports("avx2");
#endif
#if HAVE_BMI2_PATH
    haveBMI2 = __builtin_cpu_supports("bmi2");
#endif
#if HAVE_CLMUL_PATH
    haveCLMUL = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
#endif
}

/* Writes row `src` as straight-alpha RGBA, except that a pixel equal to the one at the same place in `previous` is
 * transparent black (0, 0, 0, 0): an APNG frame blended over the frame before (APNG_BLEND_OP_OVER) then keeps it. */
static void convert_row_rgba_over(const uint8_t *src, const uint8_t *previous, uint8_t *dst, uint32_t width) {
    convert_row_rgba(src, NULL, NULL, dst, width);
    for (uint32_t x = 0; x < width; x++)
        if (pixel_at(src, x) == pixel_at(previous, x)) memset(dst + 4 * (size_t)x, 0, 4);
}

/* `width` premultiplied pixels at `src` as PNG scanline `row` (filter byte, then RGB or RGBA); with `previous`
 * (RGBA only), unchanged pixels are transparent. `aboveSrc` and `aboveRow` are the row above and its scanline (NULL
 * for the first row): RGBA rows reuse what was converted there. */
static void convert_row(const uint8_t *src, const uint8_t *previous, const uint8_t *aboveSrc, const uint8_t *aboveRow,
                        uint8_t *row, uint32_t width, int channels) {
    row[0] = 0;
    if (previous != NULL) { convert_row_rgba_over(src, previous, row + 1, width); return; }
    if (channels == 4) {
        convert_row_rgba(src, aboveSrc, aboveRow ? aboveRow + 1 : NULL, row + 1, width);
        return;
    }
#if HAVE_SSSE3_PATH
    if (haveSSSE3) { convert_row_rgb_ssse3(src, row + 1, width); return; }
#endif
    convert_row_rgb(src, row + 1, width);
}

static void set_error(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    size_t n = strlen(text);
    if (n >= capacity) n = capacity - 1;
    memcpy(message, text, n);
    message[n] = '\0';
}

/* ---------------------------------------------------------------------------------------------------------------
 * Pixel-run matching. Chart rows are long runs of one pixel and long stretches equal to the row above, so while a
 * row is converted two bit masks record, per pixel, whether it equals the pixel to its left and the pixel above
 * (eight pixels compared per step). A run of set bits is one match (distance bpp or one scanline) found by counting
 * bits, without touching its bytes again; the matcher decides per run, not per byte. Where no run covers a pixel,
 * a hash of the pixel's bytes (effort 1) looks for a match elsewhere (repeated glyphs, sloped edges); what no match
 * covers goes out as literals.
 * ------------------------------------------------------------------------------------------------------------- */

/* Bits set per pixel. `left` and `up` have `mask_words(width)` words; bits at and past `width` stay 0, and so does
 * the last word, which ends every run. */
static inline size_t mask_words(uint32_t width) { return (size_t)width / 64 + 2; }

/* Number of consecutive set bits of `mask` from bit x on. */
static inline uint32_t run_at(const uint64_t *mask, uint32_t x) {
    const uint64_t *w = mask + (x >> 6);
    uint64_t v = ~*w >> (x & 63);
    if (v) return (uint32_t)__builtin_ctzll(v);
    uint32_t n = 64 - (x & 63);
    while (~*++w == 0) n += 64;
    return n + (uint32_t)__builtin_ctzll(~*w);
}

static inline int bit_at(const uint64_t *mask, uint32_t x) { return (int)(mask[x >> 6] >> (x & 63)) & 1; }

/* Rough bits of a run of n bytes as matches at the left pixel (short distance code) or farther. */
static inline long run_cost(long n, int isLeft) { return (n + 257) / 258 * (isLeft ? 9 : 20); }

/* 1 when the first three bytes at a and b are equal, else 0. */
static inline long common3(const uint8_t *a, const uint8_t *b) {
    uint32_t x, y;
    memcpy(&x, a, 4);
    memcpy(&y, b, 4);
    return ((x ^ y) & 0xFFFFFF) == 0;
}

/* A farther match is ended for a run of the left pixel of at least LONG_LEFT_BYTES (3 matches of 258 bytes: its
 * shorter distance code then pays for the farther match's resumption). Tuned on the examples and the Chart.js
 * corpus. */
enum { LONG_LEFT_BYTES = 774 };

/* The first pixel in [from, to) with a set bit, or `to`. */
static inline uint32_t next_set(const uint64_t *mask, uint32_t from, uint32_t to) {
    while (from < to) {
        uint64_t v = mask[from >> 6] >> (from & 63);
        if (v) {
            uint32_t at = from + (uint32_t)__builtin_ctzll(v);
            return at < to ? at : to;
        }
        from = (from | 63) + 1;
    }
    return to;
}

/* The start of the run of set bits of `mask` that holds bit `at` (set), or `floor` if it starts there or before. */
static inline uint32_t run_start(const uint64_t *mask, uint32_t at, uint32_t floor) {
    uint32_t i = at >> 6;
    uint64_t clear = ~mask[i] & (((uint64_t)1 << (at & 63)) - 1); /* clear bits below `at` in its word */
    while (clear == 0) {
        if ((i << 6) <= floor) return floor;
        clear = ~mask[--i];
    }
    uint32_t s = (i << 6) + 64 - (uint32_t)__builtin_clzll(clear); /* one past the highest clear bit */
    return s > floor ? s : floor;
}

/* A match of n bytes from pixel x at a distance other than the left pixel's, shortened to end where a run of the
 * left pixel starts that is long (then the farther match resumes after it, if it still can), or that reaches as
 * far as the match and is estimated cheaper: the left pixel's distance code is the shortest. The left runs are
 * those of pixels x + 1 on (the first clipped there), in order.
 *
 * Without walking every left run under a long match (a grid row under a run of the row above has one every few
 * pixels): a long run (at least LONG_LEFT_BYTES, 128 pixels or more) holds a whole mask word of set bits, which
 * begins before it has gone 64 pixels, so only the runs holding an all-ones word that begins before the match's end
 * + 64 are looked at; when none of them is long and starts inside the match, only the run through the match's last
 * pixel can decide (runs do not overlap, so no earlier one reaches the end). Same result as walking them all. */
static inline __attribute__((always_inline)) long end_before_left_run(const uint64_t *left, uint32_t x, long n,
                                                                      long bpp) {
    uint32_t k = (uint32_t)(n / bpp); /* whole pixels */
    if (k < 2) return n;
    const uint32_t longRun = (uint32_t)((LONG_LEFT_BYTES + bpp - 1) / bpp); /* r · bpp >= LONG_LEFT_BYTES */
    _Static_assert(LONG_LEFT_BYTES / 4 >= 128, "a long run must hold a whole mask word");
    const uint32_t end = x + k;
    /* The first run as it comes (most matches hold none, or one). */
    uint32_t s = next_set(left, x + 1, end);
    if (s >= end) return n;
    uint32_t r = run_at(left, s);
    if (r < longRun && s + r < end) {
        const uint32_t from = s + r + 1; /* bit s + r is clear */
        s = end;
        for (uint32_t w = (from + 63) >> 6, last = (end + 63) >> 6; w <= last; w++) {
            if (left[w] != ~(uint64_t)0) continue;
            uint32_t t = run_start(left, w << 6, from);
            if (t >= end) break;
            uint32_t q = run_at(left, t);
            if (q >= longRun) { s = t; r = q; break; }
            w = (t + q) >> 6; /* bit t + q is clear: the next all-ones word is past this one */
        }
        if (s == end) {
            /* No long run starts inside the match: the run through its last pixel, if any, decides. */
            if (!bit_at(left, end - 1)) return n;
            s = run_start(left, end - 1, from);
            r = run_at(left, s);
        }
    }
    if (r >= longRun) {
        /* The first match symbol may as well cover what it can of the run: it costs the same. */
        uint32_t first = (uint32_t)(258 / bpp);
        uint32_t cut = s - x > first ? s - x : (first < k ? first : k);
        return (long)cut * bpp;
    }
    long stay = run_cost(n, 0) + run_cost((long)(s + r - end) * bpp, 1);
    long split = run_cost((long)(s - x) * bpp, 0) + run_cost((long)r * bpp, 1);
    return split < stay ? (long)(s - x) * bpp : n;
}

/* The masks of one RGBA scanline's pixels (`p`, after the filter byte) against their left neighbour and against
 * `above`'s (NULL: none equal), from the converted bytes (the APNG path, and CPUs without AVX2). Reads p - 4 (the
 * bytes before a row are always readable: the filter byte and the row before, or the buffer's front padding). */
static void row_masks_rgba(const uint8_t *p, const uint8_t *above, uint32_t width, uint64_t *left, uint64_t *up) {
    uint32_t x = 0;
#if defined(__SSE2__)
    for (; x + 4 <= width; x += 4) {
        __m128i v = _mm_loadu_si128((const __m128i *)(p + 4 * (size_t)x));
        __m128i l = _mm_loadu_si128((const __m128i *)(p + 4 * (size_t)x - 4));
        uint64_t ml = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, l)));
        left[x >> 6] |= ml << (x & 63);
        if (above != NULL) {
            __m128i a = _mm_loadu_si128((const __m128i *)(above + 4 * (size_t)x));
            uint64_t mu = (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(v, a)));
            up[x >> 6] |= mu << (x & 63);
        }
    }
#endif
    for (; x < width; x++) {
        uint32_t v = pixel_at(p, x);
        if (v == pixel_at(p - 4, x)) left[x >> 6] |= 1ull << (x & 63);
        if (above != NULL && v == pixel_at(above, x)) up[x >> 6] |= 1ull << (x & 63);
    }
}

/* The same for an RGB scanline (3-byte pixels). */
static void row_masks_rgb(const uint8_t *p, const uint8_t *above, uint32_t width, uint64_t *left, uint64_t *up) {
    for (uint32_t x = 0; x < width; x++) {
        const uint8_t *c = p + 3 * (size_t)x;
        if (c[0] == c[-3] && c[1] == c[-2] && c[2] == c[-1]) left[x >> 6] |= 1ull << (x & 63);
        if (above != NULL) {
            const uint8_t *a = above + 3 * (size_t)x;
            if (c[0] == a[0] && c[1] == a[1] && c[2] == a[2]) up[x >> 6] |= 1ull << (x & 63);
        }
    }
}

#if HAVE_AVX2_PATH
/* Eight premultiplied pixels as straight-alpha RGBA, exactly as unpremultiply does: c · 255 / a rounded
 * (⌊(255c + ⌊a/2⌋) / a⌋), at most 255, and 0 where a = 0. In single precision the numerator (< 2^17) and a are exact
 * and the quotient is correctly rounded; its error (< 256 · 2^-24) is far below the 1/a that separates a quotient
 * that is not an integer from the integers beside it, so truncating it gives the exact floor. */
__attribute__((target("avx2")))
static inline __m256i unpremultiply8(__m256i v) {
    const __m256i byte = _mm256_set1_epi32(0xFF);
    __m256i a = _mm256_srli_epi32(v, 24), half = _mm256_srli_epi32(a, 1);
    __m256 af = _mm256_cvtepi32_ps(a);
    __m256i out = _mm256_slli_epi32(a, 24);
    for (int k = 0; k < 3; k++) {
        __m256i c = _mm256_and_si256(_mm256_srli_epi32(v, 8 * k), byte);
        __m256i n = _mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(c, 8), c), half);
        __m256i q = _mm256_cvttps_epi32(_mm256_div_ps(_mm256_cvtepi32_ps(n), af));
        out = _mm256_or_si256(out, _mm256_slli_epi32(_mm256_min_epi32(q, byte), 8 * k));
    }
    /* a = 0 divided by zero (NaN or infinity, whose conversion is garbage): those pixels are 0. */
    return _mm256_andnot_si256(_mm256_cmpeq_epi32(a, _mm256_setzero_si256()), out);
}

/* Adler-32 sums of the bytes a row scan writes, 8 pixels (32 RGBA or 24 RGB bytes) per step, as adler_update_avx2
 * keeps them: per step psadbw gives the byte sum for s1, pmaddubsw with the step's weights (then pmaddwd with ones)
 * the weighted sum for s2, and s2 also gains (step bytes)·s1, kept as the running sum of s1 before each step. Folded
 * into the scalar sums at most every ADLER_FOLD_STEPS steps (4096 bytes, below zlib's NMAX of 5552, so no sum can
 * have wrapped). */
enum { ADLER_FOLD_STEPS = 128 };

typedef struct {
    __m256i s1, s2, before;
    uint32_t steps;
} adler_lanes;

__attribute__((target("avx2")))
static inline void adler_lanes_add(adler_lanes *l, __m256i bytes, __m256i weights) {
    const __m256i zero = _mm256_setzero_si256();
    l->before = _mm256_add_epi32(l->before, l->s1);
    l->s1 = _mm256_add_epi32(l->s1, _mm256_sad_epu8(bytes, zero));
    l->s2 = _mm256_add_epi32(l->s2, _mm256_madd_epi16(_mm256_maddubs_epi16(bytes, weights), _mm256_set1_epi16(1)));
    l->steps++;
}

/* Adds the lanes (steps of `stepBytes` bytes) to the scalar sums, reduced modulo 65521, and clears them. */
__attribute__((target("avx2")))
static inline void adler_lanes_fold(adler_lanes *l, uint32_t stepBytes, uint32_t *a, uint32_t *b) {
    if (l->steps == 0) return;
    uint32_t t1[8], t2[8], t3[8];
    _mm256_storeu_si256((__m256i *)t1, l->s1);
    _mm256_storeu_si256((__m256i *)t2, l->s2);
    _mm256_storeu_si256((__m256i *)t3, l->before);
    uint32_t sum1 = 0, sum2 = 0, sumBefore = 0;
    for (int k = 0; k < 8; k++) { sum1 += t1[k]; sum2 += t2[k]; sumBefore += t3[k]; }
    *b = (*b + stepBytes * l->steps * *a + stepBytes * sumBefore + sum2) % 65521;
    *a = (*a + sum1) % 65521;
    l->s1 = l->s2 = l->before = _mm256_setzero_si256();
    l->steps = 0;
}

/* One RGBA step of scan_row_rgba_avx2: pixels `v`, their left neighbours `l` (`leftValid` clears lanes that have
 * none), the row above's pixels at `aboveSrc` and converted bytes at `aboveOut` (NULL: none); returns the converted
 * pixels, written at `out`, and their masks. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) __m256i
rgba_step(__m256i v, __m256i l, unsigned leftValid, const uint8_t *aboveSrc, const uint8_t *aboveOut, __m256i lastOut,
          uint8_t *out, uint8_t *leftByte, uint8_t *upByte) {
    unsigned mL = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, l))) & leftValid;
    unsigned mU = 0;
    if (aboveSrc != NULL) {
        __m256i u = _mm256_loadu_si256((const __m256i *)aboveSrc);
        mU = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, u)));
    }
    *leftByte = (uint8_t)mL;
    *upByte = (uint8_t)mU;
    __m256i o;
    if (mL == 0xFF) o = _mm256_permutevar8x32_epi32(lastOut, _mm256_set1_epi32(7));
    else if (mU == 0xFF) o = _mm256_loadu_si256((const __m256i *)aboveOut);
    else o = unpremultiply8(v);
    _mm256_storeu_si256((__m256i *)out, o);
    return o;
}

/* scan_row with AVX2 for RGBA, eight pixels per step (no APNG `previous`): the masks come from comparing the input
 * pixels (equal premultiplied pixels convert to equal bytes), one mask byte per step. A step whose pixels all equal
 * the one before takes its converted value, one whose pixels all equal those above takes the row above's bytes, any
 * other converts all eight at once. The Adler-32 of the written bytes (`out`, after the filter byte) is added to
 * *a, *b in the same pass. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void
scan_row_rgba_avx2_body(const uint8_t *src, const uint8_t *aboveSrc, const uint8_t *aboveOut, uint8_t *out,
                        uint32_t width, uint64_t *left, uint64_t *up, uint32_t *a, uint32_t *b) {
    uint8_t *leftBytes = (uint8_t *)left, *upBytes = (uint8_t *)up;
    const __m256i weights = _mm256_setr_epi8(32, 31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15,
                                             14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1);
    const uint32_t steps = width / 8;
    adler_lanes lanes = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), 0};
    if (steps > 0) {
        /* The first step: its pixels one to the left are its own shifted by one, lane 0 (none) cleared. */
        __m256i v = _mm256_loadu_si256((const __m256i *)src);
        __m256i l = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6));
        __m256i o = rgba_step(v, l, 0xFE, aboveSrc, aboveOut, _mm256_setzero_si256(), out, leftBytes, upBytes);
        adler_lanes_add(&lanes, o, weights);
        for (uint32_t start = 1; start < steps; start += ADLER_FOLD_STEPS) {
            uint32_t end = steps - start > ADLER_FOLD_STEPS ? start + ADLER_FOLD_STEPS : steps;
            for (uint32_t i = start; i < end; i++) {
                const size_t at = 32 * (size_t)i;
                v = _mm256_loadu_si256((const __m256i *)(src + at));
                l = _mm256_loadu_si256((const __m256i *)(src + at - 4));
                o = rgba_step(v, l, 0xFF, aboveSrc ? aboveSrc + at : NULL, aboveOut ? aboveOut + at : NULL, o,
                              out + at, leftBytes + i, upBytes + i);
                adler_lanes_add(&lanes, o, weights);
            }
            adler_lanes_fold(&lanes, 32, a, b);
        }
    }
    adler_lanes_fold(&lanes, 32, a, b);
    uint32_t s1 = *a, s2 = *b;
    for (uint32_t x = 8 * steps; x < width; x++) {
        uint32_t p = pixel_at(src, x);
        if (x > 0 && p == pixel_at(src, x - 1)) left[x >> 6] |= (uint64_t)1 << (x & 63);
        if (aboveSrc != NULL && p == pixel_at(aboveSrc, x)) up[x >> 6] |= (uint64_t)1 << (x & 63);
        uint32_t o = unpremultiply(p);
        memcpy(out + 4 * (size_t)x, &o, 4);
        for (int k = 0; k < 4; k++) {
            s1 += (o >> (8 * k)) & 0xFF;
            s2 += s1;
        }
    }
    *a = s1 % 65521;
    *b = s2 % 65521;
}

/* The body compiled twice: with the row above (every row but the first) and without, so no step tests for it. */
__attribute__((target("avx2")))
static void scan_row_rgba_avx2(const uint8_t *src, const uint8_t *aboveSrc, const uint8_t *aboveOut, uint8_t *out,
                               uint32_t width, uint64_t *left, uint64_t *up, uint32_t *a, uint32_t *b) {
    if (aboveSrc != NULL) scan_row_rgba_avx2_body(src, aboveSrc, aboveOut, out, width, left, up, a, b);
    else scan_row_rgba_avx2_body(src, NULL, aboveOut, out, width, left, up, a, b);
}

/* One RGB step of scan_row_rgb_avx2, as rgba_step: returns the 24 bytes written at `out` as two lanes of 12, each
 * followed by 4 zero bytes. */
__attribute__((target("avx2")))
static inline __m256i rgb_step(__m256i v, __m256i l, unsigned leftValid, const uint8_t *aboveSrc, uint8_t *out,
                               uint8_t *leftByte, uint8_t *upByte) {
    const __m256i drop = _mm256_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
                                          0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    unsigned mL = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, l))) & leftValid;
    unsigned mU = 0;
    if (aboveSrc != NULL) {
        __m256i u = _mm256_loadu_si256((const __m256i *)aboveSrc);
        mU = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, u)));
    }
    *leftByte = (uint8_t)mL;
    *upByte = (uint8_t)mU;
    __m256i o = _mm256_shuffle_epi8(v, drop);
    _mm_storeu_si128((__m128i *)out, _mm256_castsi256_si128(o));
    _mm_storeu_si128((__m128i *)(out + 12), _mm256_extracti128_si256(o, 1));
    return o;
}

/* The same for RGB: a step drops alpha with a byte shuffle (which zeroes each lane's last 4 bytes, so the Adler sums
 * see 24 bytes); each of its two 16-byte stores writes 4 bytes past its 12, overwritten by the next, so the loop
 * stops while they still fall inside the row. */
__attribute__((target("avx2")))
static void scan_row_rgb_avx2(const uint8_t *src, const uint8_t *aboveSrc, uint8_t *out, uint32_t width,
                              uint64_t *left, uint64_t *up, uint32_t *a, uint32_t *b) {
    uint8_t *leftBytes = (uint8_t *)left, *upBytes = (uint8_t *)up;
    const __m256i weights = _mm256_setr_epi8(24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 0, 0, 0, 0,
                                             12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0, 0, 0, 0);
    /* Steps stop while their second store (12 + 16 bytes past 3x) still fits in the row. */
    const uint32_t steps = width >= 10 ? (width - 10) / 8 + 1 : 0;
    adler_lanes lanes = {_mm256_setzero_si256(), _mm256_setzero_si256(), _mm256_setzero_si256(), 0};
    if (steps > 0) {
        /* The first step: its pixels one to the left are its own shifted by one, lane 0 (none) cleared. */
        __m256i v = _mm256_loadu_si256((const __m256i *)src);
        __m256i l = _mm256_permutevar8x32_epi32(v, _mm256_setr_epi32(0, 0, 1, 2, 3, 4, 5, 6));
        adler_lanes_add(&lanes, rgb_step(v, l, 0xFE, aboveSrc, out, leftBytes, upBytes), weights);
        for (uint32_t start = 1; start < steps; start += ADLER_FOLD_STEPS) {
            uint32_t end = steps - start > ADLER_FOLD_STEPS ? start + ADLER_FOLD_STEPS : steps;
            for (uint32_t i = start; i < end; i++) {
                const size_t at = 32 * (size_t)i;
                v = _mm256_loadu_si256((const __m256i *)(src + at));
                l = _mm256_loadu_si256((const __m256i *)(src + at - 4));
                __m256i o = rgb_step(v, l, 0xFF, aboveSrc ? aboveSrc + at : NULL, out + 24 * (size_t)i,
                                     leftBytes + i, upBytes + i);
                adler_lanes_add(&lanes, o, weights);
            }
            adler_lanes_fold(&lanes, 24, a, b);
        }
    }
    adler_lanes_fold(&lanes, 24, a, b);
    uint32_t s1 = *a, s2 = *b;
    for (uint32_t x = 8 * steps; x < width; x++) {
        uint32_t p = pixel_at(src, x);
        if (x > 0 && p == pixel_at(src, x - 1)) left[x >> 6] |= (uint64_t)1 << (x & 63);
        if (aboveSrc != NULL && p == pixel_at(aboveSrc, x)) up[x >> 6] |= (uint64_t)1 << (x & 63);
        for (int k = 0; k < 3; k++) {
            uint8_t c = (uint8_t)(p >> (8 * k));
            out[3 * (size_t)x + (size_t)k] = c;
            s1 += c;
            s2 += s1;
        }
    }
    *a = s1 % 65521;
    *b = s2 % 65521;
}
#endif

/* Converts `width` premultiplied pixels at `src` into scanline `row` as convert_row does, and sets the bits of
 * the row's pixels in `left` (pixel x equals pixel x - 1; never for x = 0) and `up` (it equals the pixel above, in
 * `aboveSrc` converted into `aboveRow`; with `upBits` only). Bits only ever say bytes are equal: a pixel left clear
 * only loses a match. */
static void scan_row(const uint8_t *src, const uint8_t *previous, const uint8_t *aboveSrc, const uint8_t *aboveRow,
                     uint8_t *row, uint32_t width, int channels, int upBits, uint64_t *left, uint64_t *up,
                     size_t words, uint32_t *a, uint32_t *b) {
    memset(left, 0, words * sizeof(uint64_t));
    memset(up, 0, words * sizeof(uint64_t));
    row[0] = 0;
    /* The filter byte's share of the Adler-32: s1 gains 0, s2 gains s1. */
    *b = (*b + *a) % 65521;
#if HAVE_AVX2_PATH
    if (use_avx2() && previous == NULL) {
        if (channels == 4)
            scan_row_rgba_avx2(src, upBits ? aboveSrc : NULL, aboveRow ? aboveRow + 1 : NULL, row + 1, width, left,
                               up, a, b);
        else
            scan_row_rgb_avx2(src, upBits ? aboveSrc : NULL, row + 1, width, left, up, a, b);
        return;
    }
#endif
    convert_row(src, previous, aboveSrc, aboveRow, row, width, channels);
    const uint8_t *above = upBits && aboveRow != NULL ? aboveRow + 1 : NULL;
    if (channels == 4) row_masks_rgba(row + 1, above, width, left, up);
    else row_masks_rgb(row + 1, above, width, left, up);
    left[0] &= ~(uint64_t)1;
    adler_update(a, b, row + 1, (size_t)width * (size_t)channels);
}

/* The matcher's state across rows: the block being filled, the match being extended (`curLen` bytes ending at the
 * current position, repeating those `curDist` earlier; 0 when none), the hash of earlier pixels. */
typedef struct {
    block *b;
    bit_writer *w;
    int32_t *head; /* NULL: no hash (effort 0) */
    const uint8_t *raw;
    long curDist, curLen;
    int ok;
    /* The distance of the pixel above (one scanline), its distance symbol and extra-bits value: most matches. */
    long upDist;
    int upSymbol, upValue;
} matcher;

/* Makes room for n more symbols, writing the block out when it is full; `checked` 0 (a constant) when the caller
 * knows they fit (match_row checks a whole row's worst case once). */
static inline __attribute__((always_inline)) int room_for(matcher *m, size_t n, const int checked) {
    if (!checked || __builtin_expect(m->b->count + n <= BLOCK_SYMBOLS, 1)) return 1;
    if (!write_block(m->w, m->b)) m->ok = 0;
    return m->ok;
}

static inline __attribute__((always_inline)) void emit_literals(matcher *m, const uint8_t *bytes, long n,
                                                                 const int checked) {
    if (!room_for(m, (size_t)n, checked)) return;
#if defined(__SSE2__)
    /* Most literals come as a pixel's 4 bytes (or 3): their symbols are made and stored as one vector (issue 14,
     * part Z). Reads 4 bytes and stores 4 symbols whatever n is: the bytes are in the scanline buffer or its padding,
     * the symbols past n in the block's slack, overwritten next. */
    block *b = m->b;
    for (; n > 0; n -= 4, bytes += 4) {
        uint32_t v;
        memcpy(&v, bytes, 4);
        __m128i zero = _mm_setzero_si128();
        __m128i four = _mm_unpacklo_epi16(_mm_unpacklo_epi8(_mm_cvtsi32_si128((int)v), zero), zero);
        _mm_storeu_si128((__m128i *)(b->symbol + b->count), _mm_or_si128(four, _mm_set1_epi32(NO_DISTANCE << 9)));
        long k = n < 4 ? n : 4;
        b->count += (size_t)k;
        for (long i = 0; i < k; i++) b->litFreq[bytes[i]]++;
    }
#else
    block *b = m->b;
    for (long i = 0; i < n; i++) {
        b->symbol[b->count++] = (uint32_t)bytes[i] | NO_DISTANCE << 9;
        b->litFreq[bytes[i]]++;
    }
#endif
}

/* Writes the pending match, which ends at `end`: matches of at most 258 bytes (none shorter than 3), or literals
 * when it is shorter than 3 in all. */
static inline __attribute__((always_inline)) void flush_match(matcher *m, const uint8_t *end, const int checked) {
    long len = m->curLen, dist = m->curDist;
    m->curLen = 0;
    m->curDist = 0;
    if (len == 0) return;
    if (len < 3) { emit_literals(m, end - len, len, checked); return; }
    int extra, value, ds;
    if (dist == m->upDist) {
        ds = m->upSymbol;
        value = m->upValue;
    } else {
        ds = distance_symbol((int)dist, &extra, &value);
    }
    while (__builtin_expect(len > 258, 0)) {
        int piece = len - 258 < 3 ? (int)len - 3 : 258;
        if (!room_for(m, 1, checked)) return;
        add_match_coded(m->b, piece, ds, value);
        len -= piece;
    }
    if (!room_for(m, 1, checked)) return;
    add_match_coded(m->b, (int)len, ds, value);
}

/* Extends the pending match by n bytes at `dist`, or writes it and starts one there. */
static inline __attribute__((always_inline)) void take(matcher *m, const uint8_t *here, long dist, long n,
                                                       const int checked) {
    if (dist != m->curDist) {
        flush_match(m, here, checked);
        m->curDist = dist;
    }
    m->curLen += n;
}

/* Matches the pixels of one scanline (`row` points at its filter byte, `rowStart` is its offset in m->raw) with
 * its masks; `above` says the row above is in reach. Always inlined with a constant bpp, so divisions by it are
 * shifts and multiplications, and constant `checked` and `hashed`: `checked` 0 when the caller made sure the row's
 * symbols fit in the block, so none of them checks for room (nor can the block's write fail); `hashed` whether
 * m->head is there (effort 1), so no step tests it. */
static inline __attribute__((always_inline)) void match_row(matcher *m, long rowStart, uint32_t width, const long bpp,
                                                           long upDist, int above, const uint64_t *left,
                                                           const uint64_t *up, const int checked, const int hashed) {
    const uint8_t *raw = m->raw;
    const long rowEnd = rowStart + 1 + (long)width * bpp;
    long pos = rowStart;
    uint32_t x = 0;
    /* The filter byte (0 in every row): a run of the row above goes on through it, and so does a run of the left
     * pixel when the filter byte and the first pixel repeat the bytes before them (a transparent background);
     * else it starts a run of the row above, or is a literal. */
    if (m->curDist == bpp && rowStart > 0 && memcmp(raw + pos, raw + pos - bpp, (size_t)(1 + bpp)) == 0) {
        m->curLen += 1 + bpp;
        pos += 1 + bpp;
        x = 1;
    } else {
        if (m->curDist != upDist) {
            flush_match(m, raw + pos, checked);
            if (above && bit_at(up, 0)) m->curDist = upDist;
            else emit_literals(m, raw + pos, 1, checked);
        }
        if (m->curDist != 0) m->curLen++;
        pos++;
    }
    while (x < width && (!checked || m->ok)) {
        const uint8_t *here = raw + pos;
        uint32_t nLeft = bit_at(left, x) ? run_at(left, x) : 0;
        uint32_t nUp = bit_at(up, x) ? run_at(up, x) : 0;
        /* The run to take: the longer, the left pixel's on a tie (its distance code is the shortest), and also
         * when it is shorter but it and then the rest of the run above cost less than the run above alone. */
        long dist = 0, n = 0;
        if (nLeft && (nLeft >= nUp || run_cost((long)nLeft * bpp, 1) + run_cost((long)(nUp - nLeft) * bpp, 0)
                                          < run_cost((long)nUp * bpp, 0))) {
            dist = bpp;
            n = (long)nLeft * bpp;
        } else if (nUp) {
            dist = upDist;
            n = (long)nUp * bpp;
        }
        if (hashed) {
            /* No run: a match elsewhere (a repeated glyph, a sloped edge)? Only then: where a run of one pixel is
             * left for the hash's match too, that match is rarely longer by enough to pay for the probe (issue 14,
             * part X: −0.10 M instructions on the Chart.js chart, +0.08 % bytes over the corpus). Every pixel where
             * a match starts goes into the hash. */
            uint32_t h = hash4(here);
            long cand = m->head[h];
            m->head[h] = (int32_t)pos;
            if (n == 0 && pos - cand <= 32768) {
                long k = match_length(here, raw + cand, (int)(rowEnd - pos));
                if (k >= 4) {
                    dist = pos - cand;
                    n = k;
                }
            }
        }
        if (n == 0) {
            /* No match of a whole pixel: its first bytes may still repeat those of the pending match (which
             * then goes on), or 3 of them the left pixel's or the one above's (single-colour antialiasing on a
             * transparent background changes only alpha); the rest are literals. */
            long k = 0;
            if (m->curDist != 0) {
                while (k < bpp - 1 && here[k] == here[k - m->curDist]) k++;
                m->curLen += k;
            }
            if (bpp == 4 && k < 3) {
                long d = x > 0 && m->curDist != bpp && common3(here, here - bpp) ? bpp : 0;
                if (d == 0 && above && m->curDist != upDist && common3(here, here - upDist)) d = upDist;
                if (d) {
                    m->curLen -= k;
                    flush_match(m, here, checked);
                    m->curDist = d;
                    m->curLen = 3;
                    k = 3;
                }
            }
            flush_match(m, here + k, checked);
            emit_literals(m, here + k, bpp - k, checked);
            pos += bpp;
            x++;
            continue;
        }
        if (dist != bpp) n = end_before_left_run(left, x, n, bpp);
        take(m, here, dist, n, checked);
        pos += n;
        long partial = n % bpp;
        if (partial) {
            /* A byte-wise match ended inside a pixel: the rest of the pixel goes out as literals. */
            flush_match(m, raw + pos, checked);
            emit_literals(m, raw + pos, bpp - partial, checked);
            pos += bpp - partial;
        }
        x += (uint32_t)((n + bpp - 1) / bpp);
    }
}

/* deflate_scanlines' work, inlined into a baseline and a BMI2 copy. */
static inline __attribute__((always_inline)) const char *deflate_rows(const uint8_t *pixels, const uint8_t *previous,
                                                                     size_t pixelStride, uint32_t width,
                                                                     uint32_t height, int channels, int useHash,
                                                                     chart_png_buffer *out) {
    enum { pad = 16 };
    size_t stride = (size_t)width * (size_t)channels + 1;
    if (stride > (SIZE_MAX - 2 * pad) / height) return "image too large";
    /* The scanlines, with `pad` zero bytes before (reads of the pixel left of a row's first) and after (the hash's
     * 4-byte reads at a row's last pixel). */
    uint8_t *rawBase = (uint8_t *)malloc(stride * height + 2 * pad);
    block *b = (block *)malloc(sizeof(block));
    int32_t *head = useHash ? (int32_t *)malloc(sizeof(int32_t) << HASH_BITS) : NULL;
    size_t words = mask_words(width);
    uint64_t *masks = (uint64_t *)malloc(4 * words * sizeof(uint64_t));
    if (rawBase == NULL || b == NULL || (useHash && head == NULL) || masks == NULL || !reserve(out, 4096)) {
        free(rawBase); free(b); free(head); free(masks);
        return "out of memory for PNG encoding";
    }
    /* Only the counts need zeroing; the 128 KiB of symbol slots are written before they are read. */
    b->count = 0;
    memset(b->litFreq, 0, sizeof b->litFreq);
    memset(b->lengthFreq, 0, sizeof b->lengthFreq);
    memset(b->distFreq, 0, sizeof b->distFreq);
    uint8_t *raw = rawBase + pad;
    memset(rawBase, 0, pad);
    memset(raw + stride * height, 0, pad);
    /* Empty: a position so far before any (0x80808080 < -2^30) that no match reaches it, so probes need no test for
     * it. */
    if (head != NULL) memset(head, 0x80, sizeof(int32_t) << HASH_BITS);
    uint64_t *left = masks, *up = masks + words, *nextLeft = masks + 2 * words, *nextUp = masks + 3 * words;
    static const uint8_t zlibHeader[2] = {0x78, 0x01};
    put_bytes(out, zlibHeader, 2);

    bit_writer w = {out, 0, 0};
    matcher m = {b, &w, head, raw, 0, 0, 1, (long)stride, 0, 0};
    if (stride <= 32768) {
        int extra;
        m.upSymbol = distance_symbol((int)stride, &extra, &m.upValue);
    } else {
        m.upDist = 0; /* out of reach: never a match's distance */
    }
    uint32_t s1 = 1, s2 = 0;
    const long upDist = (long)stride;
    const int upReachable = stride <= 32768;
    /* Rows are converted one ahead of the matcher, so the hash's reads past a row's last pixel see written
     * bytes. */
    scan_row(pixels, previous, NULL, NULL, raw, width, channels, 0, left, up, words, &s1, &s2);
    for (uint32_t y = 0; y < height && m.ok; y++) {
        if (y + 1 < height) {
            size_t next = (size_t)(y + 1) * pixelStride * 4;
            scan_row(pixels + next, previous ? previous + next : NULL, pixels + next - pixelStride * 4,
                     raw + (size_t)y * stride, raw + (size_t)(y + 1) * stride, width, channels, upReachable,
                     nextLeft, nextUp, words, &s1, &s2);
        }
        int above = y > 0 && upReachable;
        /* Every symbol covers a byte at least, so a row adds at most the pending match's bytes and its own: when
         * they fit in the block, the row is matched without a check for room per symbol. That copy is compiled
         * with the hash only (effort 0, `.fast`, takes the checked copy and tests for the hash per step). */
        long rowStart = (long)((size_t)y * stride);
        if (head != NULL && b->count + (size_t)m.curLen + stride <= BLOCK_SYMBOLS) {
            if (channels == 4) match_row(&m, rowStart, width, 4, upDist, above, left, up, 0, 1);
            else match_row(&m, rowStart, width, 3, upDist, above, left, up, 0, 1);
        } else {
            if (channels == 4) match_row(&m, rowStart, width, 4, upDist, above, left, up, 1, head != NULL);
            else match_row(&m, rowStart, width, 3, upDist, above, left, up, 1, head != NULL);
        }
        uint64_t *t = left; left = nextLeft; nextLeft = t;
        t = up; up = nextUp; nextUp = t;
    }
    if (m.ok) flush_match(&m, raw + stride * height, 1);
    int ok = m.ok;
    if (ok && b->count > 0) ok = write_block(&w, b);
    if (ok && reserve(out, 64)) {
        put_bits(&w, 1 | (1 << 1), 3); /* final, empty fixed-Huffman block: BFINAL, BTYPE = 01, then end code */
        put_bits(&w, 0, 7);
        flush_bits(&w);
        put_be32(out, (s2 % 65521) << 16 | (s1 % 65521));
    } else {
        ok = 0;
    }
    free(rawBase); free(b); free(head); free(masks);
    return ok ? NULL : "out of memory for PNG output";
}

static const char *deflate_rows_base(const uint8_t *pixels, const uint8_t *previous, size_t pixelStride,
                                     uint32_t width, uint32_t height, int channels, int useHash,
                                     chart_png_buffer *out) {
    return deflate_rows(pixels, previous, pixelStride, width, height, channels, useHash, out);
}

#if HAVE_BMI2_PATH
/* The same compiled for BMI2: the matcher's many shifts by a pixel's bit position (mask words, run lengths) take any
 * register instead of CL (issue 14, part Z). */
__attribute__((target("bmi2")))
static const char *deflate_rows_bmi2(const uint8_t *pixels, const uint8_t *previous, size_t pixelStride,
                                     uint32_t width, uint32_t height, int channels, int useHash,
                                     chart_png_buffer *out) {
    return deflate_rows(pixels, previous, pixelStride, width, height, channels, useHash, out);
}
#endif

/* Appends to `out` the zlib stream (RFC 1950) of `height` scanlines of `width` pixels read from `pixels`, whose
 * rows start `pixelStride` pixels apart (a sub-rectangle of a larger image when pixelStride > width): filter type 0,
 * RGB (channels 3, alpha dropped) or straight-alpha RGBA (channels 4). Returns NULL on success, else the reason. */
static const char *deflate_scanlines(const uint8_t *pixels, const uint8_t *previous, size_t pixelStride,
                                     uint32_t width, uint32_t height, int channels, int useHash,
                                     chart_png_buffer *out) {
    pthread_once(&tablesOnce, init_tables);
#if HAVE_BMI2_PATH
    if (haveBMI2) return deflate_rows_bmi2(pixels, previous, pixelStride, width, height, channels, useHash, out);
#endif
    return deflate_rows_base(pixels, previous, pixelStride, width, height, channels, useHash, out);
}

/* Whether every one of `count` packed pixels has alpha 255: AND the pixels two at a time, 512 per block, stopping at
 * the first block that is not (the loop vectorizes). */
static int all_opaque(const uint8_t *pixels, size_t count) {
    for (size_t i = 0; i < count; i += 512) {
        size_t n = count - i < 512 ? count - i : 512;
        uint64_t all = ~(uint64_t)0;
        size_t k = 0;
        for (; k + 2 <= n; k += 2) {
            uint64_t two;
            memcpy(&two, pixels + 4 * (i + k), 8);
            all &= two;
        }
        if (k < n) all &= (uint64_t)pixel_at(pixels, i + k) << 32 | 0xFFFFFFFFu;
        if ((all >> 24 & 0xFF) != 255 || (all >> 56) != 255) return 0;
    }
    return 1;
}

int chart_png_write_premultiplied(const uint8_t *pixels, uint32_t width, uint32_t height, int effort,
                                  int known_opaque, chart_png_buffer *out, char *message, size_t message_capacity) {
    if (message != NULL && message_capacity > 0) message[0] = '\0';
    if (out == NULL) return 1;
    out->data = NULL;
    out->size = 0;
    out->capacity = 0;
    if (width == 0 || height == 0 || width > 0x7FFFFFFF || height > 0x7FFFFFFF) {
        set_error(message, message_capacity, "image width and height must be 1 to 2^31 - 1");
        return 1;
    }
    if (pixels == NULL) {
        set_error(message, message_capacity, "no pixel data");
        return 1;
    }
    if (width > SIZE_MAX / 4 / height) {
        set_error(message, message_capacity, "image too large");
        return 1;
    }
    /* Unless the caller knows, opaque when every alpha byte is 255. */
    int channels = known_opaque || all_opaque(pixels, (size_t)width * height) ? 3 : 4;
    if (!reserve(out, 4096)) {
        set_error(message, message_capacity, "out of memory for PNG encoding");
        return 1;
    }
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    put_bytes(out, signature, 8);
    uint8_t ihdr[13] = {
        (uint8_t)(width >> 24), (uint8_t)(width >> 16), (uint8_t)(width >> 8), (uint8_t)width,
        (uint8_t)(height >> 24), (uint8_t)(height >> 16), (uint8_t)(height >> 8), (uint8_t)height,
        8, (uint8_t)(channels == 4 ? 6 : 2), 0, 0, 0};
    put_chunk(out, "IHDR", ihdr, 13);
    size_t idatStart = out->size;
    put_be32(out, 0);  /* length, patched below */
    put_bytes(out, "IDAT", 4);
    const char *failure = deflate_scanlines(pixels, NULL, width, width, height, channels, effort > 0, out);
    if (failure == NULL && !reserve(out, 64)) failure = "out of memory for PNG output";
    if (failure == NULL) {
        size_t idatLength = out->size - idatStart - 8;
        if (idatLength > 0x7FFFFFFF) {
            failure = "compressed image too large for a PNG chunk"; /* a PNG chunk holds at most 2^31 - 1 bytes */
        } else {
            uint8_t *lenField = out->data + idatStart;
            lenField[0] = (uint8_t)(idatLength >> 24); lenField[1] = (uint8_t)(idatLength >> 16);
            lenField[2] = (uint8_t)(idatLength >> 8); lenField[3] = (uint8_t)idatLength;
            put_be32(out, crc_of(out->data + idatStart + 4, idatLength + 4));
            put_chunk(out, "IEND", NULL, 0);
        }
    }
    if (failure != NULL) {
        chart_png_free(out);
        set_error(message, message_capacity, failure);
        return 1;
    }
    return 0;
}

int chart_png_deflate_rect(const uint8_t *pixels, const uint8_t *previous, uint32_t image_width, uint32_t x,
                           uint32_t y, uint32_t width, uint32_t height, int channels, int effort,
                           chart_png_buffer *out) {
    if (pixels == NULL || out == NULL || width == 0 || height == 0 || x > image_width || width > image_width - x
        || (channels != 3 && channels != 4) || (previous != NULL && channels != 4))
        return 1;
    size_t offset = ((size_t)y * image_width + x) * 4;
    return deflate_scanlines(pixels + offset, previous ? previous + offset : NULL, image_width, width, height,
                             channels, effort > 0, out) == NULL ? 0 : 1;
}

uint32_t chart_crc32(uint32_t crc, const uint8_t *bytes, size_t n) {
    return crc32_update(crc, bytes, n);
}

int chart_png_allow_avx2(int allowed) {
    return __atomic_exchange_n(&allowAVX2, allowed ? 1 : 0, __ATOMIC_RELAXED);
}
