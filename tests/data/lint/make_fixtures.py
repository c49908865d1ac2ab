#!/usr/bin/env python3
"""Writes the lint fixtures in this folder (requests, logs). The expected findings next to each
(*.expected.json) are written by hand and checked by tests/test_lint.cpp; rerunning this script
must not change the fixtures (it is deterministic)."""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))

POLICY = (
    "You are the support assistant of Lumen Camera Store, an online shop for cameras, lenses, "
    "lighting and accessories. Answer in a friendly, concise way and only from the policy below. "
    "If a question is not covered, say so and offer to pass the conversation to a member of staff.\n\n"
    "1. Returns\nMost items can be sent back within 30 days of delivery for a full refund. The item "
    "must be complete: original box, manuals, cables and any free gifts. A lens must come back with "
    "both caps, the hood and the pouch. Opened memory cards, sensor cleaning kits, printed photo books "
    "and gift cards cannot be returned. To start a return the customer needs the order number (for "
    "example LC-20931); we email a prepaid return label within one business day.\n\n"
    "2. Refunds\nRefunds go to the original payment method within 5 business days after the item "
    "reaches our warehouse and passes inspection. The original shipping cost is refunded only when the "
    "item arrived damaged, faulty or was not what the customer ordered.\n\n"
    "3. Warranty\nNew cameras, lenses and flashes carry a two-year manufacturer warranty against "
    "defects in materials and workmanship. Refurbished and used items carry our own one-year warranty. "
    "The warranty does not cover drops, impact marks, water or sand damage, cracked screens, or repairs "
    "attempted by anyone other than an authorized service center.\n\n"
    "4. Shipping\nOrders placed before 2 p.m. on a business day ship the same day. Standard delivery "
    "takes 2 to 4 business days; it is free for orders above 99 euros and costs 4.90 euros below that. "
    "Express delivery arrives the next business day for 12 euros. We ship to every country of the "
    "European Union, Norway, Switzerland and the United Kingdom.\n\n"
    "5. Rentals\nRented gear must be back by 6 p.m. on the last rental day; each late day costs one "
    "extra rental day. The deposit is released within 3 business days after we have checked the gear.\n\n"
    "6. Price match\nWe match the price of an identical new item that an authorized dealer has in "
    "stock, if the customer asks within 14 days of purchase. Marketplace sellers, auctions and used "
    "items do not qualify. The customer sends us a link to the offer; we refund the difference to the "
    "original payment method within 5 business days.\n\n"
    "7. Trade-in\nCustomers can trade in used cameras and lenses towards a new purchase. We quote a "
    "price from photos and the serial number within two business days; the final price is set after "
    "inspection in our workshop. Items with fungus, haze, broken mounts or missing parts are not "
    "accepted. The trade-in value is paid as store credit that never expires.\n\n"
    "8. Gift cards\nGift cards are sold in steps of 25 euros up to 500 euros and are valid for three "
    "years from the day of purchase. They cannot be exchanged for cash, returned or replaced when lost. "
    "A gift card can pay for part of an order; the rest is paid with any other method we accept.\n\n"
    "9. Repairs\nOur workshop repairs cameras, lenses and flashes of every brand we sell. A quote is "
    "free and takes up to 5 business days; if the customer declines it we return the item at our cost. "
    "Repairs carry a six-month warranty on the replaced parts and the work done. Sensor cleaning costs "
    "39 euros and is usually done while the customer waits.\n\n"
    "10. Privacy\nWe only use the customer's data to process orders, returns and repairs. Never ask "
    "for a full card number, a password or a one-time code, and never read out a delivery address to "
    "anyone who cannot give the order number and the email address of the order.\n\n"
    "How to answer: use at most four sentences, quote the exact number of days or euros when it "
    "matters, and finish by asking whether there is anything else you can help with."
)

MANUAL = (
    "Lumen X200 user manual, chapter 4: Autofocus.\n"
    "4.1 Focus modes. The X200 offers single-shot autofocus (AF-S) for still subjects, continuous "
    "autofocus (AF-C) for moving subjects and manual focus (MF). Select the mode with the focus mode "
    "switch on the front of the body. In AF-C the camera keeps adjusting focus while the shutter "
    "button is half-pressed.\n"
    "4.2 Focus areas. Choose between single point, zone, wide and tracking. Single point uses one of "
    "425 points that you move with the joystick. Zone groups 9 or 25 points. Wide lets the camera "
    "choose. Tracking follows a subject you select across the whole frame.\n"
    "4.3 Subject detection. The camera detects people, animals, birds, cars, trains and aircraft. "
    "When eye detection is on, a small box marks the eye in focus. Turn detection off in the AF menu "
    "when you photograph products or landscapes.\n"
    "4.4 Low light. Autofocus works down to -6 EV with an f/1.2 lens. Below that, the AF assist lamp "
    "lights up unless you disabled it in the setup menu.\n"
)

