#include "tokenizer/bpe_tokenizer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <queue>
#include <sstream>
#include <unordered_map>

#include "core/json_util.h"
#include "tokenizer/added_tokens.h"
#include "tokenizer/flat_tables.h"
#include "tokenizer/hf_pretokenizer.h"
#include "tokenizer/nfc.h"
#include "tokenizer/pretokenizer.h"
#include "tokenizer/tokenizer_json.h"

namespace pl {
namespace {

using json = nlohmann::json;

using TokenIndex = FlatTokenIndex;

uint64_t pair_key(int32_t left, int32_t right) {
    return (static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32) |
           static_cast<uint32_t>(right);
}

struct Merge {
    int32_t rank;
    int32_t result;
};

std::string where(const std::filesystem::path& path, size_t line) {
    return path.string() + ":" + std::to_string(line) + ": ";
}

// A token for an error message: JSON-quoted, so control characters and invalid bytes stay on
// one line and visible.
std::string json_quoted(std::string_view s) {
    return json(std::string(s)).dump(-1, ' ', false, json::error_handler_t::replace);
}

size_t line_of(std::string_view text, size_t offset) {
    offset = std::min(offset, text.size());
    return 1 + static_cast<size_t>(std::count(text.begin(), text.begin() + offset, '\n'));
}

// vocab.json and merges.txt of GPT-2 are about 1 MB and 0.5 MB; 64 MiB leaves room for any
// byte-level BPE and refuses a file that is something else.
Result<std::string> read_file(const std::filesystem::path& path) {
    return read_text_file(path.string(), 64u << 20);
}

// A char iterator that remembers the last character nlohmann's lexer read. When the parser
// hands a key to the SAX handler the lexer has just read its closing quote, which gives each
// vocab entry its line without a second pass over the file.
class TrackingIterator {
  public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    TrackingIterator() = default;
    TrackingIterator(const char* p, const char** last_read) : p_(p), last_read_(last_read) {}
    reference operator*() const {
        *last_read_ = p_;
        return *p_;
    }
    TrackingIterator& operator++() {
        ++p_;
        return *this;
    }
    TrackingIterator operator++(int) {
        TrackingIterator old = *this;
        ++p_;
        return old;
    }
    bool operator==(const TrackingIterator& other) const { return p_ == other.p_; }

  private:
    const char* p_ = nullptr;
    const char** last_read_ = nullptr;
};

struct VocabEntry {
    std::string token;
    int64_t id;     // -1 when the number does not even fit in int64
    size_t offset;  // of the key's closing quote, for the error line
};

// Collects the entries of vocab.json's single flat object; anything else stops the parse
// with a one-line error.
class VocabSax {
  public:
    VocabSax(const std::filesystem::path& path, std::string_view text, const char** last_read)
        : path_(path), text_(text), last_read_(last_read) {}

    std::vector<VocabEntry> entries;
    std::string error;

    bool null() { return not_an_id(); }
    bool boolean(bool) { return not_an_id(); }
    bool number_integer(json::number_integer_t v) { return add(v); }
    bool number_unsigned(json::number_unsigned_t v) {
        return add(v > static_cast<json::number_unsigned_t>(std::numeric_limits<int64_t>::max())
                       ? -1
                       : static_cast<int64_t>(v));
    }
    bool number_float(json::number_float_t, const json::string_t&) { return not_an_id(); }
    bool string(json::string_t&) { return not_an_id(); }
    bool binary(json::binary_t&) { return not_an_id(); }
    bool start_object(size_t) {
        if (depth_ == 0) {
            depth_ = 1;
            return true;
        }
        return not_an_id();
    }
    bool end_object() { return true; }
    bool start_array(size_t) { return not_an_id(); }
    bool end_array() { return true; }
    bool key(json::string_t& k) {
        key_ = k;
        key_offset_ = static_cast<size_t>(*last_read_ - text_.data());
        return true;
    }
    bool parse_error(size_t position, const std::string&, const json::exception& ex) {
        // position counts the characters read, so the offending one is at position - 1.
        const size_t offset = std::min(position > 0 ? position - 1 : 0, text_.size());
        size_t column = offset + 1;
        if (offset > 0) {
            if (const size_t newline = text_.rfind('\n', offset - 1);
                newline != std::string_view::npos) {
                column = offset - newline;
            }
        }
        // nlohmann's text is "[json.exception.parse_error.101] parse error at line L,
        // column C: <reason>"; keep the reason, we give our own place.
        std::string reason = ex.what();
        if (reason.rfind("[json.exception.", 0) == 0) {
            if (const size_t close = reason.find("] "); close != std::string::npos)
                reason = reason.substr(close + 2);
        }
        if (const size_t at = reason.find("column"); at != std::string::npos) {
            if (const size_t colon = reason.find(": ", at); colon != std::string::npos) {
                reason = reason.substr(colon + 2);
            }
        }
        reason = escape_for_message(reason, 300);
        error = path_.string() + ":" + std::to_string(line_of(text_, offset)) + ":" +
                std::to_string(column) + ": malformed JSON: " + reason;
        return false;
    }

