#include "prompt/media_tokens.h"

#include <algorithm>
#include <cmath>

#include "core/base64.h"

namespace pl {

namespace {

constexpr int kClaudeMaxEdge = 1568;
constexpr double kClaudeMaxPixels = 1'200'000.0;
constexpr int kClaudeMaxTokens = 1600;
constexpr int kPdfTokensPerPage = 2000;
constexpr int kGeminiTileTokens = 258;

uint32_t be16(std::string_view b, std::size_t at) {
    return (static_cast<uint32_t>(static_cast<unsigned char>(b[at])) << 8) |
           static_cast<unsigned char>(b[at + 1]);
}

uint32_t be32(std::string_view b, std::size_t at) {
    return (be16(b, at) << 16) | be16(b, at + 2);
}

uint32_t le16(std::string_view b, std::size_t at) {
    return static_cast<unsigned char>(b[at]) |
           (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 1])) << 8);
}

uint32_t le24(std::string_view b, std::size_t at) {
    return le16(b, at) | (static_cast<uint32_t>(static_cast<unsigned char>(b[at + 2])) << 16);
}

uint64_t fnv1a(std::string_view s) {
    uint64_t h = 1469598103934665603ULL;
    for (unsigned char c : s) {
        h ^= c;
        h *= 1099511628211ULL;
    }
    return h;
}

std::string string_at(const ojson& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>()
                                                                  : std::string();
}

// "data:image/png;base64,AAAA" -> media type and payload.
bool split_data_url(const std::string& url, std::string& media_type, std::string_view& payload) {
    if (url.rfind("data:", 0) != 0)
        return false;
    const std::size_t comma = url.find(',');
    const std::size_t semi = url.find(';');
    if (comma == std::string::npos)
        return false;
    media_type = url.substr(5, std::min(semi, comma) - 5);
    payload = std::string_view(url).substr(comma + 1);
    return true;
}

// Gemini: an image with both sides at most 384 pixels is one tile of 258 tokens; a larger one
// is cut into 768x768 tiles of 258 tokens each.
int gemini_image_tokens(int width, int height) {
    if (width <= 384 && height <= 384)
        return kGeminiTileTokens;
    const int tiles = ((width + 767) / 768) * ((height + 767) / 768);
    return kGeminiTileTokens * std::max(1, tiles);
}

void measure(MediaEstimate& e, std::string_view payload, Provider provider, bool low_detail) {
    const bool pdf = e.kind == "document";
    // An image header sits in the first bytes, except a JPEG's frame header, which can follow
    // large metadata: decode all of those (and PDFs, whose pages are spread through the file).
    const bool whole = pdf || e.media_type.find("jpeg") != std::string::npos ||
                       e.media_type.find("jpg") != std::string::npos;
    const std::string bytes = base64_decode(payload, whole ? SIZE_MAX : 4096);
    if (pdf) {
        e.pages = pdf_pages(bytes);
        e.measured = e.pages > 0;
        e.tokens = std::max(1, e.pages) * kPdfTokensPerPage;
        return;
    }
    if (auto size = image_size(bytes)) {
        e.width = size->first;
        e.height = size->second;
        e.measured = true;
    }
    if (provider == Provider::Anthropic || provider == Provider::Bedrock)
        e.tokens = e.measured ? claude_image_tokens(e.width, e.height) : kClaudeMaxTokens;
    else if (provider == Provider::Gemini)
        e.tokens = e.measured ? gemini_image_tokens(e.width, e.height) : kGeminiTileTokens * 4;
    else
        e.tokens = e.measured ? openai_image_tokens(e.width, e.height, low_detail)
                              : openai_image_tokens(1024, 1024, low_detail);
}

}  // namespace

std::string base64_decode(std::string_view text, std::size_t max_bytes) {
    std::string out;
    out.reserve(std::min(max_bytes, text.size() / 4 * 3 + 3));
    uint32_t acc = 0;
    int bits = 0;
    for (unsigned char c : text) {
        if (out.size() >= max_bytes)
            break;
        if (c == '=' || c == '\n' || c == '\r' || c == ' ' || c == '\t')
            continue;
        const int v = base64_digit(c);
        if (v < 0)
            break;
        acc = (acc << 6) | static_cast<uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xFF);
        }
    }
    return out;
}

