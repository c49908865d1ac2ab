#include "tokenizer/nfc.h"

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

#include "tokenizer/pretokenizer.h"

namespace pl {
namespace {
#include "tokenizer/nfc_tables.inc"

// Hangul syllables decompose and compose by arithmetic (Unicode §3.12).
constexpr char32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr char32_t kLCount = 19, kVCount = 21, kTCount = 28;
constexpr char32_t kNCount = kVCount * kTCount, kSCount = kLCount * kNCount;

// No character below U+0300 decomposes differently under NFC, combines, or is the second half
// of a composite: text made only of those is already in NFC.
constexpr char32_t kFirstAffected = 0x300;

uint8_t combining_class(char32_t cp) {
    if (cp < kFirstAffected)
        return 0;
    const uint32_t probe = (static_cast<uint32_t>(cp) << 8) | 0xFF;
    const auto* it =
        std::upper_bound(std::begin(kCombiningClass), std::end(kCombiningClass), probe);
    if (it == std::begin(kCombiningClass) || (*(it - 1) >> 8) != cp)
        return 0;
    return static_cast<uint8_t>(*(it - 1) & 0xFF);
}

const DecompositionEntry* decomposition_of(char32_t cp) {
    const auto* it = std::lower_bound(
        std::begin(kDecomposition), std::end(kDecomposition), cp,
        [](const DecompositionEntry& e, char32_t c) { return e.cp < static_cast<uint32_t>(c); });
    return it != std::end(kDecomposition) && it->cp == cp ? it : nullptr;
}

void decompose(char32_t cp, std::vector<char32_t>& out) {
    if (cp >= kSBase && cp < kSBase + kSCount) {
        const char32_t s = cp - kSBase;
        out.push_back(kLBase + s / kNCount);
        out.push_back(kVBase + (s % kNCount) / kTCount);
        if (s % kTCount != 0)
            out.push_back(kTBase + s % kTCount);
        return;
    }
    const DecompositionEntry* e = decomposition_of(cp);
    if (!e) {
        out.push_back(cp);
        return;
    }
    decompose(e->first, out);
    if (e->second != 0)
        decompose(e->second, out);
}

// The primary composite of a pair, or 0.
char32_t compose(char32_t a, char32_t b) {
    if (a >= kLBase && a < kLBase + kLCount && b >= kVBase && b < kVBase + kVCount)
        return kSBase + ((a - kLBase) * kVCount + (b - kVBase)) * kTCount;
    if (a >= kSBase && a < kSBase + kSCount && (a - kSBase) % kTCount == 0 && b > kTBase &&
        b < kTBase + kTCount)
        return a + (b - kTBase);
    const auto key = [](uint16_t i) {
        return std::pair<uint32_t, uint32_t>(kDecomposition[i].first, kDecomposition[i].second);
    };
    const std::pair<uint32_t, uint32_t> want(a, b);
    const auto* it = std::lower_bound(
        std::begin(kComposition), std::end(kComposition), want,
        [&](uint16_t i, const std::pair<uint32_t, uint32_t>& w) { return key(i) < w; });
    return it != std::end(kComposition) && key(*it) == want ? kDecomposition[*it].cp : 0;
}

// NFC of a run of code points: full canonical decomposition, canonical order, composition.
void normalize_run(const std::vector<char32_t>& run, std::string& out) {
    std::vector<char32_t> d;
    d.reserve(run.size() + 4);
    for (const char32_t cp : run)
        decompose(cp, d);
    std::vector<uint8_t> ccc(d.size());
    for (size_t i = 0; i < d.size(); ++i)
        ccc[i] = combining_class(d[i]);
    // Canonical ordering: a stable sort of each run of non-starters by class.
    for (size_t i = 1; i < d.size(); ++i) {
        for (size_t k = i; k > 0 && ccc[k] != 0 && ccc[k - 1] > ccc[k]; --k) {
            std::swap(d[k], d[k - 1]);
            std::swap(ccc[k], ccc[k - 1]);
        }
    }
    // Canonical composition: each character joins the last starter unless a character between
    // them blocks it (one of the same or a higher class, or a starter).
    std::vector<char32_t> composed;
    composed.reserve(d.size());
    std::vector<uint8_t> composed_ccc;
    size_t starter = SIZE_MAX;
    for (size_t i = 0; i < d.size(); ++i) {
        const uint8_t c = ccc[i];
        if (starter != SIZE_MAX) {
            const bool adjacent = starter + 1 == composed.size();
            const uint8_t last = composed_ccc.back();
            if (adjacent || (last != 0 && last < c)) {
                if (const char32_t joined = compose(composed[starter], d[i]); joined != 0) {
                    composed[starter] = joined;
                    continue;
                }
            }
        }
        composed.push_back(d[i]);
        composed_ccc.push_back(c);
        if (c == 0)
            starter = composed.size() - 1;
    }
    for (const char32_t cp : composed)
        append_utf8(out, cp);
}

}  // namespace

std::string nfc_normalize(std::string_view text) {
    bool affected = false;
    for (size_t i = 0; i < text.size() && !affected;) {
        char32_t cp = 0;
        const size_t len = decode_utf8(text, i, &cp);
        affected = len > 0 && cp >= kFirstAffected;
        i += len > 0 ? len : 1;
    }
    if (!affected)
        return std::string(text);
    std::string out;
    out.reserve(text.size());
    std::vector<char32_t> run;
    for (size_t i = 0; i < text.size();) {
        char32_t cp = 0;
        const size_t len = decode_utf8(text, i, &cp);
        if (len == 0) {
            normalize_run(run, out);
            run.clear();
            out += text[i];
            ++i;
            continue;
        }
        run.push_back(cp);
        i += len;
    }
    normalize_run(run, out);
    return out;
}

const char* nfc_unicode_version() {
    return kNfcUnicodeVersion;
}

}  // namespace pl
