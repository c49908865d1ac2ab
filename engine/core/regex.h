// Regular expressions over UTF-8 text: a small wrapper over PCRE2, the engine Qt's
// QRegularExpression wraps, so patterns match as they did there, with offsets in bytes of the
// subject instead of UTF-16 units. The engine links no Qt (docs/lint-in-ci.md).
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace pl {

class RegexMatch {
  public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    bool has_match() const { return !offsets_.empty(); }
    // A group that did not take part in the match (or a group the pattern lacks) starts at
    // npos and has length 0, as QRegularExpressionMatch's capturedStart -1 and length 0.
    std::size_t captured_start(int group = 0) const;
    std::size_t captured_end(int group = 0) const;
    std::size_t captured_length(int group = 0) const;
    std::string_view captured(int group = 0) const;

  private:
    friend class Regex;
    friend class RegexMatchIterator;
    std::string_view subject_;
    std::vector<std::size_t> offsets_;  // begin, end per group; empty: no match
};

class RegexMatchIterator;

class Regex {
  public:
    enum Option : unsigned {
        None = 0,
        // Case-insensitive by Unicode case folding (PCRE2_CASELESS with PCRE2_UCP).
        CaseInsensitive = 1,
    };

    // Patterns are always UTF-8 with Unicode properties: \w, \d, \s, \b and POSIX classes
    // follow Unicode (QRegularExpression::UseUnicodePropertiesOption). A subject may hold
    // invalid UTF-8: no match covers an invalid byte. A pattern that does not compile never
    // matches; valid() and error() say why.
    // No pattern: never matches (a member assigned later).
    Regex() = default;
    explicit Regex(std::string_view pattern, unsigned options = None);
    ~Regex();
    Regex(Regex&&) noexcept;
    Regex& operator=(Regex&&) noexcept;
    Regex(const Regex&) = delete;
    Regex& operator=(const Regex&) = delete;

    bool valid() const { return code_ != nullptr; }
    // "offset N: <PCRE2's message>" when the pattern did not compile; empty otherwise.
    const std::string& error() const { return error_; }
    // Capture groups in the pattern, not counting group 0.
    int capture_count() const;

    // The first match at or after byte `offset` of `subject`. Lookbehinds and \b see the text
    // before `offset`; pass a substring to keep them from it.
    RegexMatch match(std::string_view subject, std::size_t offset = 0) const;
    // Every match, left to right, without overlaps; an empty match advances by one character.
    // The subject must outlive the iterator.
    RegexMatchIterator global_match(std::string_view subject) const;

  private:
    friend class RegexMatchIterator;
    struct Code;
    // One attempt at `offset` with PCRE2 match options `flags`; false when nothing matched or
    // PCRE2 gave up (a match or JIT stack limit: no match, as Qt treats it).
    bool match_at(std::string_view subject, std::size_t offset, unsigned flags,
                  RegexMatch& out) const;

    Code* code_ = nullptr;
    std::string error_;
};

class RegexMatchIterator {
  public:
    bool has_next() const { return next_.has_match(); }
    RegexMatch next();

  private:
    friend class Regex;
    RegexMatchIterator(const Regex& re, std::string_view subject);
    const Regex* re_;
    std::string_view subject_;
    RegexMatch next_;
};

}  // namespace pl
