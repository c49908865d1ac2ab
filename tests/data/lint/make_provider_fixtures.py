#!/usr/bin/env python3
"""Writes the lint fixtures for Gemini, Bedrock (Converse) and DeepSeek (provider-*.json[l]).
Their expected findings (*.expected.json) are written by hand and checked by tests/test_lint.cpp
like the others; rerunning this script must not change the fixtures (it is deterministic)."""
import json
import os

from make_fixtures import LONG_POLICY, MANUAL, POLICY, write, write_jsonl

# Over every minimum by any tokenizer's count (the built-in one counts ~1,700 tokens).
SYSTEM = POLICY + "\n\n" + MANUAL

TOOLS = [
    ("lookup_order", "Look up an order by its number and return its items, status and tracking link."),
    ("start_return", "Open a return for an order and email the customer a prepaid label."),
    ("check_stock", "Say whether an item is in stock in the warehouse or in one of the shops."),
]


def schema(arg):
    return {"type": "object", "properties": {arg: {"type": "string"}}, "required": [arg]}


def gemini_tools():
    return [{"functionDeclarations": [
        {"name": n, "description": d, "parameters": schema("order_number")} for n, d in TOOLS]}]


def converse_tools(cache_point=None):
    tools = [{"toolSpec": {"name": n, "description": d, "inputSchema": {"json": schema("order_number")}}}
             for n, d in TOOLS]
    if cache_point is not None:
        tools.append({"cachePoint": cache_point})
    return {"tools": tools}


def user(text):
    return {"role": "user", "parts": [{"text": text}]}


def model(text):
    return {"role": "model", "parts": [{"text": text}]}


def cuser(text):
    return {"role": "user", "content": [{"text": text}]}


def cassistant(text):
    return {"role": "assistant", "content": [{"text": text}]}


POINT = {"type": "default"}
POINT_1H = {"type": "default", "ttl": "1h"}
Q1 = "Can I return a lens I bought three weeks ago? The box is opened."
A1 = "Yes: a lens can come back within 30 days if it is complete, with both caps, the hood and the pouch."
Q2 = "And how soon do I get my money back?"