  private:
    bool add(int64_t id) {
        if (depth_ == 0)
            return not_an_id();
        entries.push_back({key_, id, key_offset_});
        return true;
    }
    bool not_an_id() {
        if (depth_ == 0) {
            const size_t offset = static_cast<size_t>(*last_read_ - text_.data());
            error = where(path_, line_of(text_, offset)) +
                    "expected a JSON object mapping token strings to ids";
        } else {
            error = where(path_, line_of(text_, key_offset_)) + "the id of token " +
                    json_quoted(key_) + " is not an integer";
        }
        return false;
    }

    const std::filesystem::path& path_;
    std::string_view text_;
    const char** last_read_;
    int depth_ = 0;
    std::string key_;
    size_t key_offset_ = 0;
};

}  // namespace

// The raw bytes a vocabulary spelling stands for. Characters outside GPT-2's byte alphabet (only
// in added tokens) stand for their own UTF-8 bytes. nlohmann has checked that the spelling is
// valid UTF-8.
static std::string spelled_bytes(const std::string& s) {
    std::string raw;
    for (size_t i = 0; i < s.size();) {
        const auto lead = static_cast<uint8_t>(s[i]);
        const size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        char32_t cp = len == 1 ? lead : lead & (0xFF >> (len + 1));
        for (size_t k = 1; k < len && i + k < s.size(); ++k) {
            cp = (cp << 6) | (static_cast<uint8_t>(s[i + k]) & 0x3F);
        }
        const int b = gpt2_char_to_byte(cp);
        if (b >= 0) {
            raw += static_cast<char>(b);
        } else {
            raw.append(s, i, len);
        }
        i += len;
    }
    return raw;
}

// The raw bytes a SentencePiece-style spelling stands for: "\u2581" is a space (the normalizer
// wrote it for one), "<0xNN>" the byte NN when the model falls back to bytes.
static std::string sentencepiece_bytes(const std::string& s, bool byte_fallback) {
    if (byte_fallback && s.size() == 6 && s.starts_with("<0x") && s[5] == '>') {
        const auto hex = [](char c) {
            return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        };
        const int hi = hex(s[3]), lo = hex(s[4]);
        if (hi >= 0 && lo >= 0)
            return std::string(1, static_cast<char>(hi * 16 + lo));
    }
    std::string raw;
    static constexpr std::string_view kSpace = "\u2581";
    for (std::size_t i = 0; i < s.size();) {
        if (s.compare(i, kSpace.size(), kSpace) == 0) {
            raw += ' ';
            i += kSpace.size();
        } else {
            raw += s[i++];
        }
    }
    return raw;
}

struct BpeTokenizer::Impl {
    std::vector<std::string> strings;  // id -> spelling in vocab.json
    std::vector<std::string> bytes;    // id -> raw bytes
    TokenIndex ids;                    // spelling -> id
    std::array<int32_t, 256> byte_ids{};
    FlatPairMap<Merge> merges;        // pair_key(left, right) -> rank and result
    std::size_t max_token_bytes = 1;  // the longest entry of bytes
    // From a tokenizer.json: how text is split and normalized, and its added tokens.
    PreTokenizerSpec pre;
    NormalizerSpec norm;
    bool ignore_merges = false;  // a word that is itself in the vocabulary is one token
    // SentencePiece-style (Gemma): words are characters, not bytes; a character outside the
    // vocabulary is its UTF-8 bytes as <0xNN> tokens (byte fallback), else the unknown token.
    bool byte_fallback = false;
    int32_t unk_id = -1;
    std::array<int32_t, 256> fallback_ids{};
    // tiktoken encodings: special tokens are not looked for in encode() (tiktoken's
    // encode_ordinary: a prompt's "<|endoftext|>" is text), only in encode_with_specials().
    std::string encoding_name;
    AddedTokenMatcher specials;
    std::vector<uint8_t> in_model;   // per id: in the model's vocabulary (not only added)
    bool hf = false;                 // loaded from a tokenizer.json
    AddedTokenMatcher raw_added;     // matched in the raw text
    AddedTokenMatcher normed_added;  // matched in the normalized text

