// Matching a serving engine's blocks to local prompts: the local requests are rendered and
// tokenized as `prefixlens run` plays them, cut into blocks of the server's size, and each
// block's hash is computed under every scheme the server's events could carry
// (live/remote_block_hash.h), so a received hash says "this block is your request 2's system
// prompt, block 3". The tokens must come from the server's own tokenizer, or nothing matches.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/error.h"
#include "live/kv_events.h"
#include "live/remote_block_hash.h"
#include "prompt/chat_format.h"
#include "prompt/prompt_types.h"
#include "tokenizer/bpe_tokenizer.h"

namespace pl::live {

// A local prompt's block that a received hash names.
struct LocalBlock {
    int request = 0;   // 1-based, in the order of the file's requests
    int block = 0;     // 1-based, counted from the prompt's first token
    std::string part;  // "tools", "system" or "messages": where the block's last token is from
    HashScheme scheme = HashScheme::SglangPage;
};

const char* hash_scheme_name(HashScheme scheme);  // "sglang", "vllm-sha256-cbor"

// "system prompt", "tools", "messages": the part as a sentence names it.
const char* part_phrase(const std::string& part);

class PromptMatcher {
  public:
    // The full blocks of each prompt (request i + 1), hashed under every scheme; a block that
    // several prompts share is named after the first. `vllm_seed` is the server's
    // PYTHONHASHSEED; without it vLLM's first block hashes from 32 random bytes, so only
    // SGLang's hashes are computed.
    PromptMatcher(const std::vector<RenderedPrompt>& prompts, int block_size,
                  const std::optional<std::string>& vllm_seed);

    const LocalBlock* find(const RemoteHash& received) const;
    std::size_t blocks() const { return blocks_; }  // full local blocks, over all prompts

  private:
    std::unordered_map<RemoteHash, LocalBlock, RemoteHashHasher> by_hash_;
    std::size_t blocks_ = 0;
};

// The prompts of a scenario file, a built-in scenario's name or an Anthropic request body (a
// JSON object with "messages"), rendered with `tokenizer`: in the server's chat format when
// one is given (prompt/chat_format.h), else with PrefixLens's own template. Errors name the
// file and place.
Result<std::vector<RenderedPrompt>> load_match_prompts(
    const std::string& path_or_name, const BpeTokenizer& tokenizer,
    const std::optional<ChatFormat>& format = std::nullopt, const ChatOptions& options = {});

}  // namespace pl::live
