#include "train/bpe_trainer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <queue>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "tokenizer/pretokenizer.h"

namespace pl {
namespace {

uint64_t pair_key(int32_t left, int32_t right) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32) |
           static_cast<uint32_t>(right);
}
int32_t left_of(uint64_t key) {
    return static_cast<int32_t>(key >> 32);
}
int32_t right_of(uint64_t key) {
    return static_cast<int32_t>(key & 0xFFFFFFFFu);
}

// A pair's count when it was queued; entries whose count has changed since are skipped when
// they come up (lazy deletion), a fresher entry for the same pair being in the queue too.
struct QueuedPair {
    int64_t count;
    int32_t left;
    int32_t right;
    // The top of the priority queue: highest count, then smallest left id, then smallest right.
    bool operator<(const QueuedPair& o) const {
        if (count != o.count)
            return count < o.count;
        if (left != o.left)
            return left > o.left;
        return right > o.right;
    }
};

struct Word {
    std::vector<int32_t> symbols;
    int64_t count;
};

class Trainer {
  public:
    BpeTrainResult run(std::string_view corpus, int vocab_size);

  private:
    void count_words(std::string_view corpus);
    void add_pair_count(uint64_t key, int64_t delta);
    void merge(uint64_t key, int32_t result);

    std::vector<std::string> strings_;  // id -> token spelling
    std::unordered_map<std::string, int32_t> ids_;
    std::vector<Word> words_;
    std::unordered_map<uint64_t, int64_t> pair_counts_;
    // The words a pair occurs in. A superset: entries are checked before use, and may repeat.
    std::unordered_map<uint64_t, std::vector<int32_t>> pair_words_;
    std::priority_queue<QueuedPair> queue_;
    std::unordered_map<uint64_t, int64_t> pending_;  // count changes of the current merge
};

void Trainer::count_words(std::string_view corpus) {
    std::unordered_map<std::string_view, int64_t> counts;
    for (const std::string_view piece : gpt2_pretokenize(corpus))
        ++counts[piece];
    std::vector<std::pair<std::string_view, int64_t>> sorted(counts.begin(), counts.end());
    std::sort(sorted.begin(), sorted.end());

    std::array<int32_t, 256> byte_ids{};
    const std::array<uint8_t, 256> order = gpt2_byte_order();
    for (int32_t id = 0; id < 256; ++id)
        byte_ids[order[id]] = id;

    words_.reserve(sorted.size());
    for (const auto& [text, count] : sorted) {
        Word w{{}, count};
        w.symbols.reserve(text.size());
        for (const char ch : text)
            w.symbols.push_back(byte_ids[static_cast<uint8_t>(ch)]);
        words_.push_back(std::move(w));
    }
}

void Trainer::add_pair_count(uint64_t key, int64_t delta) {
    int64_t& count = pair_counts_[key];
    count += delta;
    if (count > 0) {
        queue_.push({count, left_of(key), right_of(key)});
    } else {
        pair_counts_.erase(key);
    }
}

// Replaces every occurrence of the pair in every word that has it, left to right, and updates
// the pair counts by the difference between each word's pairs before and after.
void Trainer::merge(uint64_t key, int32_t result) {
    const int32_t left = left_of(key);
    const int32_t right = right_of(key);
    std::vector<int32_t> affected = std::move(pair_words_[key]);
    pair_words_.erase(key);
    std::sort(affected.begin(), affected.end());
    affected.erase(std::unique(affected.begin(), affected.end()), affected.end());

    pending_.clear();
    std::vector<int32_t> merged;
    for (const int32_t w : affected) {
        Word& word = words_[w];
        const std::vector<int32_t>& s = word.symbols;
        merged.clear();
        bool changed = false;
        for (size_t i = 0; i < s.size(); ++i) {
            if (i + 1 < s.size() && s[i] == left && s[i + 1] == right) {
                merged.push_back(result);
                changed = true;
                ++i;
            } else {
                merged.push_back(s[i]);
            }
        }
        if (!changed)
            continue;
        for (size_t i = 0; i + 1 < s.size(); ++i)
            pending_[pair_key(s[i], s[i + 1])] -= word.count;
        for (size_t i = 0; i + 1 < merged.size(); ++i) {
            const uint64_t pk = pair_key(merged[i], merged[i + 1]);
            pending_[pk] += word.count;
            // Only pairs with the new token are new to this word; the others already list it.
            if (merged[i] == result || merged[i + 1] == result) {
                std::vector<int32_t>& list = pair_words_[pk];
                if (list.empty() || list.back() != w)
                    list.push_back(w);
            }
        }
        word.symbols.swap(merged);
    }
    // Apply in key order so the queue's contents do not depend on hash-map iteration order
    // (the result would not either, but this keeps runs identical down to the last detail).
    std::vector<std::pair<uint64_t, int64_t>> changes(pending_.begin(), pending_.end());
    std::sort(changes.begin(), changes.end());
    for (const auto& [pk, delta] : changes) {
        if (delta != 0)
            add_pair_count(pk, delta);
    }
}