    Result<void> load_vocab(const std::filesystem::path& path);
    Result<void> load_merges(const std::filesystem::path& path);
    Result<void> find_byte_tokens(const std::filesystem::path& vocab_path);
    Result<void> load_hf(TokenizerJson& doc, const std::string& file);
    Result<void> load_tiktoken(const std::filesystem::path& ranks,
                               const std::filesystem::path& meta);
    Result<void> find_fallback_tokens(const std::string& file);
    void initial_symbols(std::string_view word, std::vector<int32_t>& id) const;
    Result<void> load_added(const ojson& j, const std::string& file);
    void encode_word(std::string_view word, std::vector<int32_t>& out) const;
    void encode_normalized(std::string_view text, std::vector<int32_t>& out) const;
};

Result<void> BpeTokenizer::Impl::load_vocab(const std::filesystem::path& path) {
    auto text_r = read_file(path);
    if (!text_r)
        return text_r.error();
    const std::string_view text = *text_r;

    const char* last_read = text.data();
    VocabSax sax(path, text, &last_read);
    const TrackingIterator first(text.data(), &last_read);
    const TrackingIterator last(text.data() + text.size(), &last_read);
    if (!json::sax_parse(first, last, &sax)) {
        return make_error(sax.error.empty() ? path.string() + ": malformed JSON" : sax.error);
    }
    if (sax.entries.empty())
        return make_error(where(path, 1) + "the vocabulary is empty");

    // Ids must be exactly 0..n-1, so every id names one token and one row of the embedding.
    const size_t n = sax.entries.size();
    std::vector<const VocabEntry*> by_id(n, nullptr);
    for (const VocabEntry& e : sax.entries) {
        const auto here = [&] { return where(path, line_of(text, e.offset)); };
        if (e.id < 0 || static_cast<size_t>(e.id) >= n) {
            return make_error(here() + "id " +
                              (e.id < 0 ? std::string("<out of range>") : std::to_string(e.id)) +
                              " of token " + json_quoted(e.token) + " is outside 0.." +
                              std::to_string(n - 1) + " (" + std::to_string(n) + " tokens)");
        }
        if (const VocabEntry* other = by_id[e.id]) {
            return make_error(here() + "id " + std::to_string(e.id) + " of token " +
                              json_quoted(e.token) + " is already used by token " +
                              json_quoted(other->token) + " (line " +
                              std::to_string(line_of(text, other->offset)) + ")");
        }
        by_id[e.id] = &e;
        if (!ids.emplace(e.token, static_cast<int32_t>(e.id)).second) {
            return make_error(here() + "token " + json_quoted(e.token) + " is listed twice");
        }
    }

    strings.resize(n);
    bytes.resize(n);
    for (size_t id = 0; id < n; ++id) {
        strings[id] = by_id[id]->token;
        bytes[id] = spelled_bytes(strings[id]);
        max_token_bytes = std::max(max_token_bytes, bytes[id].size());
    }
    return {};
}

Result<void> BpeTokenizer::Impl::load_merges(const std::filesystem::path& path) {
    auto text_r = read_file(path);
    if (!text_r)
        return text_r.error();
    const std::string_view text = *text_r;

    std::unordered_map<uint64_t, size_t> line_of_pair;
    size_t line_no = 0;
    size_t pos = 0;
    while (pos < text.size()) {
        size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos)
            eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        pos = eol + 1;
        ++line_no;
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        if (line_no == 1 && line.starts_with("#version"))
            continue;

        std::vector<std::string_view> parts;
        size_t i = 0;
        while (i < line.size()) {
            if (line[i] == ' ' || line[i] == '\t') {
                ++i;
                continue;
            }
            const size_t start = i;
            while (i < line.size() && line[i] != ' ' && line[i] != '\t')
                ++i;
            parts.push_back(line.substr(start, i - start));
        }
        if (parts.empty())
            continue;
        if (parts.size() != 2) {
            return make_error(where(path, line_no) +
                              "expected two tokens separated by a space, found " +
                              std::to_string(parts.size()) + ": " + json_quoted(line));
        }
        std::array<int32_t, 2> part_ids{};
        for (size_t k = 0; k < 2; ++k) {
            const auto it = ids.find(parts[k]);
            if (it == ids.end()) {
                return make_error(where(path, line_no) + "token " + json_quoted(parts[k]) +
                                  " of merge " + json_quoted(line) + " is not in the vocabulary");
            }
            part_ids[k] = it->second;
        }
        std::string merged(parts[0]);
        merged += parts[1];
        const auto result = ids.find(merged);
        if (result == ids.end()) {
            return make_error(where(path, line_no) + "the result " + json_quoted(merged) +
                              " of merge " + json_quoted(line) + " is not in the vocabulary");
        }
        const uint64_t key = pair_key(part_ids[0], part_ids[1]);
        if (const auto [it, added] = line_of_pair.emplace(key, line_no); !added) {
            return make_error(where(path, line_no) + "merge " + json_quoted(line) +
                              " repeats line " + std::to_string(it->second));
        }
        merges.emplace(key, Merge{static_cast<int32_t>(merges.size()), result->second});
    }
    return {};
}

Result<void> BpeTokenizer::Impl::find_byte_tokens(const std::filesystem::path& vocab_path) {
    for (int b = 0; b < 256; ++b) {
        const std::string spelling(1, static_cast<char>(b));
        const auto it = ids.find(gpt2_token_string(spelling));
        if (it == ids.end()) {
            return make_error(vocab_path.string() + ": no token for byte " + std::to_string(b) +
                              " (" + json_quoted(gpt2_token_string(spelling)) +
                              "); a byte-level vocabulary needs all 256");
        }
        byte_ids[b] = it->second;
    }
    return {};
}

