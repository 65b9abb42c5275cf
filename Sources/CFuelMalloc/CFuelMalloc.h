#ifndef CFUELMALLOC_H
#define CFUELMALLOC_H
// glibc's malloc_trim: hands memory the process freed back to the system (see FuelCodecs' FreedMemory).
#if defined(__GLIBC__) || defined(__linux__)
#include <malloc.h>
#endif
#endif