TOOLS = [
    {"name": "get_order", "description": "Look up an order by its number (for example LC-20931) and return its items, status and delivery address.",
     "input_schema": {"type": "object", "properties": {"order_number": {"type": "string", "description": "The order number, e.g. LC-20931."}}, "required": ["order_number"]}},
    {"name": "create_return", "description": "Start a return for one item of an order and email the customer a prepaid label.",
     "input_schema": {"type": "object", "properties": {"order_number": {"type": "string"}, "item_sku": {"type": "string"}, "reason": {"type": "string", "enum": ["damaged", "faulty", "wrong_item", "changed_mind"]}}, "required": ["order_number", "item_sku", "reason"]}},
    {"name": "search_products", "description": "Search the catalog by keywords, brand, mount and price range; returns at most ten products with price and stock.",
     "input_schema": {"type": "object", "properties": {"query": {"type": "string"}, "brand": {"type": "string"}, "mount": {"type": "string"}, "max_price_eur": {"type": "number"}}, "required": ["query"]}},
    {"name": "track_parcel", "description": "Return the carrier's tracking events for a parcel number.",
     "input_schema": {"type": "object", "properties": {"tracking_number": {"type": "string"}}, "required": ["tracking_number"]}},
]


def write(name, obj):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        json.dump(obj, f, indent=2, ensure_ascii=False)
        f.write("\n")


