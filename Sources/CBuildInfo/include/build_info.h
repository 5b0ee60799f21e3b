#ifndef CHART_BUILD_INFO_H
#define CHART_BUILD_INFO_H

/// The git commit chartd was built from (`-Xcc -DCHART_GIT_COMMIT="\"abc123\""`), or "unknown".
const char *chart_build_commit(void);
/// When (or, from scripts/run, the commit time at which) chartd was built, RFC 3339 UTC
/// (`-Xcc -DCHART_BUILD_DATE="\"2026-12-02T10:00:00Z\""`), or "unknown".
const char *chart_build_date(void);

#endif
