// Reading the corpus's data files (tools/corpus/data/): JSON parsed with nlohmann/json, checked as
// it is read, so that a missing file or a wrong shape stops make_corpus with one line that names
// the file and the place (a JSON pointer, or a line and column for a syntax error).
#pragma once

#include <initializer_list>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace pl::corpus {

using Strings = std::vector<std::string>;

// "FILE: PLACE: what is wrong", ready to print.
struct DataError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// One parsed data file, kept with its path so that every error can name it.
struct DataFile {
    std::string path;
    nlohmann::json root;
};

// Reads and parses DIR/NAME; throws DataError when it is missing or not valid JSON.
DataFile read_data_file(const std::string& dir, const std::string& name);

// The value at a JSON pointer ("/letters/2/ask"); throws DataError when there is none.
const nlohmann::json& value_at(const DataFile& file, const std::string& pointer);

// Typed reads: each throws DataError naming the pointer when the value has another shape. Lists
// must not be empty, because the corpus draws from every one of them.
std::string string_at(const DataFile& file, const std::string& pointer);
Strings strings_at(const DataFile& file, const std::string& pointer);
std::vector<Strings> string_lists_at(const DataFile& file, const std::string& pointer);

// How many elements the non-empty array at `pointer` has.
std::size_t array_size_at(const DataFile& file, const std::string& pointer);

// The pointer of element `i` of the array at `pointer`: ("/letters", 2) -> "/letters/2".
std::string element_at(const std::string& pointer, std::size_t i);

// Every element of the non-empty array at `pointer`, each read by `read(element_pointer)`: the one
// loop behind every list of records in the data files (letters, questions, categories...).
template <class Read>
auto elements_at(const DataFile& file, const std::string& pointer, Read&& read) {
    std::vector<std::decay_t<decltype(read(pointer))>> out;
    const std::size_t n = array_size_at(file, pointer);
    out.reserve(n);
    for (std::size_t i = 0; i < n; ++i)
        out.push_back(read(element_at(pointer, i)));
    return out;
}

// The member names of the object at `pointer`, in the file's (sorted) order.
Strings keys_at(const DataFile& file, const std::string& pointer);

// Templates of the generators other than prose: plain text with "{name}" slots that the generator
// fills. Each read checks that every slot is one of `slots`, so a typo in a file stops the tool
// when it starts instead of printing "{nmae}" into the corpus.
using SlotNames = std::initializer_list<std::string_view>;
std::string text_at(const DataFile& file, const std::string& pointer, SlotNames slots = {});
Strings texts_at(const DataFile& file, const std::string& pointer, SlotNames slots = {});

// Every "{name}" of `text` whose name is in `slots` replaced by its value, in one pass (a value is
// never searched for slots).
using Slots = std::vector<std::pair<std::string, std::string>>;
std::string fill(const std::string& text, const Slots& slots);

// A system prompt that names a shop (recall, triage): the shops to pick from, and a template with
// {shop} and one slot of the generator's own, which the document's lines follow.
struct ShopSystem {
    Strings shops;
    std::string text;
    // "/shops" and "/system" of `file`.
    static ShopSystem read(const DataFile& file, std::string_view slot);
};

// Throws DataError "FILE: POINTER: MESSAGE".
[[noreturn]] void data_error(const DataFile& file, const std::string& pointer,
                             const std::string& message);

}  // namespace pl::corpus