def main():
    # ---- Gemini ----
    write("gemini-clean.json", {
        "systemInstruction": {"parts": [{"text": POLICY}]},
        "tools": gemini_tools(),
        "contents": [user(Q1), model(A1), user(Q2 + " (sent 2026-12-04 10:41)")],
        "generationConfig": {"temperature": 0.2},
    })
    write("gemini-dynamic.json", {
        "systemInstruction": {"parts": [{"text": "Current time: 2026-12-04T10:41:07Z.\n\n" + POLICY}]},
        "tools": gemini_tools(),
        "contents": [user(Q1)],
    })
    write("gemini-cached-conflict.json", {
        "cachedContent": "cachedContents/lumen-policy-v3",
        "systemInstruction": {"parts": [{"text": "Answer briefly."}]},
        "contents": [user(Q1)],
    })
    doc = user("Here is our full store manual.\n\n" + POLICY)
    write_jsonl("gemini-cache-log.jsonl", [
        {"timestamp": "2026-12-04T10:00:00Z",
         "request": {"model": "models/gemini-2.5-flash", "contents": [doc],
                     "systemInstruction": {"parts": [{"text": "You answer from the store manual."}]},
                     "ttl": "3600s", "displayName": "lumen-manual"},
         "response": {"name": "cachedContents/lumen-manual-7f3a", "model": "models/gemini-2.5-flash",
                      "usageMetadata": {"totalTokenCount": 1050}}},
        {"timestamp": "2026-12-04T10:02:00Z",
         "request": {"cachedContent": "cachedContents/lumen-manual-7f3a", "contents": [doc, user(Q1)]},
         "response": {"usageMetadata": {"promptTokenCount": 2140, "cachedContentTokenCount": 1050,
                                        "candidatesTokenCount": 40}}},
    ])
    write_jsonl("gemini-cache-expired.jsonl", [
        {"timestamp": "2026-12-04T10:00:00Z",
         "request": {"model": "models/gemini-2.5-flash", "contents": [doc], "ttl": "600s"},
         "response": {"name": "cachedContents/lumen-manual-2b9c"}},
        {"timestamp": "2026-12-04T10:25:00Z",
         "request": {"cachedContent": "cachedContents/lumen-manual-2b9c", "contents": [user(Q1)]}},
    ])
    # Over Gemini 2.5 Flash's 2,048-token minimum.
    write_jsonl("gemini-log.jsonl", [
        {"timestamp": "2026-12-04T10:00:00Z",
         "request": {"model": "gemini-2.5-flash",
                     "systemInstruction": {"parts": [{"text": LONG_POLICY}]},
                     "contents": [user(Q1)]},
         "response": {"usageMetadata": {"promptTokenCount": 2611, "candidatesTokenCount": 31}}},
        {"timestamp": "2026-12-04T10:01:30Z",
         "request": {"model": "gemini-2.5-flash",
                     "systemInstruction": {"parts": [{"text": LONG_POLICY}]},
                     "contents": [user(Q1), model(A1), user(Q2)]},
         "response": {"usageMetadata": {"promptTokenCount": 2660, "cachedContentTokenCount": 2609,
                                        "candidatesTokenCount": 25}}},
    ])

    # ---- Bedrock Converse ----
    claude = "us.anthropic.claude-sonnet-4-5-20250929-v1:0"
    write("bedrock-clean.json", {
        "modelId": claude,
        "toolConfig": converse_tools(),
        "system": [{"text": SYSTEM}, {"cachePoint": POINT}],
        "messages": [cuser(Q1), cassistant(A1), cuser(Q2)],
        "inferenceConfig": {"maxTokens": 400},
    })
    write("bedrock-too-many.json", {
        "modelId": claude,
        "toolConfig": converse_tools(POINT),
        "system": [{"text": POLICY}, {"cachePoint": POINT}],
        "messages": [cuser(Q1),
                     {"role": "assistant", "content": [{"text": A1}, {"cachePoint": POINT}]},
                     {"role": "user", "content": [{"text": Q2}, {"cachePoint": POINT}]},
                     {"role": "assistant", "content": [{"text": "Within 5 business days."}, {"cachePoint": POINT}]},
                     cuser("Thanks!")],
    })
    write("bedrock-ttl-order.json", {
        "modelId": claude,
        "toolConfig": converse_tools(POINT),
        "system": [{"text": SYSTEM}, {"cachePoint": POINT_1H}],
        "messages": [cuser(Q1)],
    })
    write("bedrock-nova.json", {
        "modelId": "us.amazon.nova-pro-v1:0",
        "toolConfig": converse_tools(POINT),
        "system": [{"text": SYSTEM}, {"cachePoint": POINT}],
        "messages": [cuser(Q1)],
    })
    manual = "\n\n".join("Section %d of the store manual.\n%s" % (i + 1, POLICY) for i in range(36))
    write("bedrock-nova-limit.json", {
        "modelId": "amazon.nova-lite-v1:0",
        "system": [{"text": manual}, {"cachePoint": POINT}],
        "messages": [cuser(Q1)],
    })
    write_jsonl("bedrock-log.jsonl", [
        {"timestamp": "2026-12-04T09:00:00Z",
         "request": {"modelId": claude, "system": [{"text": SYSTEM}, {"cachePoint": POINT}],
                     "messages": [cuser(Q1)]},
         "response": {"usage": {"inputTokens": 20, "outputTokens": 31, "cacheReadInputTokens": 0,
                                "cacheWriteInputTokens": 1012}}},
        {"timestamp": "2026-12-04T09:12:00Z",
         "request": {"modelId": claude, "system": [{"text": SYSTEM}, {"cachePoint": POINT}],
                     "messages": [cuser(Q1), cassistant(A1), cuser(Q2)]},
         "response": {"usage": {"inputTokens": 49, "outputTokens": 25, "cacheReadInputTokens": 0,
                                "cacheWriteInputTokens": 1012}}},
    ])

    # ---- DeepSeek ----
    write("deepseek-clean.json", {
        "model": "deepseek-chat",
        "messages": [{"role": "system", "content": POLICY}, {"role": "user", "content": Q1},
                     {"role": "assistant", "content": A1}, {"role": "user", "content": Q2}],
    })
    write_jsonl("deepseek-log.jsonl", [
        {"timestamp": "2026-12-04T11:00:00Z",
         "request": {"model": "deepseek-chat",
                     "messages": [{"role": "system", "content": "Session 8f14e45f-ceea-467f-a0e6-1b7a3c2d9e10.\n" + POLICY},
                                  {"role": "user", "content": Q1}]},
         "response": {"usage": {"prompt_tokens": 1030, "prompt_cache_hit_tokens": 0,
                                "prompt_cache_miss_tokens": 1030, "completion_tokens": 31}}},
        {"timestamp": "2026-12-04T11:01:00Z",
         "request": {"model": "deepseek-chat",
                     "messages": [{"role": "system", "content": "Session 0c9a2b71-5d3e-4f8a-9b6c-7e1d2f3a4b5c.\n" + POLICY},
                                  {"role": "user", "content": Q1}, {"role": "assistant", "content": A1},
                                  {"role": "user", "content": Q2}]},
         "response": {"usage": {"prompt_tokens": 1081, "prompt_cache_hit_tokens": 0,
                                "prompt_cache_miss_tokens": 1081, "completion_tokens": 25}}},
    ])

    # The same conversation without the session id: the second request hits the first one's
    # prefix, and its usage tells hits (960, whole 64-token units) from misses (101).
    write_jsonl("deepseek-hits.jsonl", [
        {"timestamp": "2026-12-04T11:00:00Z",
         "request": {"model": "deepseek-chat",
                     "messages": [{"role": "system", "content": POLICY},
                                  {"role": "user", "content": Q1}]},
         "response": {"usage": {"prompt_tokens": 1010, "prompt_cache_hit_tokens": 0,
                                "prompt_cache_miss_tokens": 1010, "completion_tokens": 31}}},
        {"timestamp": "2026-12-04T11:01:00Z",
         "request": {"model": "deepseek-chat",
                     "messages": [{"role": "system", "content": POLICY},
                                  {"role": "user", "content": Q1}, {"role": "assistant", "content": A1},
                                  {"role": "user", "content": Q2}]},
         "response": {"usage": {"prompt_tokens": 1061, "prompt_cache_hit_tokens": 960,
                                "prompt_cache_miss_tokens": 101, "completion_tokens": 25}}},
    ])

    # ---- one more rule each ----
    # Below the minimum: a cache point after a short system prompt (Claude Sonnet 4.5: 1,024).
    write("bedrock-below-min.json", {
        "modelId": claude,
        "system": [{"text": "You are the support assistant of Lumen Camera Store. Answer briefly."},
                   {"cachePoint": POINT}],
        "messages": [cuser(Q1)],
    })
    # A tool's description edited between two requests: the cache is lost from the tools on.
    edited = gemini_tools()
    edited[0]["functionDeclarations"][1]["description"] = (
        "Open a return for an order and email the customer a prepaid label and a QR code.")
    write_jsonl("gemini-tools-log.jsonl", [
        {"timestamp": "2026-12-04T10:00:00Z",
         "request": {"model": "gemini-2.5-flash", "tools": gemini_tools(),
                     "systemInstruction": {"parts": [{"text": LONG_POLICY}]},
                     "contents": [user(Q1)]}},
        {"timestamp": "2026-12-04T10:01:00Z",
         "request": {"model": "gemini-2.5-flash", "tools": edited,
                     "systemInstruction": {"parts": [{"text": LONG_POLICY}]},
                     "contents": [user(Q1), model(A1), user(Q2)]}},
    ])
    # Two hours between turns: past the disk cache's assumed lifetime.
    write_jsonl("deepseek-gap.jsonl", [
        {"timestamp": "2026-12-04T08:00:00Z",
         "request": {"model": "deepseek-chat",
                     "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": Q1}]}},
        {"timestamp": "2026-12-04T10:00:00Z",
         "request": {"model": "deepseek-chat",
                     "messages": [{"role": "system", "content": SYSTEM}, {"role": "user", "content": Q1},
                                  {"role": "assistant", "content": A1}, {"role": "user", "content": Q2}]}},
    ])


if __name__ == "__main__":
    main()
