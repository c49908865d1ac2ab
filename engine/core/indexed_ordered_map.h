// The object type of the project's JSON (core/json_util.h): nlohmann's insertion-ordered map,
// which keeps key order as the cache needs it, plus a hash index once an object holds more than
// kIndexFrom keys. nlohmann's own ordered_map finds a key by a linear scan, so building an object
// of n keys costs n^2/2 comparisons: a tokenizer.json's vocabulary of 151,643 entries took 25 s
// to parse. With the index, a lookup or an insertion costs one hash.
//
// The index is built when the map grows past kIndexFrom and kept up to date by every member that
// changes the map; a const member never writes it, so a document may be read from several
// threads at once. Only the members nlohmann::basic_json uses are provided over the vector.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/ordered_map.hpp>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace pl {

template <class Key, class T, class IgnoredLess = std::less<Key>,
          class Allocator = std::allocator<std::pair<const Key, T>>>
class IndexedOrderedMap : public nlohmann::ordered_map<Key, T, IgnoredLess, Allocator> {
    using Base = nlohmann::ordered_map<Key, T, IgnoredLess, Allocator>;
    template <class K>
    using if_key = std::enable_if_t<std::is_convertible_v<const K&, std::string_view> &&
                                        !std::is_same_v<std::decay_t<K>, Key>,
                                    int>;

  public:
    using typename Base::const_iterator;
    using typename Base::iterator;
    using typename Base::key_type;
    using typename Base::size_type;
    using typename Base::value_type;

    // Objects up to this size are searched in order, as nlohmann does.
    static constexpr std::size_t kIndexFrom = 16;

    IndexedOrderedMap() noexcept(noexcept(Base())) = default;
    explicit IndexedOrderedMap(const Allocator& alloc) : Base(alloc) {}
    template <class It>
    IndexedOrderedMap(It first, It last, const Allocator& alloc = Allocator()) : Base(alloc) {
        insert(first, last);
    }
    IndexedOrderedMap(std::initializer_list<value_type> init, const Allocator& alloc = Allocator())
        : Base(alloc) {
        insert(init.begin(), init.end());
    }

    std::pair<iterator, bool> emplace(const key_type& key, T&& t) {
        if (const std::size_t i = locate(key); i != npos)
            return {this->begin() + static_cast<std::ptrdiff_t>(i), false};
        this->emplace_back(key, std::forward<T>(t));
        added();
        return {std::prev(this->end()), true};
    }
    template <class K, if_key<K> = 0>
    std::pair<iterator, bool> emplace(K&& key, T&& t) {
        if (const std::size_t i = locate(std::string_view(key)); i != npos)
            return {this->begin() + static_cast<std::ptrdiff_t>(i), false};
        this->emplace_back(Key(std::forward<K>(key)), std::forward<T>(t));
        added();
        return {std::prev(this->end()), true};
    }

    T& operator[](const key_type& key) { return emplace(key, T{}).first->second; }
    template <class K, if_key<K> = 0>
    T& operator[](K&& key) {
        return emplace(std::forward<K>(key), T{}).first->second;
    }
    const T& operator[](const key_type& key) const { return at(key); }
    template <class K, if_key<K> = 0>
    const T& operator[](K&& key) const {
        return at(std::forward<K>(key));
    }

    T& at(const key_type& key) { return checked(locate(key)).second; }
    template <class K, if_key<K> = 0>
    T& at(K&& key) {
        return checked(locate(std::string_view(key))).second;
    }
    const T& at(const key_type& key) const { return checked(locate(key)).second; }
    template <class K, if_key<K> = 0>
    const T& at(K&& key) const {
        return checked(locate(std::string_view(key))).second;
    }

    iterator find(const key_type& key) { return to_iter(locate(key)); }
    template <class K, if_key<K> = 0>
    iterator find(K&& key) {
        return to_iter(locate(std::string_view(key)));
    }
    const_iterator find(const key_type& key) const { return to_iter(locate(key)); }
    template <class K, if_key<K> = 0>
    const_iterator find(K&& key) const {
        return to_iter(locate(std::string_view(key)));
    }

