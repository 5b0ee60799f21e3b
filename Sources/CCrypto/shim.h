// OpenSSL's libcrypto: the EVP digest interface, one-shot HMAC and the constant-time compare; nothing else.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
