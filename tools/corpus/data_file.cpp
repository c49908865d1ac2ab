#include "corpus/data_file.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace pl::corpus {

namespace {

// The 1-based line and column of byte `offset` of `text`.
std::string line_and_column(const std::string& text, std::size_t offset) {
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
        if (text[i] == '\n') {
            ++line;
            column = 1;
        } else {
            ++column;
        }
    }
    return "line " + std::to_string(line) + ", column " + std::to_string(column);
}

// nlohmann's parse message without its "[json.exception...] parse error at ...: " prefix.
std::string parse_reason(const std::string& what) {
    const std::size_t colon = what.find(": ");
    return colon == std::string::npos ? what : what.substr(colon + 2);
}

// Throws DataError unless every "{name}" of `text` is one of `slots`.
void check_slots(const DataFile& file, const std::string& pointer, const std::string& text,
                 SlotNames slots) {
    for (std::size_t at = text.find('{'); at != std::string::npos; at = text.find('{', at + 1)) {
        const std::size_t end = text.find('}', at);
        if (end == std::string::npos)
            data_error(file, pointer, "unclosed '{' at character " + std::to_string(at + 1));
        const std::string_view name = std::string_view(text).substr(at + 1, end - at - 1);
        if (std::find(slots.begin(), slots.end(), name) == slots.end())
            data_error(file, pointer, "unknown slot {" + std::string(name) + "}");
    }
}

}  // namespace

void data_error(const DataFile& file, const std::string& pointer, const std::string& message) {
    throw DataError(file.path + ": " + (pointer.empty() ? "/" : pointer) + ": " + message);
}

DataFile read_data_file(const std::string& dir, const std::string& name) {
    DataFile file;
    file.path = dir + "/" + name;
    std::ifstream in(file.path, std::ios::binary);
    if (!in)
        throw DataError(file.path + ": cannot open (is --data the corpus data folder?)");
    std::ostringstream text;
    text << in.rdbuf();
    try {
        file.root = nlohmann::json::parse(text.str());
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte is 1-based: the byte at which parsing failed.
        throw DataError(file.path + ": " + line_and_column(text.str(), e.byte ? e.byte - 1 : 0) +
                        ": " + parse_reason(e.what()));
    }
    return file;
}

const nlohmann::json& value_at(const DataFile& file, const std::string& pointer) {
    try {
        const nlohmann::json::json_pointer at(pointer);
        if (!file.root.contains(at))
            data_error(file, pointer, "missing");
        return file.root.at(at);
    } catch (const nlohmann::json::exception& e) {
        data_error(file, pointer, parse_reason(e.what()));
    }
}

std::string string_at(const DataFile& file, const std::string& pointer) {
    const nlohmann::json& value = value_at(file, pointer);
    if (!value.is_string())
        data_error(file, pointer, std::string("expected a string, found ") + value.type_name());
    return value.get<std::string>();
}

std::size_t array_size_at(const DataFile& file, const std::string& pointer) {
    const nlohmann::json& value = value_at(file, pointer);
    if (!value.is_array() || value.empty())
        data_error(file, pointer,
                   std::string("expected a non-empty array, found ") +
                       (value.is_array() ? "an empty one" : value.type_name()));
    return value.size();
}

std::string element_at(const std::string& pointer, std::size_t i) {
    return pointer + "/" + std::to_string(i);
}

Strings strings_at(const DataFile& file, const std::string& pointer) {
    return elements_at(file, pointer, [&](const std::string& p) { return string_at(file, p); });
}

std::vector<Strings> string_lists_at(const DataFile& file, const std::string& pointer) {
    return elements_at(file, pointer, [&](const std::string& p) { return strings_at(file, p); });
}

Strings keys_at(const DataFile& file, const std::string& pointer) {
    const nlohmann::json& value = value_at(file, pointer);
    if (!value.is_object() || value.empty())
        data_error(file, pointer,
                   std::string("expected a non-empty object, found ") +
                       (value.is_object() ? "an empty one" : value.type_name()));
    Strings out;
    for (const auto& item : value.items())
        out.push_back(item.key());
    return out;
}

std::string text_at(const DataFile& file, const std::string& pointer, SlotNames slots) {
    std::string text = string_at(file, pointer);
    check_slots(file, pointer, text, slots);
    return text;
}

Strings texts_at(const DataFile& file, const std::string& pointer, SlotNames slots) {
    return elements_at(file, pointer,
                       [&](const std::string& p) { return text_at(file, p, slots); });
}

std::string fill(const std::string& text, const Slots& slots) {
    std::string out;
    std::size_t from = 0;
    for (std::size_t at = text.find('{'); at != std::string::npos; at = text.find('{', from)) {
        const std::size_t end = text.find('}', at);
        if (end == std::string::npos)
            break;
        const std::string_view name = std::string_view(text).substr(at + 1, end - at - 1);
        const auto slot = std::find_if(slots.begin(), slots.end(),
                                       [&](const auto& kv) { return kv.first == name; });
        out.append(text, from, at - from);
        if (slot == slots.end())
            out.append(text, at, end + 1 - at);
        else
            out += slot->second;
        from = end + 1;
    }
    out.append(text, from, std::string::npos);
    return out;
}

ShopSystem ShopSystem::read(const DataFile& file, std::string_view slot) {
    return {texts_at(file, "/shops"), text_at(file, "/system", {"shop", slot})};
}

}  // namespace pl::corpus
