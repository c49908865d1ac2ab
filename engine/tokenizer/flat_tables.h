// The tokenizer's two big lookup tables as open-addressing hash tables in flat arrays: a
// vocabulary of 262,144 spellings and 514,906 merges (Gemma 3) built in node-based
// std::unordered_maps spent most of a load on cache misses and allocations. Only what
// bpe_tokenizer.cpp uses of the std::unordered_map interface: find, emplace, end, reserve, size.
// Never erased from; find() never writes, so a loaded tokenizer may be read from many threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pl {

// Spelling -> id. find() takes any string_view; iterators are pointers to the entries and stay
// valid until the next emplace.
class FlatTokenIndex {
  public:
    using value_type = std::pair<std::string, int32_t>;
    using iterator = const value_type*;

    void reserve(std::size_t n) {
        entries_.reserve(n);
        if (slot_count_for(n) > slots_.size())
            rehash(slot_count_for(n));
    }
    std::size_t size() const { return entries_.size(); }
    iterator end() const { return nullptr; }
    iterator find(std::string_view key) const {
        if (slots_.empty())
            return nullptr;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t s = hash(key) & mask;; s = (s + 1) & mask) {
            const uint32_t v = slots_[s];
            if (v == 0)
                return nullptr;
            if (entries_[v - 1].first == key)
                return &entries_[v - 1];
        }
    }
    std::pair<iterator, bool> emplace(std::string_view key, int32_t id) {
        if (iterator it = find(key))
            return {it, false};
        if (slots_.size() < 2 * (entries_.size() + 1))
            rehash(slot_count_for(entries_.size() + 1));
        entries_.emplace_back(std::string(key), id);
        place(entries_.size() - 1);
        return {&entries_.back(), true};
    }

  private:
    static std::size_t hash(std::string_view k) { return std::hash<std::string_view>{}(k); }
    static std::size_t slot_count_for(std::size_t n) {
        std::size_t cap = 16;
        while (cap < 2 * n + 2)
            cap *= 2;
        return cap;
    }
    void place(std::size_t i) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t s = hash(entries_[i].first) & mask;
        while (slots_[s] != 0)
            s = (s + 1) & mask;
        slots_[s] = static_cast<uint32_t>(i + 1);
    }
    void rehash(std::size_t count) {
        slots_.assign(count, 0);
        for (std::size_t i = 0; i < entries_.size(); ++i)
            place(i);
    }

    std::vector<value_type> entries_;
    std::vector<uint32_t> slots_;  // 0: empty; else 1 + an index into entries_
};

// A 64-bit key (two token ids) -> a small value, keys stored inline beside their values.
template <class V>
class FlatPairMap {
  public:
    struct Slot {
        uint64_t first = kEmpty;
        V second{};
    };
    using iterator = const Slot*;

    void reserve(std::size_t n) {
        if (slot_count_for(n) > slots_.size())
            rehash(slot_count_for(n));
    }
    std::size_t size() const { return size_; }
    iterator end() const { return nullptr; }
    iterator find(uint64_t key) const {
        if (slots_.empty())
            return nullptr;
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t s = mix(key) & mask;; s = (s + 1) & mask) {
            if (slots_[s].first == key)
                return &slots_[s];
            if (slots_[s].first == kEmpty)
                return nullptr;
        }
    }
    std::pair<iterator, bool> emplace(uint64_t key, V value) {
        if (iterator it = find(key))
            return {it, false};
        if (slots_.size() < 2 * (size_ + 1))
            rehash(slot_count_for(size_ + 1));
        Slot* s = insert(key, value);
        ++size_;
        return {s, true};
    }

  private:
    static constexpr uint64_t kEmpty = ~uint64_t{0};  // never two ids below 2^31
    static std::size_t mix(uint64_t k) {
        k ^= k >> 33;
        k *= 0xff51afd7ed558ccdULL;
        k ^= k >> 33;
        return static_cast<std::size_t>(k);
    }
    static std::size_t slot_count_for(std::size_t n) {
        std::size_t cap = 16;
        while (cap < 2 * n + 2)
            cap *= 2;
        return cap;
    }
    Slot* insert(uint64_t key, V value) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t s = mix(key) & mask;
        while (slots_[s].first != kEmpty)
            s = (s + 1) & mask;
        slots_[s].first = key;
        slots_[s].second = value;
        return &slots_[s];
    }
    void rehash(std::size_t count) {
        std::vector<Slot> old(count);
        old.swap(slots_);
        for (const Slot& s : old)
            if (s.first != kEmpty)
                insert(s.first, s.second);
    }

    std::vector<Slot> slots_;
    std::size_t size_ = 0;
};

}  // namespace pl