// Applies the merges to one pre-token, lowest rank first and, within a rank, left to right:
// GPT-2's rule. A heap over the adjacent pairs keeps this O(n log n), which matters for long
// unspaced runs (a paragraph of Japanese is a single pre-token). In a merges file produced by
// training, a merge only creates pairs of higher rank than its own, so taking the pairs one at
// a time gives the same result as GPT-2's "merge every occurrence of the best pair" loop.
// The symbols a word starts as: its bytes (byte-level), or its
// characters, each one token if the vocabulary has it, else its bytes as <0xNN> tokens (byte
// fallback), else the unknown token (SentencePiece-style).
void BpeTokenizer::Impl::initial_symbols(std::string_view word, std::vector<int32_t>& id) const {
    if (pre.byte_level) {
        for (std::size_t i = 0; i < word.size(); ++i) {
            id.push_back(byte_ids[static_cast<uint8_t>(word[i])]);
        }
        return;
    }
    for (std::size_t i = 0; i < word.size();) {
        const auto lead = static_cast<uint8_t>(word[i]);
        std::size_t len = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
        len = std::min(len, word.size() - i);
        const auto it = ids.find(word.substr(i, len));
        if (it != ids.end() && in_model[static_cast<std::size_t>(it->second)]) {
            id.push_back(it->second);
        } else if (byte_fallback) {
            for (std::size_t k = 0; k < len; ++k) {
                id.push_back(fallback_ids[static_cast<uint8_t>(word[i + k])]);
            }
        } else if (unk_id >= 0) {
            id.push_back(unk_id);
        }
        i += len;
    }
}

// Applies the merges to one pre-token, lowest rank first and, within a rank, left to right:
// GPT-2's rule, and tiktoken's (whose pair ranks are the ranks of the merged tokens). A heap
// over the adjacent pairs keeps this O(n log n), which matters for long unspaced runs (a
// paragraph of Japanese is a single pre-token, a SentencePiece-style text one word). In a
// merges file produced by training, a merge only creates pairs of higher rank than its own, so
// taking the pairs one at a time gives the same result as GPT-2's "merge every occurrence of
// the best pair" loop.
void BpeTokenizer::Impl::encode_word(std::string_view word, std::vector<int32_t>& out) const {
    if (word.empty())
        return;
    if (ignore_merges && word.size() > 1) {
        const auto it = pre.byte_level ? ids.find(gpt2_token_string(word)) : ids.find(word);
        if (it != ids.end() && in_model[static_cast<std::size_t>(it->second)]) {
            out.push_back(it->second);
            return;
        }
    }
    if (pre.byte_level && word.size() == 1) {
        out.push_back(byte_ids[static_cast<uint8_t>(word[0])]);
        return;
    }
    std::vector<int32_t> id;
    id.reserve(word.size());
    initial_symbols(word, id);
    const auto n = static_cast<int32_t>(id.size());
    std::vector<int32_t> next(n);
    std::vector<int32_t> prev(n);
    for (int32_t i = 0; i < n; ++i) {
        next[i] = i + 1;
        prev[i] = i - 1;
    }

    struct Candidate {
        int32_t rank;
        int32_t pos;  // of the left symbol; symbols keep the place where they start
        int32_t left;
        int32_t right;
        int32_t result;
        bool operator>(const Candidate& o) const {
            return rank != o.rank ? rank > o.rank : pos > o.pos;
        }
    };
    std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> heap;
    const auto consider = [&](int32_t pos) {
        const int32_t right = next[pos];
        if (right >= n)
            return;
        const auto it = merges.find(pair_key(id[pos], id[right]));
        if (it != merges.end()) {
            heap.push({it->second.rank, pos, id[pos], id[right], it->second.result});
        }
    };
    for (int32_t i = 0; i + 1 < n; ++i)
        consider(i);

    while (!heap.empty()) {
        const Candidate c = heap.top();
        heap.pop();
        // A candidate is stale when either symbol has merged since: a symbol's token only
        // grows, so equal ids mean the same two symbols are still neighbours.
        const int32_t right = next[c.pos];
        if (id[c.pos] != c.left || right >= n || id[right] != c.right)
            continue;
        id[c.pos] = c.result;
        id[right] = -1;
        next[c.pos] = next[right];
        if (next[right] < n)
            prev[next[right]] = c.pos;
        if (prev[c.pos] >= 0)
            consider(prev[c.pos]);
        consider(c.pos);
    }
    for (int32_t i = 0; i < n; i = next[i])
        out.push_back(id[i]);
}

BpeTokenizer::BpeTokenizer() : impl_(std::make_unique<Impl>()) {}
BpeTokenizer::~BpeTokenizer() = default;
BpeTokenizer::BpeTokenizer(BpeTokenizer&&) noexcept = default;
BpeTokenizer& BpeTokenizer::operator=(BpeTokenizer&&) noexcept = default;

Result<BpeTokenizer> BpeTokenizer::load(const std::filesystem::path& vocab_json,
                                        const std::filesystem::path& merges_txt) {
    BpeTokenizer tok;
    Impl& impl = *tok.impl_;
    PL_TRY(impl.load_vocab(vocab_json));
    PL_TRY(impl.load_merges(merges_txt));
    PL_TRY(impl.find_byte_tokens(vocab_json));
    return tok;
}

