#include "tokenizer/added_tokens.h"

#include <algorithm>

#include "tokenizer/pretokenizer.h"
#include "tokenizer/unicode_class.h"

namespace pl {
namespace {

// The start of the whitespace that ends text[begin, end) (Unicode White_Space, as Rust's
// char::is_whitespace, which the tokenizers library strips with).
size_t whitespace_before(std::string_view text, size_t begin, size_t end) {
    size_t ws = end;
    for (size_t i = begin; i < end;) {
        char32_t cp = 0;
        const size_t len = decode_utf8(text, i, &cp);
        const bool space = len > 0 && unicode_class(cp) == UnicodeClass::Space;
        const size_t step = len > 0 ? len : 1;
        if (!space)
            ws = end;
        else if (ws == end)
            ws = i;
        i += step;
    }
    return ws;
}

size_t whitespace_after(std::string_view text, size_t begin) {
    size_t i = begin;
    while (i < text.size()) {
        char32_t cp = 0;
        const size_t len = decode_utf8(text, i, &cp);
        if (len == 0 || unicode_class(cp) != UnicodeClass::Space)
            break;
        i += len;
    }
    return i;
}

}  // namespace

AddedTokenMatcher::AddedTokenMatcher(const std::vector<AddedToken>& tokens, bool normalized) {
    for (const AddedToken& t : tokens) {
        if (t.normalized == normalized && !t.content.empty())
            tokens_.push_back(t);
    }
    for (uint32_t i = 0; i < tokens_.size(); ++i)
        by_first_[static_cast<uint8_t>(tokens_[i].content[0])].push_back(i);
    for (auto& list : by_first_) {
        std::stable_sort(list.begin(), list.end(), [&](uint32_t a, uint32_t b) {
            return tokens_[a].content.size() > tokens_[b].content.size();
        });
    }
}

std::vector<TextPiece> AddedTokenMatcher::split(std::string_view text) const {
    std::vector<TextPiece> out;
    size_t done = 0;  // text before this is in out
    for (size_t pos = 0; pos < text.size();) {
        const AddedToken* hit = nullptr;
        for (const uint32_t k : by_first_[static_cast<uint8_t>(text[pos])]) {
            if (text.substr(pos).starts_with(tokens_[k].content)) {
                hit = &tokens_[k];
                break;
            }
        }
        if (!hit) {
            ++pos;
            continue;
        }
        size_t begin = pos;
        size_t end = pos + hit->content.size();
        if (hit->lstrip)
            begin = whitespace_before(text, done, begin);
        if (hit->rstrip)
            end = whitespace_after(text, end);
        if (begin > done)
            out.push_back({text.substr(done, begin - done), -1});
        out.push_back({text.substr(begin, end - begin), hit->id});
        done = pos = end;
    }
    if (done < text.size())
        out.push_back({text.substr(done), -1});
    return out;
}

}  // namespace pl