std::optional<std::pair<int, int>> image_size(std::string_view b) {
    if (b.size() >= 24 && b.substr(0, 8) == std::string_view("\x89PNG\r\n\x1a\n", 8) &&
        b.substr(12, 4) == "IHDR")
        return std::make_pair(static_cast<int>(be32(b, 16)), static_cast<int>(be32(b, 20)));
    if (b.size() >= 10 && (b.substr(0, 6) == "GIF87a" || b.substr(0, 6) == "GIF89a"))
        return std::make_pair(static_cast<int>(le16(b, 6)), static_cast<int>(le16(b, 8)));
    if (b.size() >= 30 && b.substr(0, 4) == "RIFF" && b.substr(8, 4) == "WEBP") {
        const std::string_view fmt = b.substr(12, 4);
        if (fmt == "VP8X")
            return std::make_pair(static_cast<int>(le24(b, 24)) + 1,
                                  static_cast<int>(le24(b, 27)) + 1);
        if (fmt == "VP8 " && b.size() >= 30)
            return std::make_pair(static_cast<int>(le16(b, 26) & 0x3FFF),
                                  static_cast<int>(le16(b, 28) & 0x3FFF));
        if (fmt == "VP8L" && b.size() >= 25) {
            const uint32_t v = static_cast<unsigned char>(b[21]) |
                               (static_cast<uint32_t>(static_cast<unsigned char>(b[22])) << 8) |
                               (static_cast<uint32_t>(static_cast<unsigned char>(b[23])) << 16) |
                               (static_cast<uint32_t>(static_cast<unsigned char>(b[24])) << 24);
            return std::make_pair(static_cast<int>(v & 0x3FFF) + 1,
                                  static_cast<int>((v >> 14) & 0x3FFF) + 1);
        }
        return std::nullopt;
    }
    if (b.size() >= 4 && static_cast<unsigned char>(b[0]) == 0xFF &&
        static_cast<unsigned char>(b[1]) == 0xD8) {
        std::size_t i = 2;
        while (i + 9 < b.size()) {
            if (static_cast<unsigned char>(b[i]) != 0xFF) {
                ++i;
                continue;
            }
            const unsigned char marker = static_cast<unsigned char>(b[i + 1]);
            if (marker == 0xFF) {
                ++i;
                continue;
            }
            if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
                i += 2;
                continue;
            }
            const uint32_t len = be16(b, i + 2);
            const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 &&
                             marker != 0xCC;
            if (sof)
                return std::make_pair(static_cast<int>(be16(b, i + 7)),
                                      static_cast<int>(be16(b, i + 5)));
            if (len < 2)
                return std::nullopt;
            i += 2 + len;
        }
    }
    return std::nullopt;
}

int pdf_pages(std::string_view b) {
    int pages = 0;
    for (std::size_t at = b.find("/Type"); at != std::string_view::npos;
         at = b.find("/Type", at + 5)) {
        std::size_t k = at + 5;
        while (k < b.size() && (b[k] == ' ' || b[k] == '\r' || b[k] == '\n' || b[k] == '\t'))
            ++k;
        if (b.substr(k, 5) == "/Page" && (k + 5 >= b.size() || b[k + 5] != 's'))
            ++pages;
    }
    return pages;
}

int claude_image_tokens(int width, int height) {
    if (width <= 0 || height <= 0)
        return kClaudeMaxTokens;
    double w = width, h = height;
    const double edge = std::max(w, h);
    if (edge > kClaudeMaxEdge) {
        w *= kClaudeMaxEdge / edge;
        h *= kClaudeMaxEdge / edge;
    }
    if (w * h > kClaudeMaxPixels) {
        const double s = std::sqrt(kClaudeMaxPixels / (w * h));
        w *= s;
        h *= s;
    }
    return std::clamp(static_cast<int>(std::ceil(w * h / 750.0)), 1, kClaudeMaxTokens);
}

int openai_image_tokens(int width, int height, bool low_detail) {
    if (low_detail)
        return 85;
    if (width <= 0 || height <= 0)
        return openai_image_tokens(1024, 1024, false);
    double w = width, h = height;
    if (std::max(w, h) > 2048) {
        const double s = 2048 / std::max(w, h);
        w *= s;
        h *= s;
    }
    if (std::min(w, h) > 768) {
        const double s = 768 / std::min(w, h);
        w *= s;
        h *= s;
    }
    const int tiles = static_cast<int>(std::ceil(w / 512) * std::ceil(h / 512));
    return 85 + 170 * tiles;
}

