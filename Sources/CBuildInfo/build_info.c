// Build facts passed in as macros at build time (the Dockerfile and scripts/run set them); C because SwiftPM has no
// other way to take a value from the build's command line into the binary.
#include "build_info.h"

#ifndef CHART_GIT_COMMIT
#define CHART_GIT_COMMIT "unknown"
#endif
#ifndef CHART_BUILD_DATE
#define CHART_BUILD_DATE "unknown"
#endif

const char *chart_build_commit(void) { return CHART_GIT_COMMIT; }
const char *chart_build_date(void) { return CHART_BUILD_DATE; }
