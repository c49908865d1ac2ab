#include "corpus/copy_corpus.h"

#include <iterator>
#include <vector>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

using Strings = std::vector<std::string>;

// A made-up word of two to four syllables, sometimes capitalised.
std::string made_up_word(Rng& rng) {
    static const char* kOnsets[] = {"b",  "c",  "d",  "f",  "g",  "h",  "j",  "k",  "l",
                                    "m",  "n",  "p",  "r",  "s",  "t",  "v",  "w",  "z",
                                    "br", "st", "tr", "pl", "gr", "sh", "ch", "kr", ""};
    static const char* kVowels[] = {"a", "e", "i", "o", "u", "y", "ai", "ou", "ee", "io"};
    static const char* kCodas[] = {"", "", "", "n", "r", "s", "t", "x", "m", "ck"};
    std::string w;
    const int syllables = rng.range(1, 4);
    for (int i = 0; i < syllables; ++i) {
        w += kOnsets[rng.below(static_cast<int>(std::size(kOnsets)))];
        w += kVowels[rng.below(static_cast<int>(std::size(kVowels)))];
        w += kCodas[rng.below(static_cast<int>(std::size(kCodas)))];
    }
    if (rng.chance(25))
        w[0] = static_cast<char>(w[0] - 'a' + 'A');
    return w;
}

std::string piece(Rng& rng) {
    switch (rng.below(8)) {
        case 0:
        case 1:
        case 2:
        case 3:
            return made_up_word(rng);
        case 4:
            return std::to_string(rng.range(0, 99999));
        case 5: {
            std::string code;
            for (int i = rng.range(1, 3); i > 0; --i)
                code += static_cast<char>('A' + rng.below(26));
            return code + "-" + std::to_string(rng.range(1, 9999));
        }
        case 6:
            return made_up_word(rng) + rng.pick(Strings{",", ".", ";", ":", "!", "?"});
        default:
            return rng.pick(Strings{"(", "\"", "#", "$", "%", "+"}) + made_up_word(rng);
    }
}

}  // namespace

std::string copy_doc(Rng& rng) {
    std::string doc;
    const int rounds = rng.range(1, 3);
    for (int r = 0; r < rounds; ++r) {
        std::string s;
        for (int i = rng.range(6, 40); i > 0; --i)
            s += (s.empty() ? "" : " ") + piece(rng);
        doc += framing::turn_text(
            "user", rng.pick(Strings{"Repeat: ", "Copy exactly: ", "Say this back: "}) + s);
        doc += framing::turn_text("assistant", s);
    }
    return doc;
}

}  // namespace pl::corpus
