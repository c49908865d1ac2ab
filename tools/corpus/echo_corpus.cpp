#include "corpus/echo_corpus.h"

#include <vector>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

using Strings = std::vector<std::string>;

const Strings& words() {
    static const Strings v = {
        "lens",    "camera",  "tripod",   "flash",    "shutter", "mirror",  "sensor",  "filter",
        "strap",   "battery", "charger",  "bag",      "hood",    "cap",     "zoom",    "prime",
        "film",    "print",   "frame",    "light",    "shadow",  "window",  "harbour", "market",
        "bridge",  "river",   "garden",   "street",   "station", "tower",   "forest",  "beach",
        "red",     "blue",    "green",    "silver",   "black",   "white",   "amber",   "grey",
        "Monday",  "Tuesday", "Friday",   "Sunday",   "March",   "June",    "October", "December",
        "Anna",    "Marek",   "Yuki",     "Olga",     "Tomas",   "Lena",    "Kenji",   "Ewa",
        "returns", "refunds", "warranty", "delivery", "order",   "invoice", "parcel",  "label"};
    return v;
}

std::string item(Rng& rng) {
    switch (rng.below(5)) {
        case 0:
        case 1:
            return rng.pick(words());
        case 2:
            return std::to_string(rng.range(0, 999));
        case 3: {
            static const Strings kPre = {"LC", "RMA", "SKU", "BX", "KT", "Z"};
            return rng.pick(kPre) + "-" + std::to_string(rng.range(10, 99999));
        }
        default:
            return std::to_string(rng.range(1, 28)) + " " +
                   rng.pick(Strings{"May", "July", "August", "September", "November"});
    }
}

}  // namespace

std::string echo_doc(Rng& rng) {
    std::string doc;
    const bool in_system = rng.chance(50);
    if (in_system)
        doc += framing::turn_text("system", "You repeat lists exactly, with nothing added.");
    const int rounds = rng.range(1, 3);
    for (int r = 0; r < rounds; ++r) {
        const int n = rng.range(5, 40);
        const std::string sep = rng.pick(Strings{", ", "; ", " "});
        std::vector<std::string> list;
        for (int i = 0; i < n; ++i)
            list.push_back(item(rng));
        auto join = [&](std::size_t from) {
            std::string s;
            for (std::size_t i = from; i < list.size(); ++i)
                s += (i > from ? sep : "") + list[i];
            return s;
        };
        const std::string all = join(0);
        if (rng.chance(70)) {
            doc +=
                framing::turn_text("user", rng.pick(Strings{"Please repeat this list exactly: ",
                                                            "Copy this: ", "Say it back to me: "}) +
                                               all);
            doc += framing::turn_text("assistant", all);
        } else {
            const std::size_t from =
                static_cast<std::size_t>(rng.below(static_cast<int>(list.size())));
            doc += framing::turn_text("user", "Here is a list: " + all + "\nRepeat it from \"" +
                                                  list[from] + "\" to the end.");
            doc += framing::turn_text("assistant", join(from));
        }
    }
    return doc;
}

}  // namespace pl::corpus
