// Which API a request body is written for, and in which of the four body shapes it comes: the
// provider decides the caching rules, the shape how the body is read. Most providers have one
// shape; DeepSeek speaks OpenAI's chat shape, Gemini also takes it on its OpenAI-compatible
// endpoint, and Bedrock's InvokeModel carries Anthropic's own body beside the Converse shape.
//
//   Anthropic Messages   tools[], system (string or text blocks), messages[] with content blocks,
//                        cache_control on a block (or at the top: automatic caching)
//   OpenAI               Chat Completions messages[] (roles system/developer/user/assistant/
//                        tool), or Responses instructions + input
//   Gemini               generateContent: tools[].functionDeclarations[], systemInstruction
//                        {parts[]}, contents[] {role user|model, parts[]}, cachedContent
//                        (snake_case names as the SDKs write them are read too)
//   Bedrock Converse     toolConfig.tools[] {toolSpec} | {cachePoint}, system[] {text} |
//                        {cachePoint}, messages[] {role, content[] {text} | {toolUse} |
//                        {toolResult} | {cachePoint}}
#pragma once

#include <optional>

#include "core/json_util.h"
#include "prompt/prompt_types.h"

namespace pl {

enum class BodyShape { Anthropic, OpenAI, Gemini, Converse };

// The provider a body's model name or shape names: a model id first ("claude-..." Anthropic,
// "gpt-..."/"o3..." OpenAI, "gemini-..." Gemini, "deepseek-..." DeepSeek, "amazon.nova-..."
// Bedrock), then the keys only one shape has; Anthropic when nothing tells.
Provider detect_provider(const ojson& body);

// How to read a body sent to `provider`.
BodyShape body_shape(const ojson& body, Provider provider);

// The shape a body's keys show, whoever it was sent to: Converse's or Gemini's keys, or keys
// only one of Anthropic's and OpenAI's shapes has (a top-level system, tool_use blocks; a
// developer message, Responses' input). None when they tell nothing, or tell both.
std::optional<BodyShape> evident_shape(const ojson& body);
// Whether `provider` takes bodies of `shape`: DeepSeek OpenAI's, Gemini also OpenAI's (its
// compatible endpoint), Bedrock Converse, Anthropic's (InvokeModel) and OpenAI's (a router's).
bool provider_reads(Provider provider, BodyShape shape);
// "an Anthropic Messages body", for messages.
const char* shape_phrase(BodyShape shape);

// The body's model id: "model", Bedrock's "modelId", or "" when it names none (Gemini puts the
// model in the URL; a log's wrapper may name it).
std::string model_of(const ojson& body);

}  // namespace pl