def write_jsonl(name, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def cc(block, ttl=None):
    b = dict(block)
    b["cache_control"] = {"type": "ephemeral"} if ttl is None else {"type": "ephemeral", "ttl": ttl}
    return b


def main():
    # 1. Tool-heavy agent (Anthropic): a date inside a tool description voids everything.
    tools = json.loads(json.dumps(TOOLS))
    tools[3]["description"] = "Return the carrier's tracking events for a parcel number. Today is 2026-11-30."
    tools[3] = cc(tools[3])
    write("anthropic-agent.json", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "tools": tools,
        "system": [cc({"type": "text", "text": POLICY})],
        "messages": [
            {"role": "user", "content": "Where is my order LC-20931? It should have arrived yesterday."},
            {"role": "assistant", "content": [
                {"type": "text", "text": "Let me look that order up."},
                {"type": "tool_use", "id": "toolu_01", "name": "get_order", "input": {"order_number": "LC-20931"}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "toolu_01", "content": "Order LC-20931: 1 x Lumen 35mm f/1.8 lens, shipped 2026-11-26 with tracking number 00340434161094042557, status in transit."},
                cc({"type": "text", "text": "Please check the tracking."})]},
        ],
    })

    # 2. Chatbot (Anthropic): the current time at the head of the system prompt; the same time in
    #    the final user message is fine.
    write("anthropic-chatbot.json", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "system": [cc({"type": "text", "text": "Current time: 09:41:07, Monday 30 November 2026.\n\n" + POLICY})],
        "messages": [
            {"role": "user", "content": "Hi! Can I return a lens I bought three weeks ago?"},
            {"role": "assistant", "content": "Yes: lenses can be returned within 30 days of delivery if they are complete. Is there anything else I can help with?"},
            {"role": "user", "content": "Great, thanks. (sent 2026-11-30T09:41:07Z)"},
        ],
    })

    # 3. RAG (Anthropic): five breakpoints (the API rejects it), the first on a short prefix.
    chunks = [
        "Retrieved passage 1 (manual, section 4.1): " + MANUAL[:400],
        "Retrieved passage 2 (manual, section 4.2): " + MANUAL[400:800],
        "Retrieved passage 3 (manual, section 4.3): " + MANUAL[800:],
    ]
    write("anthropic-rag.json", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "system": [
            cc({"type": "text", "text": "You answer questions about Lumen cameras from the retrieved passages only."}),
            cc({"type": "text", "text": POLICY}),
        ],
        "messages": [
            {"role": "user", "content": [cc({"type": "text", "text": c}) for c in chunks] + [
                {"type": "text", "text": "Question: does the X200 detect birds?"}]},
        ],
    })

    # 4. Few-shot (Anthropic) in Japanese: a date and time in the header of the system prompt.
    shots = []
    examples = [
        ("レンズが割れて届きました。", "damaged"), ("注文と違う商品が届いた。", "wrong_item"),
        ("電源が入りません。", "faulty"), ("やっぱり要らなくなりました。", "changed_mind"),
        ("箱がつぶれていて中のカメラに傷があります。", "damaged"), ("シャッターが時々反応しない。", "faulty"),
    ]
    for text, label in examples:
        shots.append({"role": "user", "content": text})
        shots.append({"role": "assistant", "content": label})
    write("anthropic-fewshot-ja.json", {
        "model": "claude-haiku-4-5",
        "max_tokens": 16,
        "system": [cc({"type": "text", "text": "作成日時: 2026年11月30日 午前9時41分\n\n" + "返品理由を damaged, faulty, wrong_item, changed_mind のいずれか一語で分類してください。\n\n" + POLICY})],
        "messages": shots + [{"role": "user", "content": "三脚の脚が一本折れていました。"}],
    })

    # 5. Polish support session (Anthropic): session header with a Polish date, weekday and id.
    write("anthropic-session-pl.json", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "system": "Sesja: poniedziałek, 30 listopada 2026 r., session_id: 7f3c9e2a-41d0-4b8e-9a6f-2c5d8e1b7a90\n\n" + POLICY,
        "messages": [
            {"role": "user", "content": [cc({"type": "text", "text": "Dzień dobry, chcę zwrócić obiektyw."})]},
        ],
    })

    # 6. OpenAI Chat Completions RAG: a request id in the system message; a timestamp in the final
    #    user message is fine.
    write("openai-chat.json", {
        "model": "gpt-4.1",
        "messages": [
            {"role": "system", "content": "request_id=req_8f3a2c91d4e047b6a1f2\n" + POLICY},
            {"role": "developer", "content": "Use the retrieved manual passages below.\n\n" + MANUAL},
            {"role": "user", "content": "How low does autofocus work? (asked at 2026-11-30 09:41:07)"},
        ],
        "tools": [{"type": "function", "function": {"name": t["name"], "description": t["description"], "parameters": t["input_schema"]}} for t in TOOLS],
    })

    # 7. OpenAI Responses few-shot: a request counter in the instructions.
    write("openai-responses.json", {
        "model": "gpt-5-mini",
        "instructions": "Request #1042. Classify the return reason as damaged, faulty, wrong_item or changed_mind.\n\n" + POLICY + "\n\n" + MANUAL,
        "input": [
            {"role": "user", "content": [{"type": "input_text", "text": "The lens arrived cracked."}]},
            {"role": "assistant", "content": [{"type": "output_text", "text": "damaged"}]},
            {"role": "user", "content": [{"type": "input_text", "text": "It does not switch on."}]},
            {"role": "assistant", "content": [{"type": "output_text", "text": "faulty"}]},
            {"role": "user", "content": [{"type": "input_text", "text": "I got the wrong colour."}]},
        ],
    })

    # 8. A clean request: nothing to report.
    write("clean.json", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "tools": TOOLS[:1],
        "system": [cc({"type": "text", "text": POLICY + "\n\n" + MANUAL + "\n\nThis policy is effective from 1 March 2026."})],
        "messages": [{"role": "user", "content": "What does express delivery cost? (2026-11-30 09:41)"}],
    })

    # 9. Breakpoints far apart (Anthropic): 24 blocks between them.
    history = []
    for i in range(12):
        history.append({"role": "user", "content": [{"type": "text", "text": f"Step {i}: list the files in folder {i}."}]})
        history.append({"role": "assistant", "content": [{"type": "text", "text": f"Folder {i} holds report.pdf and notes.txt."}]})
    history.append({"role": "user", "content": [cc({"type": "text", "text": "Now summarize all folders."})]})
    write("anthropic-lookback.json", {
        "model": "claude-sonnet-4-5",
        "max_tokens": 512,
        "system": [cc({"type": "text", "text": POLICY})],
        "messages": history,
    })

    # 10. Agent log (Anthropic, JSON Lines with timestamps). The policy's effective date is stable
    #     across the log (not reported); step 3 sends the same tools with another key order; step 4
    #     rewrites history; step 5 comes 15 minutes later.
    system = [cc({"type": "text", "text": POLICY + "\n\nPolicy last updated: Sunday 1 March 2026, 09:00."})]
    base_tools = json.loads(json.dumps(TOOLS))
    msgs = [{"role": "user", "content": "Where is my order LC-20931?"}]
    rows = []

    def req(tools, messages):
        m = json.loads(json.dumps(messages))
        last = m[-1]
        if isinstance(last["content"], str):
            last["content"] = [{"type": "text", "text": last["content"]}]
        last["content"][-1] = cc(last["content"][-1])
        return {"model": "claude-sonnet-4-5", "max_tokens": 1024, "tools": tools, "system": system, "messages": m}

    t0 = 1796031667  # 2026-11-30T09:41:07Z
    rows.append({"timestamp": t0, "session": "s1", "body": req(base_tools, msgs)})
    msgs += [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01", "name": "get_order", "input": {"order_number": "LC-20931"}}]},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "Order LC-20931: 1 x Lumen 35mm f/1.8 lens, shipped 2026-11-26, tracking 00340434161094042557."}]}]
    rows.append({"timestamp": t0 + 4, "session": "s1", "body": req(base_tools, msgs)})
    msgs += [{"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_02", "name": "track_parcel", "input": {"tracking_number": "00340434161094042557"}}]},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_02", "content": "2026-11-28 18:02 out for delivery; 2026-11-28 19:45 delivery attempt failed, recipient absent."}]}]
    reordered = json.loads(json.dumps(base_tools))
    reordered[1] = {"input_schema": reordered[1]["input_schema"], "name": reordered[1]["name"], "description": reordered[1]["description"]}
    rows.append({"timestamp": t0 + 9, "session": "s1", "body": req(reordered, msgs)})
    edited = json.loads(json.dumps(msgs))
    edited[2]["content"][0]["content"] = "Order LC-20931: 1 x Lumen 35mm f/1.8 lens, shipped."
    edited += [{"role": "assistant", "content": [{"type": "text", "text": "The courier tried to deliver on 28 November. Shall I book a new delivery?"}]},
               {"role": "user", "content": "Yes please, tomorrow morning."}]
    rows.append({"timestamp": t0 + 15, "session": "s1", "body": req(reordered, edited)})
    edited += [{"role": "assistant", "content": [{"type": "text", "text": "Done: the parcel comes tomorrow between 8 and 12."}]},
               {"role": "user", "content": "Thanks!"}]
    rows.append({"timestamp": t0 + 915, "session": "s1", "body": req(reordered, edited)})
    write_jsonl("agent-log.jsonl", rows)

    # 11. OpenAI chat log: the model changes between requests; the system prompt carries a
    #     policy date that never changes (not reported).
    sys_msg = {"role": "system", "content": POLICY + "\n\nPolicy last updated: Sunday 1 March 2026, 09:00.\n\n" + MANUAL}
    conv = [sys_msg, {"role": "user", "content": "Does the X200 track birds?"}]
    orows = [{"ts": "2026-11-30T09:41:07Z", "request": {"model": "gpt-4.1", "messages": conv}}]
    conv = conv + [{"role": "assistant", "content": "Yes: subject detection covers birds."},
                   {"role": "user", "content": "And in low light?"}]
    orows.append({"ts": "2026-11-30T09:42:00Z", "request": {"model": "gpt-4.1", "messages": conv}})
    conv = conv + [{"role": "assistant", "content": "Autofocus works down to -6 EV with an f/1.2 lens."},
                   {"role": "user", "content": "Thanks."}]
    orows.append({"ts": "2026-11-30T09:43:30Z", "request": {"model": "gpt-4.1-mini", "messages": conv}})
    write_jsonl("openai-log.jsonl", orows)

    # 12. A scenario (SPEC §6) whose system prompt starts with the current time: one dynamic-prefix
    #     finding for the three requests, and the prefix changes at every request.
    sreqs = []
    for i, (at, clock) in enumerate([(0, "09:41:07"), (84, "09:42:31"), (200, "09:44:27")]):
        sreqs.append({"at_s": at, "session": "alice", "salt": None, "max_tokens": 8,
                      "system": [cc({"type": "text", "text": f"Current time: {clock}, Monday 30 November 2026.\n\n" + POLICY})],
                      "messages": [{"role": "user", "content": "Can I return a lens I bought three weeks ago?"}]})
    write("scenario-timestamp.json", {"name": "lint-timestamp", "title": "A timestamp at the head", "description": "Lint fixture.",
                                      "block_size": 16, "capacity_blocks": 512, "ttl_s": None, "requests": sreqs})

    # Bad inputs.
    with open(os.path.join(HERE, "bad-json.json"), "w", encoding="utf-8") as f:
        f.write('{\n  "model": "claude-sonnet-4-5",\n  "messages": [\n    {"role": "user", "content": "hi"}\n    {"role": "assistant"}\n  ]\n}\n')
    lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in rows[:3]]
    lines.insert(1, '{"timestamp": 1796031668, "body": {"model": "claude-sonnet-4-5", "messages": [}')
    with open(os.path.join(HERE, "bad-line.jsonl"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    write("bad-shape.json", {"model": "claude-sonnet-4-5", "messages": [{"role": "robot", "content": "hi"}]})


# ---- Issue #19: today's APIs and real logs ----

def conversation(n, start=0):
    """n alternating messages (user first), each one content block."""
    out = []
    for i in range(start, start + n):
        if i % 2 == 0:
            out.append({"role": "user", "content": [{"type": "text", "text": f"Step {i // 2}: check folder {i // 2} and report."}]})
        else:
            out.append({"role": "assistant", "content": [{"type": "text", "text": f"Folder {i // 2} holds report-{i // 2}.pdf and notes.txt."}]})
    return out


def tiny_png(width, height, filler_bytes=60000):
    """A PNG header with these dimensions followed by filler: enough for a size reader, and large
    in base64 (the linter must count its pixels, not its text)."""
    import base64
    import struct
    import zlib
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr) & 0xFFFFFFFF)
    filler = bytes((i * 73 + 41) % 256 for i in range(filler_bytes))
    return base64.b64encode(b"\x89PNG\r\n\x1a\n" + chunk + filler).decode()


