#include "tokenizer/tokenizer_json.h"

#include <optional>

#include <simdjson.h>

#include "core/base64.h"

namespace pl {
namespace {

// A simdjson element as a document value (the small parts of the file: normalizer,
// pre-tokenizer, decoder, added tokens, the model's options), keys in the file's order.
ojson to_ojson(simdjson::dom::element e) {
    using simdjson::dom::element_type;
    switch (e.type()) {
        case element_type::OBJECT: {
            ojson o = ojson::object();
            for (auto field : simdjson::dom::object(e))
                o[std::string(field.key)] = to_ojson(field.value);
            return o;
        }
        case element_type::ARRAY: {
            ojson a = ojson::array();
            for (auto v : simdjson::dom::array(e))
                a.push_back(to_ojson(v));
            return a;
        }
        case element_type::STRING:
            return std::string(std::string_view(e));
        case element_type::INT64:
            return int64_t(e);
        case element_type::UINT64:
            return uint64_t(e);
        case element_type::DOUBLE:
            return double(e);
        case element_type::BOOL:
            return bool(e);
        case element_type::NULL_VALUE:
            break;
    }
    return nullptr;
}

// Base64 (with '=' padding) to bytes; nullopt on anything else.
std::optional<std::string> from_base64(std::string_view in) {
    std::string out;
    uint32_t acc = 0;
    int bits = 0;
    std::size_t i = 0;
    for (; i < in.size() && in[i] != '='; ++i) {
        const int v = base64_digit(static_cast<unsigned char>(in[i]));
        if (v < 0)
            return std::nullopt;
        acc = (acc << 6) | static_cast<uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xFF);
        }
    }
    for (; i < in.size(); ++i) {
        if (in[i] != '=')
            return std::nullopt;
    }
    return out;
}

}  // namespace

Result<TokenizerJson> read_tokenizer_json(std::string_view text, const std::string& file) {
    simdjson::dom::parser parser;
    const simdjson::padded_string padded(text);
    simdjson::dom::element root;
    if (parser.parse(padded).get(root) != simdjson::SUCCESS) {
        // simdjson says what, not where: nlohmann's parser names the line and column.
        auto again = parse_json(text, file);
        if (!again)
            return again.error();
        return make_error(file + ": malformed JSON");
    }
    TokenizerJson out;
    if (!root.is_object()) {
        out.rest = to_ojson(root);  // the reader says what is missing
        return out;
    }
    out.rest = ojson::object();
    for (auto field : simdjson::dom::object(root)) {
        if (field.key != "model" || !field.value.is_object()) {
            out.rest[std::string(field.key)] = to_ojson(field.value);
            continue;
        }
        ojson model = ojson::object();
        for (auto m : simdjson::dom::object(field.value)) {
            if (m.key == "vocab") {
                out.has_vocab = true;
                simdjson::dom::object vocab;
                if (m.value.get_object().get(vocab) != simdjson::SUCCESS)
                    return make_error(file +
                                      ": /model/vocab: expected an object mapping token strings to "
                                      "ids");
                out.vocab.reserve(vocab.size());
                for (auto entry : vocab) {
                    int64_t id = 0;
                    if (entry.value.get_int64().get(id) != simdjson::SUCCESS)
                        return make_error(file + ": /model/vocab: the id of token " +
                                          quote(entry.key) + " is not an integer");
                    out.vocab.emplace_back(std::string(entry.key), id);
                }
            } else if (m.key == "merges") {
                out.has_merges = true;
                simdjson::dom::array merges;
                if (m.value.get_array().get(merges) != simdjson::SUCCESS)
                    return make_error(file + ": /model/merges: expected an array");
                out.merges.reserve(merges.size());
                std::size_t i = 0;
                for (auto mv : merges) {
                    const auto bad = [&](const std::string& what) {
                        return make_error(file + ": /model/merges/" + std::to_string(i) + ": " +
                                          what);
                    };
                    std::string_view text_form;
                    if (mv.get_string().get(text_form) == simdjson::SUCCESS) {
                        const std::size_t space = text_form.find(' ');
                        if (space == std::string_view::npos ||
                            text_form.find(' ', space + 1) != std::string_view::npos)
                            return bad("expected two tokens separated by one space: " +
                                       quote(text_form));
                        out.merges.emplace_back(std::string(text_form.substr(0, space)),
                                                std::string(text_form.substr(space + 1)));
                    } else {
                        simdjson::dom::array pair;
                        std::string_view left, right;
                        if (mv.get_array().get(pair) != simdjson::SUCCESS || pair.size() != 2 ||
                            pair.at(0).get_string().get(left) != simdjson::SUCCESS ||
                            pair.at(1).get_string().get(right) != simdjson::SUCCESS)
                            return bad("expected \"left right\" or [left, right]");
                        out.merges.emplace_back(std::string(left), std::string(right));
                    }
                    ++i;
                }
            } else {
                model[std::string(m.key)] = to_ojson(m.value);
            }
        }
        out.rest["model"] = std::move(model);
    }
    return out;
}

Result<std::vector<std::string>> read_tiktoken_ranks(std::string_view text,
                                                     const std::filesystem::path& file) {
    std::vector<std::string> raw;
    raw.reserve(text.size() / 12);
    std::size_t pos = 0, line_no = 0;
    const auto where = [&] { return file.string() + ":" + std::to_string(line_no) + ": "; };
    while (pos < text.size()) {
        std::size_t eol = text.find('\n', pos);
        if (eol == std::string_view::npos)
            eol = text.size();
        std::string_view line = text.substr(pos, eol - pos);
        pos = eol + 1;
        ++line_no;
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        if (line.empty())
            continue;
        const std::size_t space = line.find(' ');
        auto bytes =
            space == std::string_view::npos ? std::nullopt : from_base64(line.substr(0, space));
        int64_t rank = -1;
        if (space != std::string_view::npos) {
            // At most nine digits: no overflow, whatever the line holds.
            const std::string_view num = line.substr(space + 1);
            if (!num.empty() && num.size() <= 9) {
                rank = 0;
                for (const char c : num) {
                    if (c < '0' || c > '9') {
                        rank = -1;
                        break;
                    }
                    rank = rank * 10 + (c - '0');
                }
            }
        }
        if (!bytes || bytes->empty() || rank < 0)
            return make_error(where() + "expected a base64 token, a space and its rank");
        if (rank != static_cast<int64_t>(raw.size()))
            return make_error(where() + "rank " + std::to_string(rank) +
                              " out of order (expected " + std::to_string(raw.size()) + ")");
        raw.push_back(std::move(*bytes));
    }
    if (raw.empty())
        return make_error(file.string() + ": no tokens");
    return raw;
}

}  // namespace pl