// Gemini's inlineData / fileData parts and Bedrock Converse's image and document blocks.
std::optional<MediaEstimate> estimate_gemini_converse(const ojson& block, Provider provider) {
    MediaEstimate e;
    for (const char* k : {"inlineData", "inline_data", "fileData", "file_data"}) {
        if (!block.contains(k) || !block[k].is_object())
            continue;
        const ojson& d = block[k];
        e.media_type = string_at(d, "mimeType");
        if (e.media_type.empty())
            e.media_type = string_at(d, "mime_type");
        const bool pdf = e.media_type == "application/pdf";
        e.kind = pdf ? "document" : "image";
        const std::string data = string_at(d, "data");
        e.hash = fnv1a(data.empty() ? d.dump() : data);
        if (!data.empty())
            measure(e, data, provider, false);
        else
            e.tokens = pdf ? kPdfTokensPerPage : kGeminiTileTokens * 4;
        return e;
    }
    for (const char* k : {"image", "document"}) {
        if (!block.contains(k) || !block[k].is_object())
            continue;
        const ojson& d = block[k];
        e.kind = k;
        e.media_type = (e.kind == "image" ? "image/" : "application/") + string_at(d, "format");
        const ojson& src = d.contains("source") ? d["source"] : ojson();
        const std::string data = string_at(src, "bytes");
        e.hash = fnv1a(data.empty() ? d.dump() : data);
        if (!data.empty())
            measure(e, data, provider, false);
        else
            e.tokens = e.kind == "document" ? kPdfTokensPerPage : kClaudeMaxTokens;
        return e;
    }
    return std::nullopt;
}

std::optional<MediaEstimate> estimate_media(const ojson& block, Provider provider) {
    if (!block.is_object())
        return std::nullopt;
    if (provider == Provider::Gemini || provider == Provider::Bedrock)
        return estimate_gemini_converse(block, provider);
    const std::string type = string_at(block, "type");
    MediaEstimate e;
    if (type == "image" || type == "document") {
        e.kind = type;
        const ojson& src = block.contains("source") ? block["source"] : ojson();
        const std::string stype = string_at(src, "type");
        e.media_type = string_at(src, "media_type");
        if (type == "document" && e.media_type.empty())
            e.media_type = "application/pdf";
        if (stype == "base64") {
            const std::string data = string_at(src, "data");
            e.hash = fnv1a(data);
            measure(e, data, provider, false);
        } else if (stype == "text" && type == "document") {
            return std::nullopt;  // a plain-text document is its text
        } else {
            const std::string ref = src.is_object() ? src.dump() : block.dump();
            e.hash = fnv1a(ref);
            e.tokens = type == "document"                ? kPdfTokensPerPage
                       : provider == Provider::Anthropic ? kClaudeMaxTokens
                                                         : openai_image_tokens(1024, 1024, false);
        }
        return e;
    }
    if (type == "image_url" || type == "input_image") {
        e.kind = "image";
        std::string url;
        bool low = false;
        if (block.contains("image_url") && block["image_url"].is_object()) {
            url = string_at(block["image_url"], "url");
            low = string_at(block["image_url"], "detail") == "low";
        } else {
            url = string_at(block, "image_url");
            low = string_at(block, "detail") == "low";
        }
        if (url.empty())
            url = string_at(block, "file_id");
        e.hash = fnv1a(url);
        std::string_view payload;
        if (split_data_url(url, e.media_type, payload))
            measure(e, payload, provider, low);
        else
            e.tokens = provider == Provider::Anthropic ? kClaudeMaxTokens
                                                       : openai_image_tokens(1024, 1024, low);
        return e;
    }
    if (type == "input_file" || type == "file") {
        e.kind = "document";
        const ojson& holder = type == "file" && block.contains("file") ? block["file"] : block;
        const std::string data = string_at(holder, "file_data");
        e.hash = fnv1a(data.empty() ? holder.dump() : data);
        std::string_view payload;
        if (split_data_url(data, e.media_type, payload))
            measure(e, payload, provider, false);
        else
            e.tokens = kPdfTokensPerPage;
        return e;
    }
    return std::nullopt;
}

}  // namespace pl
