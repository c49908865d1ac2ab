#include "corpus/triage_corpus.h"

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

std::vector<TriageCategory> categories_at(const DataFile& file, const std::string& pointer) {
    return elements_at(file, pointer, [&](const std::string& at) {
        return TriageCategory{text_at(file, at + "/label"), text_at(file, at + "/description"),
                              texts_at(file, at + "/messages", {"item", "n"}),
                              texts_at(file, at + "/reasons", {"item", "n"})};
    });
}

}  // namespace

TriageData load_triage_data(const std::string& dir) {
    const DataFile f = read_data_file(dir, "triage/categories.json");
    TriageData d;
    d.system = ShopSystem::read(f, "instruction");
    d.instructions = texts_at(f, "/instructions");
    d.label_prefixes = texts_at(f, "/label_prefixes");
    d.items = texts_at(f, "/items");
    d.support = categories_at(f, "/support");
    d.studio = categories_at(f, "/studio");
    return d;
}

std::string triage_doc(const TriageData& data, Rng& rng) {
    std::vector<TriageCategory> cats = rng.chance(70) ? data.support : data.studio;
    if (rng.chance(30)) {
        const std::string prefix = rng.pick(data.label_prefixes);
        for (auto& c : cats)
            c.label = prefix + c.label;
    }
    rng.shuffle(cats);
    const std::string shop = rng.pick(data.system.shops);
    std::string system =
        fill(data.system.text, {{"shop", shop}, {"instruction", rng.pick(data.instructions)}});
    for (const auto& c : cats)
        system += "\n" + c.label + ": " + c.description;
    std::string doc = framing::turn_text("system", system);
    auto example = [&](const TriageCategory& c) {
        const std::string item = rng.pick(data.items);
        const Slots slots = {{"item", item}, {"n", std::to_string(rng.range(2, 40))}};
        const int m = rng.below(static_cast<int>(c.messages.size()));
        const std::string& reason =
            c.reasons[static_cast<std::size_t>(m) % c.reasons.size()];  // the message's own
        doc += framing::turn_text("user", fill(c.messages[static_cast<std::size_t>(m)], slots));
        doc += framing::turn_text("assistant", c.label + ": " + fill(reason, slots));
    };
    const int examples = rng.range(3, 12);
    for (int i = 0; i < examples; ++i)
        example(cats[static_cast<std::size_t>(rng.below(static_cast<int>(cats.size())))]);
    return doc;
}

}  // namespace pl::corpus
