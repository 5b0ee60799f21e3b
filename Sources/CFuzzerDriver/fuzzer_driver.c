/* Declarations only (include/fuzzer_driver.h): libFuzzer provides LLVMFuzzerRunDriver in fuzzer builds. */
#include "fuzzer_driver.h"