Result<void> BpeTokenizer::Impl::load_hf(TokenizerJson& doc, const std::string& file) {
    const ojson& j = doc.rest;
    auto bad = [&](const std::string& pointer, const std::string& what) {
        return make_error(file + ": " + pointer + ": " + what);
    };
    if (!j.is_object() || !j.contains("model") || !j["model"].is_object())
        return bad("/model", "missing: not a Hugging Face tokenizer.json");
    const ojson& model = j["model"];
    if (model.contains("type") && !(model["type"].is_string() && model["type"] == "BPE"))
        return bad("/model/type",
                   "is " + quote(model["type"].dump()) + ": only BPE tokenizers are read");
    // How text is normalized and split, first: it decides how the vocabulary is spelled.
    static const ojson kNull;
    auto spec = read_pre_tokenizer(j.contains("pre_tokenizer") ? j["pre_tokenizer"] : kNull, file);
    if (!spec)
        return spec.error();
    pre = *spec;
    auto normalizer = read_normalizer(j.contains("normalizer") ? j["normalizer"] : kNull, file);
    if (!normalizer)
        return normalizer.error();
    norm = *normalizer;
    // Byte-level BPE spells every byte as one printable character and decodes with ByteLevel; a
    // SentencePiece-style model spells text as it is ("\u2581" for a space, written by its
    // normalizer) and falls back to <0xNN> byte tokens.
    const ojson& dec = j.contains("decoder") ? j["decoder"] : kNull;
    const bool byte_level_decoder =
        dec.is_object() && dec.contains("type") && dec["type"] == "ByteLevel";
    // No pre-tokenizer at all: the text is one word, of bytes when the decoder is ByteLevel.
    if (byte_level_decoder && (!j.contains("pre_tokenizer") || j["pre_tokenizer"].is_null()))
        pre.byte_level = true;
    if (byte_level_decoder != pre.byte_level) {
        const std::string type =
            dec.is_object() && dec.contains("type") ? dec["type"].dump() : std::string("null");
        return bad("/decoder/type",
                   "is " + quote(type) +
                       (pre.byte_level ? ", but the pre-tokenizer is byte-level (ByteLevel)"
                                       : ", but the pre-tokenizer has no ByteLevel step: a "
                                         "SentencePiece-style tokenizer decodes otherwise"));
    }
    if (!pre.byte_level) {
        pre.words_end_at_spaces = false;  // its merges cross the spaces its normalizer replaced
        if (model.contains("byte_fallback")) {
            if (!model["byte_fallback"].is_boolean())
                return bad("/model/byte_fallback", "expected true or false");
            byte_fallback = model["byte_fallback"].get<bool>();
        }
    }
    if (!doc.has_vocab || doc.vocab.empty())
        return bad("/model/vocab", "expected an object mapping token strings to ids");
    // Ids may leave gaps (a missing id decodes to nothing), but not so many that a few entries
    // could make the tables huge. The model's entries first, then the added tokens.
    std::vector<std::pair<std::string, int64_t>>& entries = doc.vocab;
    const std::size_t model_entries = entries.size();
    if (j.contains("added_tokens")) {
        const ojson& added = j["added_tokens"];
        if (!added.is_array())
            return bad("/added_tokens", "expected an array");
        for (std::size_t i = 0; i < added.size(); ++i) {
            const ojson& a = added[i];
            if (!a.is_object() || !a.contains("id") || !a["id"].is_number_integer() ||
                !a.contains("content") || !a["content"].is_string())
                return bad("/added_tokens/" + std::to_string(i),
                           "expected an object with an integer id and a string content");
            entries.emplace_back(a["content"].get<std::string>(), a["id"].get<int64_t>());
        }
    }
    const auto limit = static_cast<int64_t>(entries.size()) + 65536;
    int64_t n = 0;
    for (const auto& [token, id] : entries) {
        if (id < 0 || id >= limit)
            return bad("/model/vocab", "id " + std::to_string(id) + " of token " + quote(token) +
                                           " is out of range for " +
                                           std::to_string(entries.size()) + " tokens");
        n = std::max(n, id + 1);
    }
    strings.assign(static_cast<std::size_t>(n), std::string());
    bytes.assign(static_cast<std::size_t>(n), std::string());
    in_model.assign(static_cast<std::size_t>(n), 0);
    ids.reserve(entries.size());
    for (std::size_t e = 0; e < model_entries; ++e)
        in_model[static_cast<std::size_t>(entries[e].second)] = 1;
    for (const auto& [token, id] : entries) {
        const auto [it, fresh] = ids.emplace(token, static_cast<int32_t>(id));
        if (!fresh && it->second != id)
            return bad("/model/vocab", "token " + quote(token) + " has two ids, " +
                                           std::to_string(it->second) + " and " +
                                           std::to_string(id));
        std::string& slot = strings[static_cast<std::size_t>(id)];
        if (fresh && !slot.empty())
            return bad("/model/vocab", "id " + std::to_string(id) + " names both " + quote(slot) +
                                           " and " + quote(token));
        slot = token;
        bytes[static_cast<std::size_t>(id)] =
            pre.byte_level ? spelled_bytes(token) : sentencepiece_bytes(token, byte_fallback);
        max_token_bytes = std::max(max_token_bytes, bytes[static_cast<std::size_t>(id)].size());
    }
    // Merges, by rank: "left right" strings, or [left, right] pairs in newer files.
    merges.reserve(doc.merges.size());
    std::string joined;
    for (std::size_t i = 0; i < doc.merges.size(); ++i) {
        const auto at = [i] { return "/model/merges/" + std::to_string(i); };
        const std::string_view left = doc.merges[i].first, right = doc.merges[i].second;
        joined.assign(left);
        joined += right;
        const auto l = ids.find(left), r = ids.find(right), result = ids.find(joined);
        const auto pair_text = [&] { return quote(std::string(left) + " " + std::string(right)); };
        if (l == ids.end() || r == ids.end() || result == ids.end())
            return bad(at(),
                       "merge " + pair_text() + " names a token that is not in the vocabulary");
        if (!merges
                 .emplace(pair_key(l->second, r->second),
                          Merge{static_cast<int32_t>(merges.size()), result->second})
                 .second)
            return bad(at(), "merge " + pair_text() + " is listed twice");
    }
    hf = true;
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix", "dropout"}) {
        if (model.contains(key) && !model[key].is_null() && model[key] != "")
            return bad(std::string("/model/") + key,
                       "is " + quote(model[key].dump()) + "; byte-level BPE has none");
    }
    if (pre.byte_level && model.contains("byte_fallback") && model["byte_fallback"] == true)
        return bad("/model/byte_fallback", "is true in a byte-level tokenizer");
    if (!pre.byte_level && model.contains("unk_token") && model["unk_token"].is_string()) {
        const auto it = ids.find(model["unk_token"].get<std::string>());
        if (it == ids.end())
            return bad("/model/unk_token", "is not in the vocabulary");
        unk_id = it->second;
    }
    if (model.contains("ignore_merges")) {
        if (!model["ignore_merges"].is_boolean())
            return bad("/model/ignore_merges", "expected true or false");
        ignore_merges = model["ignore_merges"].get<bool>();
    }
    return load_added(j, file);
}

