#ifndef CHART_FUZZER_DRIVER_H
#define CHART_FUZZER_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/* libFuzzer's entry for programs with their own main (compiler-rt's FuzzerInterface.h): runs the fuzzing loop with
 * the command-line flags in argc/argv, calling `callback` once per input. Linked only in -sanitize=fuzzer builds
 * (scripts/fuzz); chart-fuzz calls it only when built with -DFUZZING. */
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