    size_type count(const key_type& key) const { return locate(key) == npos ? 0 : 1; }
    template <class K, if_key<K> = 0>
    size_type count(K&& key) const {
        return locate(std::string_view(key)) == npos ? 0 : 1;
    }
    bool contains(const key_type& key) const { return count(key) != 0; }
    template <class K, if_key<K> = 0>
    bool contains(K&& key) const {
        return count(std::forward<K>(key)) != 0;
    }

    size_type erase(const key_type& key) { return erase_key(key); }
    template <class K, if_key<K> = 0>
    size_type erase(K&& key) {
        return erase_key(std::string_view(key));
    }
    iterator erase(iterator pos) { return erase(pos, std::next(pos)); }
    iterator erase(iterator first, iterator last) {
        const auto at = first - this->begin();
        Base::erase(first, last);
        rebuild();
        return this->begin() + at;
    }
    void clear() noexcept {
        Base::clear();
        slots_.clear();
    }

    std::pair<iterator, bool> insert(value_type&& value) {
        return emplace(value.first, std::move(value.second));
    }
    std::pair<iterator, bool> insert(const value_type& value) {
        return emplace(value.first, T(value.second));
    }
    template <
        class InputIt,
        class = std::enable_if_t<std::is_convertible_v<
            typename std::iterator_traits<InputIt>::iterator_category, std::input_iterator_tag>>>
    void insert(InputIt first, InputIt last) {
        for (auto it = first; it != last; ++it)
            insert(*it);
    }

  private:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    static std::size_t hash_of(std::string_view k) { return std::hash<std::string_view>{}(k); }

    std::size_t locate(std::string_view key) const {
        if (slots_.empty()) {
            for (std::size_t i = 0; i < this->size(); ++i)
                if (std::string_view(this->data()[i].first) == key)
                    return i;
            return npos;
        }
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t s = hash_of(key) & mask;; s = (s + 1) & mask) {
            const uint32_t v = slots_[s];
            if (v == 0)
                return npos;
            if (std::string_view(this->data()[v - 1].first) == key)
                return v - 1;
        }
    }
    const value_type& checked(std::size_t i) const {
        if (i == npos)
            throw std::out_of_range("key not found");
        return this->data()[i];
    }
    value_type& checked(std::size_t i) {
        if (i == npos)
            throw std::out_of_range("key not found");
        return this->data()[i];
    }
    iterator to_iter(std::size_t i) {
        return i == npos ? this->end() : this->begin() + static_cast<std::ptrdiff_t>(i);
    }
    const_iterator to_iter(std::size_t i) const {
        return i == npos ? this->end() : this->begin() + static_cast<std::ptrdiff_t>(i);
    }
    size_type erase_key(std::string_view key) {
        const std::size_t i = locate(key);
        if (i == npos)
            return 0;
        erase(this->begin() + static_cast<std::ptrdiff_t>(i));
        return 1;
    }
    void place(std::size_t i) {
        const std::size_t mask = slots_.size() - 1;
        std::size_t s = hash_of(this->data()[i].first) & mask;
        while (slots_[s] != 0)
            s = (s + 1) & mask;
        slots_[s] = static_cast<uint32_t>(i + 1);
    }
    // The element just appended: index it, growing the table to stay at most half full.
    void added() {
        const std::size_t n = this->size();
        if (n <= kIndexFrom)
            return;
        if (slots_.size() < 2 * n)
            rebuild();
        else
            place(n - 1);
    }
    void rebuild() {
        slots_.clear();
        const std::size_t n = this->size();
        if (n <= kIndexFrom)
            return;
        std::size_t cap = 64;
        while (cap < 4 * n)
            cap *= 2;
        slots_.assign(cap, 0);
        for (std::size_t i = 0; i < n; ++i)
            place(i);
    }

    std::vector<uint32_t> slots_;  // 0: empty; else 1 + the element's position
};

}  // namespace pl
