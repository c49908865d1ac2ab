// The engine's own primitives, with no Qt: SHA-256 against the FIPS 180-4 examples and the
// block chain's known digests (SPEC §3), the Unicode class table the pre-tokenizer splits by,
// the PCRE2 wrapper (UTF-8 offsets, Unicode \d \w \b and case folding, Perl's rule for empty
// matches, invalid UTF-8), and the dynamic-value detector built on it. Runs in every build,
// including -DPREFIXLENS_GUI=OFF; tests/test_qt_parity.cpp compares the same pieces with Qt's.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "cache/chain_hasher.h"
#include "core/json_util.h"
#include "core/regex.h"
#include "core/sha256.h"
#include "lint/dynamic_values.h"
#include "plain_check.h"
#include "tokenizer/pretokenizer.h"
#include "tokenizer/unicode_class.h"

using namespace pl;

namespace {

std::string hex(const Sha256::Digest& d) {
    return to_hex(d);
}

void sha256_examples() {
    // FIPS 180-4's examples (NIST's "SHA256.pdf", "SHA256LongMessage"), and the empty message.
    PL_CHECK_EQ(hex(Sha256::of("")),
                std::string("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    PL_CHECK_EQ(hex(Sha256::of("abc")),
                std::string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    PL_CHECK_EQ(hex(Sha256::of("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
                std::string("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    PL_CHECK_EQ(hex(Sha256::of("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmno"
                               "ijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu")),
                std::string("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"));
    Sha256 million;
    const std::string chunk(1000, 'a');
    for (int i = 0; i < 1000; ++i)
        million.update(chunk);
    PL_CHECK_EQ(hex(million.finish()),
                std::string("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));

    // Every padding case (lengths 0..199 cross the 55/56/64-byte boundaries three times): the
    // digest of the digests of bytes 0,1,2,... of each length, computed with Python's hashlib.
    Sha256 all;
    for (std::size_t n = 0; n < 200; ++n) {
        std::string msg(n, '\0');
        for (std::size_t i = 0; i < n; ++i)
            msg[i] = static_cast<char>(i % 256);
        const auto d = Sha256::of(msg);
        all.update(std::span<const uint8_t>(d));
        // Fed in uneven pieces, the same digest.
        Sha256 pieces;
        for (std::size_t at = 0, step = 1; at < n; at += step, step = step * 3 % 71 + 1)
            pieces.update(std::string_view(msg).substr(at, step));
        PL_CHECK_EQ(hex(pieces.finish()), hex(d));
    }
    PL_CHECK_EQ(hex(all.finish()),
                std::string("ba7b0fcea7d10c06b855b43d2b4dce1e3e842fff6be0acefb0faf4f2dd05bb47"));

    // The object is reusable after reset.
    Sha256 again;
    again.update("something else");
    (void)again.finish();
    again.reset();
    again.update("abc");
    PL_CHECK_EQ(hex(again.finish()), hex(Sha256::of("abc")));
}

void chain_known_digests() {
    // The same digests tests/test_prefix_cache.cpp pins (Python's hashlib over SPEC §3's bytes).
    std::vector<int32_t> b0, b1;
    for (int i = 0; i < 16; ++i) {
        b0.push_back(i * 3331 + 7);
        b1.push_back(50256 - i);
    }
    std::vector<int32_t> tokens = b0;
    tokens.insert(tokens.end(), b1.begin(), b1.end());
    tokens.push_back(1);
    const auto h = hash_blocks(tokens, 16, std::nullopt);
    PL_CHECK_EQ(h.size(), std::size_t{2});
    if (h.size() == 2) {
        PL_CHECK_EQ(to_hex(h[0]), std::string("c4279705d061bbba518368ad4736a7cb825b561059fe95504f"
                                              "ae7f8b6b824b46"));
        PL_CHECK_EQ(to_hex(h[1]), std::string("fee00e9aeb7e0e79e42baaf19f6952d65f1ddd455c46b2d535"
                                              "4a907489527bc4"));
        PL_CHECK_EQ(to_hex(ChainHasher::hash_next(h[0], b1)), to_hex(h[1]));
    }
    PL_CHECK_EQ(to_hex(ChainHasher::root_for("tenant-α")),
                std::string("7cb3a41ec4bf527e16bb2beeb925c7c5027627622ee292f52a82e17fd47d6fc3"));
    PL_CHECK_EQ(to_hex(hash_blocks(b0, 16, "tenant-α")[0]),
                std::string("f888bc15d84365de53688a61cb2abc0df0a4dbd8b0ad98895e414691d35ace50"));
    PL_CHECK_EQ(to_hex(ChainHasher::root_for("")), std::string(64, '0'));
}

const char* name_of(UnicodeClass c) {
    switch (c) {
        case UnicodeClass::Letter:
            return "Letter";
        case UnicodeClass::Number:
            return "Number";
        case UnicodeClass::Space:
            return "Space";
        case UnicodeClass::Other:
            break;
    }
    return "Other";
}

void unicode_classes() {
    struct Case {
        char32_t cp;
        UnicodeClass want;
    };
    const Case cases[] = {
        {U'a', UnicodeClass::Letter},    {U'Z', UnicodeClass::Letter},
        {U'7', UnicodeClass::Number},    {U' ', UnicodeClass::Space},
        {U'\t', UnicodeClass::Space},    {U'\r', UnicodeClass::Space},
        {U'_', UnicodeClass::Other},     {U'\'', UnicodeClass::Other},
        {0x85, UnicodeClass::Space},     {0xA0, UnicodeClass::Space},
        {U'ż', UnicodeClass::Letter},    {U'Ł', UnicodeClass::Letter},
        {U'日', UnicodeClass::Letter},   {0x30FC, UnicodeClass::Letter},  // ー, Lm
        {0x01C5, UnicodeClass::Letter},  {0x0663, UnicodeClass::Number},  // ǅ Lt; ٣ Nd
        {0x00BD, UnicodeClass::Number},  {0x216B, UnicodeClass::Number},  // ½ No; Ⅻ Nl
        {0xFF17, UnicodeClass::Number},  {0x3000, UnicodeClass::Space},   // ７; ideographic
        {0x2028, UnicodeClass::Space},   {0x2029, UnicodeClass::Space},
        {0x200B, UnicodeClass::Other},   {0xFEFF, UnicodeClass::Other},   // Cf
        {0x3002, UnicodeClass::Other},   {0x1F600, UnicodeClass::Other},  // 。 😀
        {0x20000, UnicodeClass::Letter}, {0xD800, UnicodeClass::Other},
        {0xE000, UnicodeClass::Other},   {0x10FFFF, UnicodeClass::Other},
        {0x110000, UnicodeClass::Other}, {0xFFFFFFFF, UnicodeClass::Other},
        {0x0378, UnicodeClass::Other},  // unassigned
    };
    for (const Case& c : cases) {
        if (unicode_class(c.cp) != c.want) {
            plain::fail(__FILE__, __LINE__,
                        "unicode_class(U+" + std::to_string(static_cast<unsigned long>(c.cp)) +
                            " decimal) is " + name_of(unicode_class(c.cp)) + ", want " +
                            name_of(c.want));
        }
    }
    PL_CHECK(std::string(unicode_class_version()).starts_with("14."));
    // The split GPT-2 makes of mixed scripts: words, numbers and punctuation runs apart.
    const auto pieces = gpt2_pretokenize("Zażółć 42 日本語。 ½x");
    std::string joined;
    for (auto p : pieces)
        joined += "[" + std::string(p) + "]";
    PL_CHECK_EQ(joined, std::string("[Zażółć][ 42][ 日本語][。][ ½][x]"));
}

std::string spans(const Regex& re, std::string_view text) {
    std::string out;
    auto it = re.global_match(text);
    while (it.has_next()) {
        const RegexMatch m = it.next();
        out +=
            "[" + std::to_string(m.captured_start()) + "," + std::to_string(m.captured_end()) + ")";
    }
    return out;
}

void regex_wrapper() {
    // Offsets are bytes of the UTF-8 subject.
    const Regex digits(R"(\d+)");
    PL_CHECK(digits.valid());
    const RegexMatch m = digits.match("żółw 42");
    PL_CHECK(m.has_match());
    PL_CHECK_EQ(m.captured_start(), std::size_t{8});
    PL_CHECK_EQ(m.captured(), std::string_view("42"));
    // Unicode properties: \d is any decimal digit, \w any letter, \b between them.
    PL_CHECK_EQ(digits.match("٤٢ items").captured(), std::string_view("٤٢"));
    PL_CHECK(!Regex(R"(\bid\b)").match("płid").has_match());
    PL_CHECK(Regex(R"(\bid\b)").match("pł id").has_match());
    // Case folding by Unicode, only when asked.
    PL_CHECK(Regex("żądanie", Regex::CaseInsensitive).match("ŻĄDANIE #4").has_match());
    PL_CHECK(!Regex("żądanie").match("ŻĄDANIE #4").has_match());
    // Perl's rule for empty matches, stepping over whole characters.
    PL_CHECK_EQ(spans(Regex("a*"), "baaac"), std::string("[0,0)[1,4)[4,4)[5,5)"));
    PL_CHECK_EQ(spans(Regex("x*"), "żx"), std::string("[0,0)[2,3)[3,3)"));
    PL_CHECK_EQ(spans(digits, "1 22 333"), std::string("[0,1)[2,4)[5,8)"));
    // Invalid UTF-8 in the subject: no match covers it, nothing breaks.
    PL_CHECK_EQ(spans(digits, std::string_view("1\xff"
                                               "2\xc3",
                                               4)),
                std::string("[0,1)[2,3)"));
    // A lookbehind sees the text before the offset, not before a substring.
    PL_CHECK(Regex("(?<=x)y").match("xy", 1).has_match());
    PL_CHECK(!Regex("(?<=x)y").match(std::string_view("xy").substr(1)).has_match());
    // Groups: one that did not take part starts nowhere; one the pattern lacks likewise.
    const RegexMatch alt = Regex("(a)|(b)").match("b");
    PL_CHECK(alt.has_match());
    PL_CHECK_EQ(alt.captured_start(1), RegexMatch::npos);
    PL_CHECK_EQ(alt.captured_length(1), std::size_t{0});
    PL_CHECK_EQ(alt.captured(2), std::string_view("b"));
    PL_CHECK_EQ(alt.captured_length(9), std::size_t{0});
    PL_CHECK_EQ(Regex("(a)|(b)").capture_count(), 2);
    // A bad pattern says where, and matches nothing.
    const Regex bad("ab(c");
    PL_CHECK(!bad.valid());
    PL_CHECK(bad.error().starts_with("offset 4: "));
    PL_CHECK(!bad.match("abc").has_match());
    PL_CHECK(!Regex().valid());
    // Moved, it still matches.
    Regex moved = Regex("b+");
    Regex target;
    target = std::move(moved);
    PL_CHECK_EQ(target.match("abbc").captured(), std::string_view("bb"));
}

void dynamic_values() {
    const lint::DynamicValueDetector d;
    struct Case {
        std::string text;
        std::string value;  // the confident span, or "" for none
    };
    const Case cases[] = {
        {"Current time: 09:41:07, Monday 30 November 2026.", "09:41:07, Monday 30 November 2026"},
        {"作成日時: 2026年11月30日 午前9時41分", "2026年11月30日 午前9時41分"},
        {"Sesja: poniedziałek, 30 listopada 2026 r.", "poniedziałek, 30 listopada 2026 r."},
        {"ŻĄDANIE nr 77 przyjęte", "ŻĄDANIE nr 77"},
        {"id 7f3c9e2a-41d0-4b8e-9a6f-2c5d8e1b7a90", "7f3c9e2a-41d0-4b8e-9a6f-2c5d8e1b7a90"},
        {"Open 9:00 to 17:00 on business days.", ""},
        {"Effective from 1 March 2026.", ""},
    };
    for (const Case& c : cases) {
        std::string got;
        for (const auto& s : d.find(c.text)) {
            if (s.confident)
                got += (got.empty() ? "" : "|") + c.text.substr(s.begin, s.end - s.begin);
        }
        PL_CHECK_EQ(got, c.value);
    }
}

}  // namespace

// The project's JSON objects (core/indexed_ordered_map.h): key order kept as written, every
// lookup and edit agreeing with a plain search, duplicate keys resolved as nlohmann resolves them
// (the last value, at the first key's place), and a large object built in linear time: 200,000
// keys parse in well under a second where the unindexed map took minutes.
void indexed_json_objects() {
    std::string text = "{";
    const int n = 200000;
    for (int i = 0; i < n; ++i)
        text += (i ? ",\"k" : "\"k") + std::to_string((i * 7919) % n) + "\": " + std::to_string(i);
    text += "}";
    const auto t0 = std::chrono::steady_clock::now();
    auto doc = parse_json(text, "big.json");
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    PL_CHECK(doc.ok());
    if (!doc)
        return;
    std::printf("indexed_json_objects: %d keys parsed in %.3f s\n", n, s);
    PL_CHECK(s < 5.0);  // quadratic would be minutes; this bound only catches that
    PL_CHECK_EQ(doc->size(), static_cast<std::size_t>(n));
    int i = 0;
    for (auto it = doc->begin(); it != doc->end(); ++it, ++i) {
        if (it.key() != "k" + std::to_string((i * 7919) % n)) {
            plain::fail(__FILE__, __LINE__, "key order lost at " + std::to_string(i));
            break;
        }
    }
    PL_CHECK_EQ((*doc)["k7919"].get<int>(), 1);
    PL_CHECK(doc->contains("k0") && !doc->contains("k200000"));
    doc->erase("k7919");
    PL_CHECK(!doc->contains("k7919"));
    PL_CHECK_EQ((*doc)["k15838"].get<int>(), 2);  // the index was rebuilt after the erase
    (*doc)["new"] = 5;
    PL_CHECK_EQ(doc->back().get<int>(), 5);
    PL_CHECK_EQ(doc->find("new").value().get<int>(), 5);
    // Small objects (searched in order) and duplicates.
    auto dup = parse_json(R"({"a": 1, "b": 2, "a": 3})", "dup.json");
    PL_CHECK(dup.ok());
    if (dup) {
        PL_CHECK_EQ(dup->size(), std::size_t{2});
        PL_CHECK_EQ(dup->begin().key(), std::string("a"));
        PL_CHECK_EQ((*dup)["a"].get<int>(), 3);
    }
    std::string many = "{";
    for (int k = 0; k < 40; ++k)
        many += (k ? ",\"x" : "\"x") + std::to_string(k % 30) + "\": " + std::to_string(k);
    many += "}";
    auto m = parse_json(many, "many.json");
    PL_CHECK(m.ok());
    if (m) {
        PL_CHECK_EQ(m->size(), std::size_t{30});
        PL_CHECK_EQ((*m)["x5"].get<int>(), 35);
        PL_CHECK_EQ(std::next(m->begin(), 5).key(), std::string("x5"));
    }
    // Copies keep their own index.
    ojson copy = *doc;
    copy.erase("k0");
    PL_CHECK(doc->contains("k0") && !copy.contains("k0"));
    PL_CHECK(copy == copy && copy != *doc);
}

int main() {
    indexed_json_objects();
    sha256_examples();
    chain_known_digests();
    unicode_classes();
    regex_wrapper();
    dynamic_values();
    return plain::finish("engine_core");
}
