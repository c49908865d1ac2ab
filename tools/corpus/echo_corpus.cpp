#include "corpus/echo_corpus.h"

#include <vector>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

std::string item(const EchoData& data, Rng& rng) {
    switch (rng.below(5)) {
        case 0:
        case 1:
            return rng.pick(data.words);
        case 2:
            return std::to_string(rng.range(0, 999));
        case 3: {
            // The number is drawn before the prefix, as in the corpora made before the data files.
            const std::string number = std::to_string(rng.range(10, 99999));
            return rng.pick(data.code_prefixes) + "-" + number;
        }
        default: {
            const std::string month = rng.pick(data.months);
            return std::to_string(rng.range(1, 28)) + " " + month;
        }
    }
}

}  // namespace

EchoData load_echo_data(const std::string& dir) {
    const DataFile f = read_data_file(dir, "echo/lists.json");
    EchoData d;
    d.system = text_at(f, "/system");
    d.words = texts_at(f, "/words");
    d.code_prefixes = texts_at(f, "/code_prefixes");
    d.months = texts_at(f, "/months");
    d.separators = texts_at(f, "/separators");
    d.copy_asks = texts_at(f, "/copy_asks");
    d.from_ask = text_at(f, "/from_ask", {"list", "from"});
    return d;
}

std::string echo_doc(const EchoData& data, Rng& rng) {
    std::string doc;
    const bool in_system = rng.chance(50);
    if (in_system)
        doc += framing::turn_text("system", data.system);
    const int rounds = rng.range(1, 3);
    for (int r = 0; r < rounds; ++r) {
        const int n = rng.range(5, 40);
        const std::string sep = rng.pick(data.separators);
        std::vector<std::string> list;
        for (int i = 0; i < n; ++i)
            list.push_back(item(data, rng));
        auto join = [&](std::size_t from) {
            std::string s;
            for (std::size_t i = from; i < list.size(); ++i)
                s += (i > from ? sep : "") + list[i];
            return s;
        };
        const std::string all = join(0);
        if (rng.chance(70)) {
            doc += framing::turn_text("user", rng.pick(data.copy_asks) + all);
            doc += framing::turn_text("assistant", all);
        } else {
            const std::size_t from =
                static_cast<std::size_t>(rng.below(static_cast<int>(list.size())));
            doc += framing::turn_text("user",
                                      fill(data.from_ask, {{"list", all}, {"from", list[from]}}));
            doc += framing::turn_text("assistant", join(from));
        }
    }
    return doc;
}

}  // namespace pl::corpus
