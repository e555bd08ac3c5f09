#ifndef SLP_CCRYPTO_SHIM_H
#define SLP_CCRYPTO_SHIM_H

// OpenSSL's libcrypto: all of slp's cryptography (HMAC-SHA-256 for slp's own tokens, RSA
// signatures over SHA-256 for Firebase's, X.509 certificates, random keys, constant-time
// comparison). slp writes none of it itself.
#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>

#endif
