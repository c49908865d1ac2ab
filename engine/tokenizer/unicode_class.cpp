#include "tokenizer/unicode_class.h"

#include <algorithm>
#include <iterator>

namespace pl {

namespace {
#include "tokenizer/unicode_classes.inc"
}  // namespace

UnicodeClass unicode_class(char32_t cp) {
    if (cp < 0x80)
        return static_cast<UnicodeClass>(kAsciiClass[cp]);
    if (cp > 0x10FFFF)
        return UnicodeClass::Other;
    // The last run starting at or before cp: the first entry whose start exceeds cp, minus one.
    // Entries compare as (start << 2) | class, so a probe of (cp << 2) | 3 sorts after every
    // entry starting at cp.
    const uint32_t probe = (static_cast<uint32_t>(cp) << 2) | 3U;
    const auto* it = std::upper_bound(std::begin(kClassRuns), std::end(kClassRuns), probe);
    return static_cast<UnicodeClass>(*(it - 1) & 3U);
}

const char* unicode_class_version() {
    return kUnicodeVersion;
}

}  // namespace pl
