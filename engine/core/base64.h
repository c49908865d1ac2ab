// The value of one base64 digit, in the standard alphabet ('+', '/') or the URL-safe one ('-',
// '_'); -1 for anything else ('=' padding included). The image sizes of prompt/media_tokens.h
// and tiktoken's rank files (tokenizer/tokenizer_json.h) read base64 with it.
#pragma once

namespace pl {

inline int base64_digit(unsigned char c) {
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 26;
    if (c >= '0' && c <= '9')
        return c - '0' + 52;
    if (c == '+' || c == '-')
        return 62;
    if (c == '/' || c == '_')
        return 63;
    return -1;
}

}  // namespace pl
