#include "tokenizer/unicode_class.h"

#include <algorithm>
#include <array>
#include <iterator>

namespace pl {

namespace {
#include "tokenizer/unicode_classes.inc"

// The Basic Multilingual Plane, where nearly all text lives, expanded from the runs at compile
// time into 2 bits a code point (16 KiB): one load instead of a binary search.
constexpr std::size_t kBmp = 0x10000;
using BmpTable = std::array<uint8_t, kBmp / 4>;

// Run by run, whole bytes (four code points) at a time where a run covers them: few enough
// steps for every compiler's constant-evaluation limit (clang's is about a million).
constexpr BmpTable make_bmp_table() {
    BmpTable table{};
    const auto put = [&table](uint32_t cp, uint32_t cls) {
        table[cp / 4] = static_cast<uint8_t>(table[cp / 4] | (cls << (2 * (cp % 4))));
    };
    for (std::size_t i = 0; i < std::size(kClassRuns); ++i) {
        const uint32_t first = kClassRuns[i] >> 2;
        const uint32_t cls = kClassRuns[i] & 3U;
        if (first >= kBmp)
            break;
        if (cls == 0)
            continue;  // Other: the zero the table starts with
        const uint32_t next = i + 1 < std::size(kClassRuns) ? kClassRuns[i + 1] >> 2 : kBmp;
        const uint32_t end = std::min<uint32_t>(next, kBmp);
        uint32_t cp = first;
        for (; cp < end && cp % 4 != 0; ++cp)
            put(cp, cls);
        for (; cp + 4 <= end; cp += 4)
            table[cp / 4] = static_cast<uint8_t>(cls * 0x55U);
        for (; cp < end; ++cp)
            put(cp, cls);
    }
    return table;
}

constexpr BmpTable kBmpTable = make_bmp_table();

}  // namespace

UnicodeClass unicode_class(char32_t cp) {
    if (cp < 0x80)
        return static_cast<UnicodeClass>(kAsciiClass[cp]);
    if (cp < kBmp)
        return static_cast<UnicodeClass>((kBmpTable[cp / 4] >> (2 * (cp % 4))) & 3U);
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
