#ifndef CFUELCRYPTO_H
#define CFUELCRYPTO_H
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/sha.h>
#include <openssl/md5.h>
#endif
