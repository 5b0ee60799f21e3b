#include "png_writer.h"
#include <png.h>
int chart_png_writer_version(void) { return PNG_LIBPNG_VER; }
