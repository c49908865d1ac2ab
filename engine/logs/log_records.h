// The record shapes of real logs, one JSON object per line of a JSON Lines file, each turned
// into the request it describes (logs/lint_input.h feeds them to a Linter):
//
//   request           a bare request body (Anthropic Messages, OpenAI Chat or Responses)
//   wrapped           {"body"|"request": {...}, "timestamp"|"ts"|"at_s"|...: ..., "session_id":
//   ...} request-response  a wrapped request with the provider's "response" (its usage is read)
//   litellm           a LiteLLM-style proxy record: "model", "messages" (OpenAI format, also for
//                     Claude models), "model_parameters", "startTime", "response": {"usage"};
//                     an Anthropic /v1/messages call's "system" and "tools" are read where
//                     LiteLLM logs them: beside "messages", in "model_parameters" /
//                     "optional_params", or in a callback's "kwargs"
//   otel-genai        an OpenTelemetry GenAI span exported as JSON: "attributes" (an object, or
//                     OTLP's [{"key", "value": {"stringValue"...}}]) with gen_ai.* keys, the
//                     messages in gen_ai.input.messages / gen_ai.prompt.N.* / gen_ai.*.message
//                     events, "start_time" or "startTimeUnixNano"; an OTLP export line
//                     ({"resourceSpans": [...]}) holds several spans
//
// The format is detected per record; the report names it.
#pragma once

#include <string>
#include <vector>

#include "lint/linter.h"

namespace pl::lint {

enum class RecordFormat { Request, Wrapped, RequestResponse, LiteLlm, OtelGenAi };
const char* record_format_name(RecordFormat f);

struct LogRecord {
    RecordFormat format = RecordFormat::Request;
    ojson body;
    std::string body_pointer;  // where the body (or what it was built from) sits in the record
    std::optional<double> at_s;
    std::string at_pointer;
    std::string session;
    std::optional<ReportedUsage> usage;
    std::string usage_pointer;
    std::optional<Provider> provider;  // as the record names it (RequestInput::provider)
    std::string created_cache;         // RequestInput::created_cache
};

// The provider a router or tracer names ("vertex_ai", "bedrock_converse", "gcp.gemini",
// "aws.bedrock", "deepseek", ...); nullopt for a name it does not know.
std::optional<Provider> provider_named(std::string name);

// The requests a record describes (several for an OTLP export of many spans). An Error says
// what the record lacks, naming the JSON pointer.
Result<std::vector<LogRecord>> read_log_record(ojson record);

// Usage from a provider's usage object (Anthropic's and OpenAI's names; Gemini's usageMetadata,
// Bedrock Converse's and DeepSeek's normalised to Anthropic's sense: input_tokens are neither
// read from nor written to the cache); nullopt when it holds none of them.
std::optional<ReportedUsage> usage_from(const ojson& usage);

}  // namespace pl::lint
