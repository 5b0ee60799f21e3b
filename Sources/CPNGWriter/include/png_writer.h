#ifndef CHART_PNG_WRITER_H
#define CHART_PNG_WRITER_H
#include <stddef.h>
#include <stdint.h>
/* Placeholder: the PNG encoder shim (one function owning libpng's setjmp) lands with the PNG work. */
int chart_png_writer_version(void);
#endif