# Comfortably over Claude's 1,024-token minimum by any tokenizer (POLICY alone is about 900
# tokens by the providers' count, near the threshold: the linter says so in a note).
LONG_POLICY = POLICY + "\n\n" + MANUAL + "\n\n" + POLICY.split("\n\n", 1)[1]


def main_issue19():
    # Automatic caching: a top-level cache_control caches up to the last block; the current time
    # at the head of the system prompt is then inside the cached prefix.
    write("anthropic-automatic.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512, "cache_control": {"type": "ephemeral"},
        "system": "Current time: 09:41:07, Monday 30 November 2026.\n\n" + POLICY,
        "messages": [{"role": "user", "content": "Can I return a lens after three weeks?"},
                     {"role": "assistant", "content": "Yes, within 30 days of delivery."},
                     {"role": "user", "content": "And a memory card?"}],
    })
    # Four explicit breakpoints plus automatic caching: five slots, the API rejects it.
    write("anthropic-slots.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512, "cache_control": {"type": "ephemeral"},
        "tools": [cc(TOOLS[0])],
        "system": [cc({"type": "text", "text": POLICY}), cc({"type": "text", "text": MANUAL})],
        "messages": [{"role": "user", "content": [cc({"type": "text", "text": "Does the X200 detect birds?"})]}],
    })
    # A 1-hour breakpoint after a 5-minute one: the API rejects it.
    write("anthropic-ttl-order.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512,
        "system": [cc({"type": "text", "text": POLICY})],
        "messages": [{"role": "user", "content": [cc({"type": "text", "text": MANUAL}, "1h")]},
                     {"role": "assistant", "content": "Understood."},
                     {"role": "user", "content": "Does the X200 detect birds?"}],
    })
    # Longer TTLs first: valid, silent.
    write("anthropic-ttl-ok.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512,
        "system": [cc({"type": "text", "text": POLICY}, "1h")],
        "messages": [{"role": "user", "content": [cc({"type": "text", "text": MANUAL})]},
                     {"role": "assistant", "content": "Understood."},
                     {"role": "user", "content": "Does the X200 detect birds?"}],
    })
    # The documentation's lookback example: a breakpoint at block 15 and one at block 35 (20
    # positions back from 35 reach block 16 only), and the same with block 34 (reached).
    for name, last in (("anthropic-lookback-docs.json", 32), ("anthropic-lookback-19.json", 31)):
        msgs = conversation(33)
        msgs[12]["content"][0] = cc(msgs[12]["content"][0])
        msgs[last]["content"][0] = cc(msgs[last]["content"][0])
        write(name, {"model": "claude-sonnet-4-5", "max_tokens": 512, "tools": [TOOLS[0]],
                     "system": POLICY, "messages": msgs})
    # The tool-use docs' layout: a breakpoint on the last tool (short on its own) and one after
    # the system prompt that covers it: silent.
    by_name = sorted(TOOLS, key=lambda t: t["name"])
    write("anthropic-covered-tool.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512,
        "tools": by_name[:3] + [cc(by_name[3])],
        "system": [cc({"type": "text", "text": LONG_POLICY})],
        "messages": [{"role": "user", "content": "Where is my order LC-20931?"}],
    })
    # A mid-conversation system message (newer models accept it): valid, silent.
    write("anthropic-system-mid.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512,
        "system": [cc({"type": "text", "text": LONG_POLICY})],
        "messages": [{"role": "user", "content": "Can I return a lens?"},
                     {"role": "assistant", "content": "Yes, within 30 days."},
                     {"role": "system", "content": "The customer is a trade account: quote trade prices."},
                     {"role": "user", "content": "What about a flash?"}],
    })
    # A stable policy date and a build hash in a single request: at most a hedged note.
    write("anthropic-stable-values.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512,
        "system": [cc({"type": "text", "text": LONG_POLICY + "\n\nThis policy is effective as of 1 March 2024. Assistant build 9fceb02d0ae598e95dc970b74767f19372d61af8."})],
        "messages": [{"role": "user", "content": "Can I return a lens?"}],
    })
    # A model the tables do not name: a note naming the rows used.
    write("anthropic-unknown-model.json", {
        "model": "claude-opus-4-9", "max_tokens": 512,
        "system": [cc({"type": "text", "text": LONG_POLICY})],
        "messages": [{"role": "user", "content": "Can I return a lens?"}],
    })
    # An image counted by its pixels (200x200: about 54 tokens), not its ~80 KB of base64 (tens
    # of thousands of tokens as text): the breakpoint after it is below the minimum.
    write("anthropic-image.json", {
        "model": "claude-sonnet-4-5", "max_tokens": 512,
        "messages": [{"role": "user", "content": [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": tiny_png(200, 200)}},
            cc({"type": "text", "text": "Is this lens damaged?"})]},
                     {"role": "assistant", "content": "The front element shows a crack."},
                     {"role": "user", "content": "Can I return it?"}],
    })

    # Interleaved sessions: two conversations alternate in one log; each request appends to its
    # own conversation. Silent (compared line by line they would all differ).
    rows, convs = [], {"a": [], "b": []}
    firsts = {"a": "Where is my order LC-20931?", "b": "Do you rent the X200?"}
    t = 1796031667
    for step in range(3):
        for sid in ("a", "b"):
            c = convs[sid]
            if not c:
                c.append({"role": "user", "content": firsts[sid]})
            else:
                c += [{"role": "assistant", "content": f"Answer {step} for {sid}."},
                      {"role": "user", "content": f"Follow-up {step} from {sid}."}]
            m = json.loads(json.dumps(c))
            m[-1]["content"] = [cc({"type": "text", "text": m[-1]["content"]})]
            rows.append({"timestamp": t, "session_id": sid, "body": {
                "model": "claude-sonnet-4-5", "max_tokens": 256,
                "system": [cc({"type": "text", "text": LONG_POLICY})], "messages": m}})
            t += 7
    write_jsonl("sessions-interleaved.jsonl", rows)
    # The same two conversations told apart by the body's metadata.user_id, then by nothing but
    # their first user message: still two conversations, still silent.
    urows, frows = [], []
    for r in rows:
        u = json.loads(json.dumps(r))
        sid = u.pop("session_id")
        u["body"]["metadata"] = {"user_id": "user-" + sid}
        urows.append(u)
        f = json.loads(json.dumps(r))
        del f["session_id"]
        frows.append(f)
    write_jsonl("sessions-by-user.jsonl", urows)
    write_jsonl("sessions-by-first-message.jsonl", frows)

    # Parameters at the level each voids, and thinking blocks stripped by a plain user turn.
    sysb = [cc({"type": "text", "text": LONG_POLICY})]
    thinking = {"type": "enabled", "budget_tokens": 2048}
    m1 = [{"role": "user", "content": "Where is my order LC-20931?"},
          {"role": "assistant", "content": [
              {"type": "thinking", "thinking": "I should look the order up first.", "signature": "sig-1"},
              {"type": "tool_use", "id": "toolu_01", "name": "get_order", "input": {"order_number": "LC-20931"}}]},
          {"role": "user", "content": [cc({"type": "tool_result", "tool_use_id": "toolu_01", "content": "Order LC-20931 shipped 2026-11-26."})]}]
    m2 = json.loads(json.dumps(m1))
    del m2[2]["content"][0]["cache_control"]
    m2 += [{"role": "assistant", "content": [{"type": "text", "text": "It shipped on 26 November."}]},
           {"role": "user", "content": [cc({"type": "text", "text": "Thanks, and can I return it?"})]}]
    prow = [{"ts": "2026-11-30T09:41:07Z", "session_id": "t", "body": {"model": "claude-sonnet-4-5", "max_tokens": 4096, "thinking": thinking, "tools": TOOLS[:1], "system": sysb, "messages": m1}},
            {"ts": "2026-11-30T09:41:30Z", "session_id": "t", "body": {"model": "claude-sonnet-4-5", "max_tokens": 4096, "thinking": thinking, "tools": TOOLS[:1], "system": sysb, "messages": m2}}]
    m3 = json.loads(json.dumps(m2))
    del m3[-1]["content"][0]["cache_control"]
    m3 += [{"role": "assistant", "content": [{"type": "text", "text": "Yes, within 30 days."}]},
           {"role": "user", "content": [cc({"type": "text", "text": "Book the return please."})]}]
    prow.append({"ts": "2026-11-30T09:42:00Z", "session_id": "t", "body": {"model": "claude-sonnet-4-5", "max_tokens": 4096, "thinking": thinking, "tool_choice": {"type": "any"}, "tools": TOOLS[:1], "system": sysb, "messages": m3}})
    write_jsonl("anthropic-params.jsonl", prow)

    # Switches that change the system prompt the API builds (the system and messages caches are
    # lost, the tools' kept): web search turned on, speed, citations on a document. Keeping web
    # search on in the next turn is silent.
    search = {"type": "web_search_20250305", "name": "web_search", "max_uses": 3}
    t1 = [{"role": "user", "content": [cc({"type": "text", "text": "Which lenses fit the X200?"})]}]
    t2 = json.loads(json.dumps(t1))
    del t2[0]["content"][0]["cache_control"]
    t2 += [{"role": "assistant", "content": "Every lens with the L mount."},
           {"role": "user", "content": [cc({"type": "text", "text": "Any new ones announced this week?"})]}]
    def next_turn(prev, answer, question):
        t = json.loads(json.dumps(prev))
        del t[-1]["content"][0]["cache_control"]
        return t + [{"role": "assistant", "content": answer},
                    {"role": "user", "content": [cc({"type": "text", "text": question})]}]
    t3 = next_turn(t2, "Two: a 24-70 f/2.8 and a 100-400.", "Is the 100-400 sealed?")
    t4 = next_turn(t3, "Yes, against dust and splashes.", "How heavy is it?")
    t5 = next_turn(t4, "1,310 g without the tripod foot.", "Summarize the spec sheet I attach.")
    t5[-1]["content"].insert(0, {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                 "data": "Lumen 100-400 f/4.5-5.6: 23 elements in 16 groups, 1,310 g."},
                                 "citations": {"enabled": True}})
    base = {"model": "claude-sonnet-4-5", "max_tokens": 512, "system": sysb}
    trows = [
        {"ts": "2026-11-30T10:00:00Z", "session_id": "w", "body": dict(base, tools=TOOLS[:1], messages=t1)},
        {"ts": "2026-11-30T10:00:20Z", "session_id": "w", "body": dict(base, tools=TOOLS[:1] + [search], messages=t2)},
        {"ts": "2026-11-30T10:00:40Z", "session_id": "w", "body": dict(base, tools=TOOLS[:1] + [search], messages=t3)},
        {"ts": "2026-11-30T10:01:00Z", "session_id": "w", "body": dict(base, tools=TOOLS[:1] + [search], speed="fast", messages=t4)},
        {"ts": "2026-11-30T10:01:20Z", "session_id": "w", "body": dict(base, tools=TOOLS[:1] + [search], speed="fast", messages=t5)},
    ]
    write_jsonl("anthropic-toggles.jsonl", trows)

    # Images: history kept append-only with its image is silent; a request that adds an image
    # voids the messages cache.
    img = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": tiny_png(800, 600, 3000)}}
    h1 = [{"role": "user", "content": [img, cc({"type": "text", "text": "Is this lens damaged?"})]}]
    h2 = json.loads(json.dumps(h1))
    del h2[0]["content"][1]["cache_control"]
    h2 += [{"role": "assistant", "content": "The front element shows a crack."},
           {"role": "user", "content": [cc({"type": "text", "text": "Can I return it?"})]}]
    h3 = json.loads(json.dumps(h2))
    del h3[-1]["content"][0]["cache_control"]
    h3 += [{"role": "assistant", "content": "Yes, damaged items can be returned."},
           {"role": "user", "content": [img, cc({"type": "text", "text": "Here is the box too."})]}]
    irows = [{"ts": 1796031667 + 10 * i, "session_id": "img", "body": {"model": "claude-sonnet-4-5", "max_tokens": 256, "system": sysb, "messages": h}}
             for i, h in enumerate((h1, h2, h3))]
    write_jsonl("anthropic-images.jsonl", irows)

    # OpenAI: a changed prompt_cache_key is another cache (a miss); 24-hour retention keeps the
    # prefix over a two-hour gap.
    sysm = {"role": "system", "content": POLICY + "\n\n" + MANUAL}
    c1 = [sysm, {"role": "user", "content": "Does the X200 track birds?"}]
    c2 = c1 + [{"role": "assistant", "content": "Yes."}, {"role": "user", "content": "In low light?"}]
    c3 = c2 + [{"role": "assistant", "content": "Down to -6 EV."}, {"role": "user", "content": "Thanks."}]
    krows = [{"ts": "2026-11-30T09:41:07Z", "request": {"model": "gpt-5", "prompt_cache_key": "support-v1", "prompt_cache_retention": "24h", "messages": c1}},
             {"ts": "2026-11-30T11:41:07Z", "request": {"model": "gpt-5", "prompt_cache_key": "support-v1", "prompt_cache_retention": "24h", "messages": c2}},
             {"ts": "2026-11-30T11:42:00Z", "request": {"model": "gpt-5", "prompt_cache_key": "support-v2", "prompt_cache_retention": "24h", "messages": c3}}]
    write_jsonl("openai-cache-key.jsonl", krows)

    # A LiteLLM-style proxy log (OpenAI-format messages for a Claude model, startTime,
    # response.usage): the second request repeats the cached prefix but the provider read nothing.
    lsys = {"role": "system", "content": [{"type": "text", "text": LONG_POLICY, "cache_control": {"type": "ephemeral"}}]}
    l1 = [lsys, {"role": "user", "content": "Can I return a lens?"}]
    l2 = l1 + [{"role": "assistant", "content": "Yes, within 30 days."}, {"role": "user", "content": "And a flash?"}]
    def lrec(i, msgs, read, write_):
        return {"id": f"chatcmpl-{i}", "call_type": "acompletion", "model": "anthropic/claude-sonnet-4-5",
                "messages": msgs, "model_parameters": {"max_tokens": 256},
                "startTime": 1796031667.25 + 20 * i, "endTime": 1796031669.5 + 20 * i,
                "metadata": {"user_api_key_alias": "support-bot"},
                "response": {"id": f"msg_{i}", "usage": {"prompt_tokens": 2100, "completion_tokens": 40,
                                                          "cache_read_input_tokens": read, "cache_creation_input_tokens": write_}}}
    write_jsonl("litellm-log.jsonl", [lrec(0, l1, 0, 2050), lrec(1, l2, 0, 2050)])

    # OpenTelemetry GenAI spans exported as JSON: two conversations (session.id), attributes as
    # an object (Python's console exporter) and as OTLP key/value pairs; the second turn of
    # session "s1" reports cached tokens, the one of "s2" reports none.
    def span(i, sid, msgs, cached, otlp):
        attrs = {"gen_ai.operation.name": "chat", "gen_ai.provider.name": "openai",
                 "gen_ai.request.model": "gpt-4.1", "session.id": sid,
                 "gen_ai.input.messages": json.dumps([{"role": m["role"], "parts": [{"type": "text", "content": m["content"]}]} for m in msgs]),
                 "gen_ai.usage.input_tokens": 1900, "gen_ai.usage.output_tokens": 30,
                 "gen_ai.usage.cache_read.input_tokens": cached}
        if otlp:
            def val(v):
                return {"intValue": str(v)} if isinstance(v, int) else {"stringValue": v}
            return {"traceId": f"{i:032x}", "spanId": f"{i:016x}", "name": "chat gpt-4.1",
                    "startTimeUnixNano": str((1796031667 + 30 * i) * 10**9),
                    "attributes": [{"key": k, "value": val(v)} for k, v in attrs.items()]}
        return {"name": "chat gpt-4.1", "context": {"trace_id": f"0x{i:032x}", "span_id": f"0x{i:016x}"},
                "kind": "SpanKind.CLIENT", "start_time": f"2026-11-30T09:{41 + i}:07.000000Z",
                "attributes": attrs}
    s_sys = {"role": "system", "content": POLICY + "\n\n" + MANUAL}
    a1 = [s_sys, {"role": "user", "content": "Does the X200 track birds?"}]
    b1 = [s_sys, {"role": "user", "content": "Can I rent a flash?"}]
    a2 = a1 + [{"role": "assistant", "content": "Yes."}, {"role": "user", "content": "In low light?"}]
    b2 = b1 + [{"role": "assistant", "content": "Yes, by the day."}, {"role": "user", "content": "For a week?"}]
    write_jsonl("otel-spans.jsonl", [span(0, "s1", a1, 0, False), span(1, "s2", b1, 0, True),
                                    span(2, "s1", a2, 1792, False), span(3, "s2", b2, 0, True)])

    # Plain provider request/response pairs (OpenAI Responses with usage).
    r_in = [{"role": "user", "content": "Does the X200 track birds?"}]
    pairs = [{"request": {"model": "gpt-5-mini", "instructions": POLICY + "\n\n" + MANUAL, "input": r_in},
              "response": {"id": "resp_1", "usage": {"input_tokens": 1900, "input_tokens_details": {"cached_tokens": 0}, "output_tokens": 12}}},
             {"request": {"model": "gpt-5-mini", "instructions": POLICY + "\n\n" + MANUAL, "input": r_in + [{"role": "assistant", "content": "Yes."}, {"role": "user", "content": "In low light?"}]},
              "response": {"id": "resp_2", "usage": {"input_tokens": 1920, "input_tokens_details": {"cached_tokens": 1792}, "output_tokens": 14}}}]
    write_jsonl("request-response.jsonl", pairs)


if __name__ == "__main__":
    main()
    main_issue19()