Result<void> BpeTokenizer::Impl::find_fallback_tokens(const std::string& file) {
    if (!byte_fallback)
        return {};
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        const auto it = ids.find(std::string_view(name));
        if (it == ids.end())
            return make_error(file + ": /model/byte_fallback: is true, but the vocabulary has no " +
                              name + " token");
        fallback_ids[static_cast<std::size_t>(b)] = it->second;
    }
    return {};
}

// A tiktoken encoding: its rank file (one "base64-of-the-token's-bytes rank" line per token, as
// OpenAI publishes them) and encoding.json ({"name", "pat_str", "special_tokens"}). tiktoken
// merges, of two adjacent parts, the pair whose concatenation has the lowest rank; the same
// rule as a merges table in which every way of cutting a token into two tokens is a merge of
// that token's rank, which is what is built here, so encode_word() serves both.
Result<void> BpeTokenizer::Impl::load_tiktoken(const std::filesystem::path& ranks_path,
                                               const std::filesystem::path& meta_path) {
    auto text_r = read_text_file(ranks_path.string(), 64u << 20);
    if (!text_r)
        return text_r.error();
    auto ranks = read_tiktoken_ranks(*text_r, ranks_path);
    if (!ranks)
        return ranks.error();
    std::vector<std::string>& raw = *ranks;
    FlatTokenIndex by_bytes;  // the tokens' raw bytes -> rank
    by_bytes.reserve(raw.size());
    for (std::size_t r = 0; r < raw.size(); ++r) {
        if (!by_bytes.emplace(raw[r], static_cast<int32_t>(r)).second)
            return make_error(ranks_path.string() + ": rank " + std::to_string(r) +
                              " repeats an earlier token");
    }

    auto meta_text = read_text_file(meta_path.string(), 1u << 20);
    if (!meta_text)
        return meta_text.error();
    auto meta = parse_json_object(*meta_text, meta_path.string());
    if (!meta)
        return meta.error();
    if (!meta->contains("pat_str") || !(*meta)["pat_str"].is_string())
        return make_error(meta_path.string() + ": /pat_str: expected the split pattern");
    auto re = std::make_shared<Regex>((*meta)["pat_str"].get<std::string>());
    if (!re->valid())
        return make_error(meta_path.string() + ": /pat_str: does not compile (" + re->error() +
                          ")");
    encoding_name = meta->contains("name") && (*meta)["name"].is_string()
                        ? (*meta)["name"].get<std::string>()
                        : ranks_path.stem().string();
    std::vector<AddedToken> special_tokens;
    if (meta->contains("special_tokens")) {
        const ojson& sp = (*meta)["special_tokens"];
        if (!sp.is_object())
            return make_error(meta_path.string() + ": /special_tokens: expected an object");
        for (auto it = sp.begin(); it != sp.end(); ++it) {
            if (!it.value().is_number_integer() || it.value().get<int64_t>() < 0 ||
                it.value().get<int64_t>() > static_cast<int64_t>(raw.size()) + 65536)
                return make_error(meta_path.string() + ": /special_tokens/" +
                                  escape_for_message(it.key(), 80) +
                                  ": expected a token id at most 65,536 past the ranks");
            AddedToken t;
            t.content = it.key();
            t.id = static_cast<int32_t>(it.value().get<int64_t>());
            t.special = true;
            special_tokens.push_back(std::move(t));
        }
    }
    // The chat markers OpenAI frames each message with (its cookbook counts three tokens a
    // message): ids of their own past the encoding's when its file does not name them.
    int32_t next_id = static_cast<int32_t>(raw.size());
    for (const AddedToken& t : special_tokens)
        next_id = std::max(next_id, t.id + 1);
    for (const char* marker : {"<|im_start|>", "<|im_sep|>", "<|im_end|>"}) {
        const bool named = std::any_of(special_tokens.begin(), special_tokens.end(),
                                       [&](const AddedToken& t) { return t.content == marker; });
        if (!named)
            special_tokens.push_back({marker, next_id++, true, false, false, false});
    }

    const std::size_t n = static_cast<std::size_t>(next_id);
    strings.assign(n, std::string());
    bytes.assign(n, std::string());
    in_model.assign(n, 0);
    for (std::size_t r = 0; r < raw.size(); ++r) {
        strings[r] = gpt2_token_string(raw[r]);
        ids.emplace(strings[r], static_cast<int32_t>(r));
        max_token_bytes = std::max(max_token_bytes, raw[r].size());
        in_model[r] = 1;
    }
    for (const AddedToken& t : special_tokens) {
        if (static_cast<std::size_t>(t.id) < raw.size())
            return make_error(meta_path.string() + ": /special_tokens/" +
                              escape_for_message(t.content, 80) + ": id " + std::to_string(t.id) +
                              " is a rank of the encoding");
        strings[static_cast<std::size_t>(t.id)] = t.content;
        ids.emplace(t.content, t.id);
    }
    merges.reserve(raw.size() * 3);  // o200k_base: about 2.6 ways to cut each token
    for (std::size_t r = 0; r < raw.size(); ++r) {
        const std::string& tok = raw[r];
        for (std::size_t cut = 1; cut < tok.size(); ++cut) {
            const auto l = by_bytes.find(std::string_view(tok).substr(0, cut));
            if (l == by_bytes.end())
                continue;
            const auto rr = by_bytes.find(std::string_view(tok).substr(cut));
            if (rr == by_bytes.end())
                continue;
            merges.emplace(pair_key(l->second, rr->second),
                           Merge{static_cast<int32_t>(r), static_cast<int32_t>(r)});
        }
    }
    for (std::size_t r = 0; r < raw.size(); ++r)
        bytes[r] = std::move(raw[r]);
    for (const AddedToken& t : special_tokens)
        bytes[static_cast<std::size_t>(t.id)] = t.content;
    hf = true;
    ignore_merges = true;  // tiktoken takes a piece that is itself a token as that token
    pre = PreTokenizerSpec{};
    pre.steps.push_back(regex_split_step(std::move(re)));
    specials = AddedTokenMatcher(special_tokens, false);
    return {};
}

