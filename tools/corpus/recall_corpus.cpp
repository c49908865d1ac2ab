#include "corpus/recall_corpus.h"

#include <algorithm>

#include "prompt/framing.h"

namespace pl::corpus {
namespace {

std::string S(int v) {
    return std::to_string(v);
}

struct Row {
    std::string key, line, question, answer;
};

std::string cap(std::string s) {
    if (!s.empty() && s[0] >= 'a' && s[0] <= 'z')
        s[0] = static_cast<char>(s[0] - 'a' + 'A');
    return s;
}

// A row of `table` about `key` with its numbers in `slots`; draws the question.
Row make_row(const RecallTable& table, const std::string& key, Slots slots, Rng& rng) {
    slots.insert(slots.begin(), {{"key", key}, {"Key", cap(key)}});
    const RecallQuestion& q = table.questions[static_cast<std::size_t>(
        rng.below(static_cast<int>(table.questions.size())))];
    return {key, fill(table.line, slots), fill(q.question, slots), fill(q.answer, slots)};
}

// Return windows by category: "Tripods: 38 days" -> "Tripods can be returned within 38 days."
std::vector<Row> return_table(const RecallData& data, Rng& rng) {
    Strings cats = data.returns.keys;
    rng.shuffle(cats);
    std::vector<Row> rows;
    const int n = std::min(rng.range(4, 10), static_cast<int>(cats.size()));
    for (int i = 0; i < n; ++i) {
        const std::string days = S(draw(rng, 5, 120, {40, 45, 75}));
        rows.push_back(
            make_row(data.returns, cats[static_cast<std::size_t>(i)], {{"days", days}}, rng));
    }
    return rows;
}

std::vector<Row> warranty_table(const RecallData& data, Rng& rng) {
    std::vector<Row> rows;
    const int n = rng.range(4, 9);
    for (int i = 0; i < n; ++i) {
        // Kind, number, brand: the order in which the corpora before the data files drew them.
        const std::string kind = rng.pick(data.kinds);
        const std::string number = S(rng.range(10, 99) * 10);
        const std::string brand = rng.pick(data.brands);
        const std::string name =
            fill(data.product_name, {{"brand", brand}, {"number", number}, {"kind", kind}});
        if (std::any_of(rows.begin(), rows.end(), [&](const Row& r) { return r.key == name; }))
            continue;
        const int y = rng.range(1, 6);
        rows.push_back(
            make_row(data.warranty, name, {{"years", S(y) + (y == 1 ? " year" : " years")}}, rng));
    }
    return rows;
}

std::vector<Row> stock_table(const RecallData& data, Rng& rng) {
    Strings items = data.stock.keys;
    rng.shuffle(items);
    std::vector<Row> rows;
    const int n = std::min(rng.range(4, 9), static_cast<int>(items.size()));
    for (int i = 0; i < n; ++i) {
        const std::string count = S(rng.range(0, 140));
        const std::string days = S(rng.range(1, 12));
        rows.push_back(make_row(data.stock, items[static_cast<std::size_t>(i)],
                                {{"count", count}, {"days", days}}, rng));
    }
    return rows;
}

std::vector<Row> repair_table(const RecallData& data, Rng& rng) {
    Strings services = data.repair.keys;
    rng.shuffle(services);
    std::vector<Row> rows;
    const int n = std::min(rng.range(3, 8), static_cast<int>(services.size()));
    for (int i = 0; i < n; ++i) {
        const std::string days = S(draw(rng, 1, 30, {9}));
        const std::string price = S(rng.range(2, 60) * 5);
        rows.push_back(make_row(data.repair, services[static_cast<std::size_t>(i)],
                                {{"days", days}, {"price", price}}, rng));
    }
    return rows;
}

// `numbers`: the slots the table's templates may name, the key's among them.
RecallTable table_at(const DataFile& file, const std::string& pointer, SlotNames numbers,
                     bool with_keys) {
    RecallTable t;
    t.title = text_at(file, pointer + "/title");
    if (with_keys)
        t.keys = texts_at(file, pointer + "/keys");
    t.line = text_at(file, pointer + "/line", numbers);
    t.questions = elements_at(file, pointer + "/questions", [&](const std::string& at) {
        return RecallQuestion{text_at(file, at + "/question", numbers),
                              text_at(file, at + "/answer", numbers)};
    });
    return t;
}

}  // namespace

RecallData load_recall_data(const std::string& dir) {
    const DataFile f = read_data_file(dir, "recall/tables.json");
    RecallData d;
    d.system = ShopSystem::read(f, "title");
    d.returns = table_at(f, "/returns", {"key", "Key", "days"}, true);
    d.warranty = table_at(f, "/warranty", {"key", "Key", "years"}, false);
    d.stock = table_at(f, "/stock", {"key", "Key", "count", "days"}, true);
    d.repair = table_at(f, "/repair", {"key", "Key", "days", "price"}, true);
    d.brands = texts_at(f, "/warranty/brands");
    d.kinds = texts_at(f, "/warranty/kinds");
    d.product_name = text_at(f, "/warranty/name", {"brand", "number", "kind"});
    return d;
}

std::string recall_doc(const RecallData& data, Rng& rng) {
    const int kind = rng.below(4);
    std::vector<Row> rows = kind == 0   ? return_table(data, rng)
                            : kind == 1 ? warranty_table(data, rng)
                            : kind == 2 ? stock_table(data, rng)
                                        : repair_table(data, rng);
    const RecallTable& table = kind == 0   ? data.returns
                               : kind == 1 ? data.warranty
                               : kind == 2 ? data.stock
                                           : data.repair;
    std::string system =
        fill(data.system.text, {{"shop", rng.pick(data.system.shops)}, {"title", table.title}});
    for (const auto& r : rows)
        system += (rng.chance(50) ? "\n- " : "\n") + r.line;
    std::string doc = framing::turn_text("system", system);
    // Each row asked about at most once, so an answer can only come from the table.
    rng.shuffle(rows);
    const int questions = std::min(static_cast<int>(rows.size()), rng.range(3, 8));
    for (int i = 0; i < questions; ++i) {
        const Row& r = rows[static_cast<std::size_t>(i)];
        doc += framing::turn_text("user", r.question) + framing::turn_text("assistant", r.answer);
    }
    return doc;
}

}  // namespace pl::corpus
