#ifndef CFUELDEFLATE_H
#define CFUELDEFLATE_H
// libdeflate: whole-buffer deflate, faster than zlib at the same or a better ratio (see BENCHMARKS.md).
#include <libdeflate.h>
#endif
