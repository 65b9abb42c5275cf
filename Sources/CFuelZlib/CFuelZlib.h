#ifndef CFUELZLIB_H
#define CFUELZLIB_H
#include <zlib.h>

/// deflateInit2 is a macro (it passes ZLIB_VERSION and sizeof(z_stream)), which Swift cannot import.
static inline int CFuelZlib_deflateInit2(z_streamp strm, int level, int method, int windowBits, int memLevel,
                                         int strategy) {
    return deflateInit2(strm, level, method, windowBits, memLevel, strategy);
}

/// inflateInit2 is a macro too.
static inline int CFuelZlib_inflateInit2(z_streamp strm, int windowBits) {
    return inflateInit2(strm, windowBits);
}

/// Casts without binding memory in Swift (C lets `Bytef *` alias anything).
static inline Bytef *CFuelZlib_bytes(void *pointer) { return (Bytef *)pointer; }

#endif