BpeTrainResult Trainer::run(std::string_view corpus, int vocab_size) {
    const std::array<uint8_t, 256> order = gpt2_byte_order();
    for (int32_t id = 0; id < 256; ++id) {
        strings_.push_back(
            gpt2_token_string(std::string_view(reinterpret_cast<const char*>(&order[id]), 1)));
        ids_.emplace(strings_.back(), id);
    }
    count_words(corpus);

    for (int32_t w = 0; w < static_cast<int32_t>(words_.size()); ++w) {
        const std::vector<int32_t>& s = words_[w].symbols;
        for (size_t i = 0; i + 1 < s.size(); ++i) {
            const uint64_t pk = pair_key(s[i], s[i + 1]);
            pair_counts_[pk] += words_[w].count;
            std::vector<int32_t>& list = pair_words_[pk];
            if (list.empty() || list.back() != w)
                list.push_back(w);
        }
    }
    std::vector<std::pair<uint64_t, int64_t>> initial(pair_counts_.begin(), pair_counts_.end());
    std::sort(initial.begin(), initial.end());
    for (const auto& [pk, count] : initial)
        queue_.push({count, left_of(pk), right_of(pk)});

    BpeTrainResult out;
    out.merges_txt = "#version: 0.2\n";
    std::unordered_set<uint64_t> recorded;
    const size_t target = vocab_size > 257 ? static_cast<size_t>(vocab_size) - 1 : 256;
    while (strings_.size() < target && !queue_.empty()) {
        const QueuedPair top = queue_.top();
        queue_.pop();
        const uint64_t key = pair_key(top.left, top.right);
        const auto it = pair_counts_.find(key);
        if (it == pair_counts_.end() || it->second != top.count)
            continue;

        // Two different merges can spell the same token ("ab"+"c", "a"+"bc"); it keeps the
        // id it got first, and both merges are listed.
        const std::string spelling = strings_[top.left] + strings_[top.right];
        const auto [id_it, is_new] = ids_.emplace(spelling, static_cast<int32_t>(strings_.size()));
        if (is_new)
            strings_.push_back(spelling);
        // A pair can come back after its merge when a later merge re-creates one of its
        // tokens; merges.txt lists it once, at its first rank, which is where it applies.
        if (recorded.insert(key).second) {
            out.merges_txt += strings_[top.left] + " " + strings_[top.right] + "\n";
            ++out.merge_count;
        }
        merge(key, id_it->second);
    }

    const std::string eot = "<|endoftext|>";
    if (ids_.emplace(eot, static_cast<int32_t>(strings_.size())).second) {
        strings_.push_back(eot);
    }
    out.vocab_size = static_cast<int>(strings_.size());
    out.vocab_json = "{\n";
    for (size_t id = 0; id < strings_.size(); ++id) {
        out.vocab_json += "  " + nlohmann::json(strings_[id]).dump() + ": " + std::to_string(id) +
                          (id + 1 < strings_.size() ? ",\n" : "\n");
    }
    out.vocab_json += "}\n";
    return out;
}

}  // namespace

BpeTrainResult train_bpe(std::string_view corpus, int vocab_size) {
    return Trainer().run(corpus, vocab_size);
}

}  // namespace pl
