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

constexpr BmpTable make_bmp_table() {
    BmpTable table{};
    std::size_t run = 0;
    for (uint32_t cp = 0; cp < kBmp; ++cp) {
        while (run + 1 < std::size(kClassRuns) && (kClassRuns[run + 1] >> 2) <= cp)
            ++run;
        const auto cls = static_cast<uint8_t>(kClassRuns[run] & 3U);
        table[cp / 4] = static_cast<uint8_t>(table[cp / 4] | (cls << (2 * (cp % 4))));
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
