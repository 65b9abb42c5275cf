#ifndef CFUELCURL_H
#define CFUELCURL_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call:
// one typed wrapper per argument type.
static inline CURLcode CFuelCurl_setLong(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CFuelCurl_setOffset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CFuelCurl_setString(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CFuelCurl_setPointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}
static inline CURLcode CFuelCurl_setList(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}
typedef size_t (*CFuelCurl_DataCallback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode CFuelCurl_setDataCallback(CURL *handle, CURLoption option, CFuelCurl_DataCallback value) {
    return curl_easy_setopt(handle, option, value);
}
typedef int (*CFuelCurl_ProgressCallback)(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal,
                                          curl_off_t ulnow);
static inline CURLcode CFuelCurl_setProgressCallback(CURL *handle, CFuelCurl_ProgressCallback value) {
    return curl_easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, value);
}
static inline CURLcode CFuelCurl_getLong(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CFuelCurl_getOffset(CURL *handle, CURLINFO info, curl_off_t *value) {
    return curl_easy_getinfo(handle, info, value);
}
static inline CURLcode CFuelCurl_getDouble(CURL *handle, CURLINFO info, double *value) {
    return curl_easy_getinfo(handle, info, value);
}
typedef int (*CFuelCurl_SeekCallback)(void *context, curl_off_t offset, int origin);
static inline CURLcode CFuelCurl_setSeekCallback(CURL *handle, CFuelCurl_SeekCallback value) {
    return curl_easy_setopt(handle, CURLOPT_SEEKFUNCTION, value);
}
static inline CURLcode CFuelCurl_getString(CURL *handle, CURLINFO info, char **value) {
    return curl_easy_getinfo(handle, info, value);
}
// A blob option (CURLOPT_CAINFO_BLOB): curl copies the bytes, so they need not outlive the call.
static inline CURLcode CFuelCurl_setBlob(CURL *handle, CURLoption option, const void *data, size_t length) {
    struct curl_blob blob = {(void *)data, length, CURL_BLOB_COPY};
    return curl_easy_setopt(handle, option, &blob);
}
// Macros Swift cannot import: the global init flags, the error buffer size and callback return codes.
static inline CURLcode CFuelCurl_globalInit(void) { return curl_global_init(CURL_GLOBAL_ALL); }
static inline size_t CFuelCurl_errorBufferSize(void) { return CURL_ERROR_SIZE; }
static inline size_t CFuelCurl_readAbort(void) { return CURL_READFUNC_ABORT; }
static inline int CFuelCurl_seekOK(void) { return CURL_SEEKFUNC_OK; }
static inline int CFuelCurl_seekFail(void) { return CURL_SEEKFUNC_FAIL; }
#endif
