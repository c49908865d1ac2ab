#include "core/regex.h"

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <utility>

namespace pl {

struct Regex::Code {
    pcre2_code* code = nullptr;
    ~Code() { pcre2_code_free(code); }
};

namespace {

// The largest JIT stack a match may grow to once the default (32 KiB on the machine stack) is
// not enough: Qt's QRegularExpression allows the same 512 KiB.
constexpr std::size_t kMaxJitStack = 512 * 1024;

bool is_continuation(char c) {
    return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

}  // namespace

std::size_t RegexMatch::captured_start(int group) const {
    const auto g = static_cast<std::size_t>(group);
    if (group < 0 || 2 * g + 1 >= offsets_.size())
        return npos;
    return offsets_[2 * g];
}

std::size_t RegexMatch::captured_end(int group) const {
    const auto g = static_cast<std::size_t>(group);
    if (group < 0 || 2 * g + 1 >= offsets_.size())
        return npos;
    return offsets_[2 * g + 1];
}

std::size_t RegexMatch::captured_length(int group) const {
    const std::size_t b = captured_start(group);
    return b == npos ? 0 : captured_end(group) - b;
}

std::string_view RegexMatch::captured(int group) const {
    const std::size_t b = captured_start(group);
    return b == npos ? std::string_view() : subject_.substr(b, captured_end(group) - b);
}

Regex::Regex(std::string_view pattern, unsigned options) {
    uint32_t flags = PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF;
    if (options & CaseInsensitive)
        flags |= PCRE2_CASELESS;
    int err = 0;
    PCRE2_SIZE err_offset = 0;
    pcre2_code* code = pcre2_compile(reinterpret_cast<PCRE2_SPTR>(pattern.data()), pattern.size(),
                                     flags, &err, &err_offset, nullptr);
    if (!code) {
        PCRE2_UCHAR message[256];
        const int n = pcre2_get_error_message(err, message, sizeof(message));
        error_ = "offset " + std::to_string(err_offset) + ": " +
                 (n > 0 ? std::string(reinterpret_cast<const char*>(message),
                                      static_cast<std::size_t>(n))
                        : std::string("error ") + std::to_string(err));
        return;
    }
    // A platform without a JIT (or a JIT refused by the security policy) matches with the
    // interpreter instead: slower, the same results.
    (void)pcre2_jit_compile(code, PCRE2_JIT_COMPLETE);
    code_ = new Code{code};
}

Regex::~Regex() {
    delete code_;
}

Regex::Regex(Regex&& other) noexcept
    : code_(std::exchange(other.code_, nullptr)), error_(std::move(other.error_)) {}

Regex& Regex::operator=(Regex&& other) noexcept {
    if (this != &other) {
        delete code_;
        code_ = std::exchange(other.code_, nullptr);
        error_ = std::move(other.error_);
    }
    return *this;
}

int Regex::capture_count() const {
    if (!code_)
        return 0;
    uint32_t n = 0;
    pcre2_pattern_info(code_->code, PCRE2_INFO_CAPTURECOUNT, &n);
    return static_cast<int>(n);
}

bool Regex::match_at(std::string_view subject, std::size_t offset, unsigned flags,
                     RegexMatch& out) const {
    out.offsets_.clear();
    out.subject_ = subject;
    if (!code_ || offset > subject.size())
        return false;
    pcre2_match_data* md = pcre2_match_data_create_from_pattern(code_->code, nullptr);
    if (!md)
        return false;
    const auto run = [&](pcre2_match_context* ctx) {
        return pcre2_match(code_->code, reinterpret_cast<PCRE2_SPTR>(subject.data()),
                           subject.size(), offset, flags, md, ctx);
    };
    int rc = run(nullptr);
    if (rc == PCRE2_ERROR_JIT_STACKLIMIT) {
        pcre2_match_context* ctx = pcre2_match_context_create(nullptr);
        pcre2_jit_stack* stack = pcre2_jit_stack_create(32 * 1024, kMaxJitStack, nullptr);
        if (ctx && stack) {
            pcre2_jit_stack_assign(ctx, nullptr, stack);
            rc = run(ctx);
        }
        pcre2_jit_stack_free(stack);
        pcre2_match_context_free(ctx);
    }
    if (rc > 0) {
        const PCRE2_SIZE* ov = pcre2_get_ovector_pointer(md);
        const std::size_t pairs = pcre2_get_ovector_count(md);
        out.offsets_.resize(2 * pairs);
        for (std::size_t i = 0; i < pairs; ++i) {
            const bool set = i < static_cast<std::size_t>(rc) && ov[2 * i] != PCRE2_UNSET;
            out.offsets_[2 * i] = set ? ov[2 * i] : RegexMatch::npos;
            out.offsets_[2 * i + 1] = set ? ov[2 * i + 1] : RegexMatch::npos;
        }
    }
    pcre2_match_data_free(md);
    return rc > 0;
}

RegexMatch Regex::match(std::string_view subject, std::size_t offset) const {
    RegexMatch m;
    match_at(subject, offset, 0, m);
    return m;
}

RegexMatchIterator Regex::global_match(std::string_view subject) const {
    return RegexMatchIterator(*this, subject);
}

RegexMatchIterator::RegexMatchIterator(const Regex& re, std::string_view subject)
    : re_(&re), subject_(subject) {
    re_->match_at(subject_, 0, 0, next_);
}

RegexMatch RegexMatchIterator::next() {
    RegexMatch current = std::move(next_);
    next_ = RegexMatch();
    if (!current.has_match())
        return current;
    std::size_t at = current.captured_end(0);
    if (at == current.captured_start(0)) {
        // After an empty match, first a non-empty match at the same place, then a match from
        // the next character on (Perl's rule, and QRegularExpressionMatchIterator's).
        if (re_->match_at(subject_, at, PCRE2_NOTEMPTY_ATSTART | PCRE2_ANCHORED, next_))
            return current;
        if (at >= subject_.size())
            return current;
        ++at;
        while (at < subject_.size() && is_continuation(subject_[at]))
            ++at;
    }
    re_->match_at(subject_, at, 0, next_);
    return current;
}

}  // namespace pl
