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
#endif
