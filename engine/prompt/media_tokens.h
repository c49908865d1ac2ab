// Images and documents in a request count by their size, as the providers count them, not by
// the length of their base64 text: Claude about width*height/750 tokens after scaling the image
// down to a long edge of 1,568 pixels and about 1.2 megapixels (so at most ~1,600 tokens);
// OpenAI 85 tokens plus 170 per 512-pixel tile after fitting the image in 2048x2048 and its
// short side in 768 ("detail": "low": 85); Gemini 258 tokens for an image of at most 384x384
// and 258 per 768x768 tile of a larger one; Bedrock as Claude; a PDF about 2,000 tokens per page
// (the providers quote 1,500 to 3,000 for text and the page's image). The pixel size is read from
// the image's header (PNG, JPEG, GIF, WebP); an image given by URL, or one whose header cannot be
// read, counts as the largest image (the estimate says so); for Gemini, which has no largest,
// as a 1536x1536 one (4 tiles).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "core/json_util.h"
#include "prompt/prompt_types.h"

namespace pl {

struct MediaEstimate {
    std::string kind;  // "image" or "document"
    std::string media_type;
    int width = 0, height = 0;  // pixels, when read from the header
    int pages = 0;              // documents
    bool measured = false;      // size read from the data (else the largest size is assumed)
    int tokens = 0;
    uint64_t hash = 0;  // of the data (or URL): a different image is different tokens
};

// The estimate for a content block that is an image or a document (Anthropic "image" and
// "document", OpenAI "image_url", "input_image" and "input_file", Gemini "inlineData" and
// "fileData" parts, Converse "image" and "document" blocks); nullopt for other blocks.
std::optional<MediaEstimate> estimate_media(const ojson& block, Provider provider);

// Width and height from the first bytes of a PNG, JPEG, GIF or WebP file.
std::optional<std::pair<int, int>> image_size(std::string_view bytes);
// Pages of a PDF (its /Type /Page objects); 0 when none is found.
int pdf_pages(std::string_view bytes);
// Standard or URL-safe base64, whitespace skipped; decoding stops at the first invalid
// character or after max_bytes output bytes.
std::string base64_decode(std::string_view text, std::size_t max_bytes = SIZE_MAX);

int claude_image_tokens(int width, int height);
int openai_image_tokens(int width, int height, bool low_detail);

}  // namespace pl