Result<void> BpeTokenizer::Impl::load_added(const ojson& j, const std::string& file) {
    std::vector<AddedToken> tokens;
    static const ojson kNoAdded = ojson::array();
    const ojson& added = j.contains("added_tokens") ? j["added_tokens"] : kNoAdded;
    for (std::size_t i = 0; i < added.size(); ++i) {
        const ojson& a = added[i];
        const std::string at = "/added_tokens/" + std::to_string(i);
        AddedToken t;
        t.content = a["content"].get<std::string>();
        t.id = a["id"].get<int32_t>();
        const auto flag = [&](const char* key, bool fallback) -> Result<bool> {
            if (!a.contains(key))
                return fallback;
            if (!a[key].is_boolean())
                return make_error(file + ": " + at + "/" + key + ": expected true or false");
            return a[key].get<bool>();
        };
        auto special = flag("special", false);
        if (!special)
            return special.error();
        // The library's default: a special token is matched in the raw text.
        auto lstrip = flag("lstrip", false), rstrip = flag("rstrip", false),
             normalized = flag("normalized", !*special), single_word = flag("single_word", false);
        for (const auto* r : {&lstrip, &rstrip, &normalized, &single_word}) {
            if (!*r)
                return r->error();
        }
        if (*single_word)
            return make_error(file + ": " + at +
                              "/single_word: is true; the families read have no such token");
        t.special = *special;
        t.lstrip = *lstrip;
        t.rstrip = *rstrip;
        // Without a normalizer both kinds are matched in the same text.
        t.normalized = *normalized && norm.any();
        tokens.push_back(std::move(t));
    }
    raw_added = AddedTokenMatcher(tokens, false);
    normed_added = AddedTokenMatcher(tokens, true);
    return {};
}

void BpeTokenizer::Impl::encode_normalized(std::string_view text, std::vector<int32_t>& out) const {
    for (const TextPiece& piece : normed_added.split(text)) {
        if (piece.id >= 0) {
            out.push_back(piece.id);
            continue;
        }
        for (const std::string_view word : pretokenize(pre, piece.text))
            encode_word(word, out);
    }
}

Result<BpeTokenizer> BpeTokenizer::load_tokenizer_json(const std::filesystem::path& path) {
    auto text = read_text_file(path.string());
    if (!text)
        return text.error();
    auto doc = read_tokenizer_json(*text, path.string());
    if (!doc)
        return doc.error();
    BpeTokenizer tok;
    PL_TRY(tok.impl_->load_hf(*doc, path.string()));
    if (tok.impl_->pre.byte_level)
        PL_TRY(tok.impl_->find_byte_tokens(path));
    else
        PL_TRY(tok.impl_->find_fallback_tokens(path.string()));
    return tok;
}

Result<BpeTokenizer> BpeTokenizer::load_folder(const std::filesystem::path& dir) {
    std::error_code ec;
    if (std::filesystem::exists(dir / "vocab.json", ec) &&
        std::filesystem::exists(dir / "merges.txt", ec))
        return load(dir / "vocab.json", dir / "merges.txt");
    if (std::filesystem::exists(dir / "tokenizer.json", ec))
        return load_tokenizer_json(dir / "tokenizer.json");
    for (const auto& e : std::filesystem::directory_iterator(dir, ec)) {
        if (e.path().extension() == ".tiktoken")
            return load_tiktoken(e.path());
    }
    return make_error(dir.string() +
                      ": no tokenizer there (expected vocab.json and merges.txt, tokenizer.json, "
                      "or a tiktoken .tiktoken rank file with its encoding.json)");
}

std::vector<int32_t> BpeTokenizer::encode(std::string_view text) const {
    std::vector<int32_t> out;
    if (!impl_ || impl_->strings.empty())
        return out;
    out.reserve(text.size() / 3 + 1);
    if (!impl_->hf) {
        for (const std::string_view word : gpt2_pretokenize(text))
            impl_->encode_word(word, out);
        return out;
    }
    // As the tokenizers library: added tokens in the raw text first, then each piece between
    // them normalized, its normalized added tokens found, the rest split and merged.
    for (const TextPiece& piece : impl_->raw_added.split(text)) {
        if (piece.id >= 0)
            out.push_back(piece.id);
        else if (impl_->norm.any())
            impl_->encode_normalized(normalize(impl_->norm, piece.text), out);
        else
            impl_->encode_normalized(piece.text, out);
    }
    return out;
}

std::vector<int32_t> BpeTokenizer::encode_with_specials(std::string_view text) const {
    if (!impl_ || impl_->specials.empty())
        return encode(text);
    std::vector<int32_t> out;
    for (const TextPiece& piece : impl_->specials.split(text)) {
        if (piece.id >= 0) {
            out.push_back(piece.id);
        } else {
            const std::vector<int32_t> ids = encode(piece.text);
            out.insert(out.end(), ids.begin(), ids.end());
        }
    }
    return out;
}

bool BpeTokenizer::lossless() const {
    if (!impl_)
        return false;
    const Impl& i = *impl_;
    if (i.norm.nfc)
        return false;
    for (const auto& [from, to] : i.norm.replace) {
        if (from != " " || to != "\u2581")
            return false;
        // "\u2581" must be a token of its own: spelled in byte-fallback tokens it would decode
        // as itself, not as the space it stands for (so does the tokenizers library).
        const auto it = i.ids.find(to);
        if (it == i.ids.end() || !i.in_model[static_cast<std::size_t>(it->second)])
            return false;
    }
    return i.pre.byte_level || i.byte_fallback;
}

std::string BpeTokenizer::encoding_name() const {
    return impl_ ? impl_->encoding_name : std::string();
}

bool BpeTokenizer::words_end_at_spaces() const {
    return impl_ && (!impl_->hf || impl_->pre.words_end_at_spaces);
}

Result<BpeTokenizer> BpeTokenizer::load_tiktoken(const std::filesystem::path& ranks_file) {
    BpeTokenizer tok;
    auto meta = ranks_file.parent_path() / "encoding.json";
    PL_TRY(tok.impl_->load_tiktoken(ranks_file, meta));
    PL_TRY(tok.impl_->find_byte_tokens(ranks_file));
    return tok;
}

std::string BpeTokenizer::decode(std::span<const int32_t> ids) const {
    std::string out;
    for (const int32_t id : ids) {
        if (id >= 0 && id < vocab_size())
            out += impl_->bytes[id];
    }
    return out;
}

std::string BpeTokenizer::token_bytes(int32_t id) const {
    return id >= 0 && id < vocab_size() ? impl_->bytes[id] : std::string();
}

std::size_t BpeTokenizer::max_token_bytes() const {
    return impl_ ? impl_->max_token_bytes : 1;
}

bool BpeTokenizer::encodes_exactly() const {
    return impl_ && !impl_->strings.empty();
}

bool BpeTokenizer::newline_ends_words() const {
    return impl_ &&
           (!impl_->hf || (!impl_->pre.generic() && impl_->pre.pattern == SplitPattern::Gpt2));
}

int BpeTokenizer::vocab_size() const {
    return impl_ ? static_cast<int>(impl_->strings.size()) : 0;
}

std::string BpeTokenizer::token_string(int32_t id) const {
    return id >= 0 && id < vocab_size() ? impl_->strings[id] : std::string();
}

std::optional<int32_t> BpeTokenizer::token_id(std::string_view token_string) const {
    if (!impl_)
        return std::nullopt;
    const auto it = impl_->ids.find(token_string);
    if (it == impl_->ids.end())
        return std::nullopt;
    return it->second;
}

}  // namespace pl
