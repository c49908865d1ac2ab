#!/usr/bin/env python3
"""Writes the held-out lint fixtures in this folder (issue 37, point 5): LiteLLM records of an
Anthropic /v1/messages call with the system prompt and tools beside the messages, tools whose keys
are reordered between requests, and a model switched for one turn. The expected findings
(*.expected.json) are written by hand and checked by tests/test_lint_heldout.cpp; rerunning this
script must not change the fixtures (it is deterministic: a seeded generator, no clock)."""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- varied prose: a made-up bicycle workshop's handbook, each sentence built from its own
# pick of names, numbers and clauses (no word repeated to fill space) ----

FIRST = ["Ada", "Bruno", "Chiara", "Dmitri", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas",
         "Kalani", "Lucia", "Mateo", "Noor", "Oskar", "Priya", "Quentin", "Rosa", "Soren", "Tamsin"]
PARTS = ["chain", "cassette", "derailleur hanger", "brake caliper", "rotor", "bottom bracket",
         "headset", "hub bearing", "spoke nipple", "tubeless valve", "saddle rail", "seatpost clamp",
         "crank arm", "pedal axle", "shifter cable", "hydraulic hose", "rim tape", "tyre bead",
         "dropper lever", "thru-axle"]
BIKES = ["gravel bike", "folding commuter", "cargo trike", "road racer", "hardtail", "tandem",
         "touring frame", "fat bike", "track bike", "e-bike with a mid-drive motor",
         "children's balance bike", "recumbent", "cyclocross bike", "city bike with a hub gear"]
SYMPTOMS = ["clicks once per pedal stroke", "squeals in wet weather", "drifts out of true",
            "skips under load", "feels spongy at the lever", "creaks when climbing out of the saddle",
            "loses air overnight", "rubs on the frame in the lowest gear", "wobbles above 40 km/h",
            "rattles over cobbles", "shifts late on the way down the cassette",
            "drags after the wheel is refitted"]
ACTIONS = ["measure the wear with the gauge before quoting", "photograph it before any work starts",
           "write the torque value on the job card", "ask the rider when it first happened",
           "check the neighbouring parts for the same fault", "test ride it for one block afterwards",
           "clean the contact surfaces with isopropyl alcohol", "log the serial number in the ledger",
           "offer the old part back to the customer", "note the tyre pressure the rider prefers"]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
TOPICS = [
    ("Opening hours", "The workshop opens at half past eight and the counter closes at six; on "
     "Saturdays we close at two and take no new repairs after noon."),
    ("Quotes", "Every job starts with a written quote. Work above the quoted amount by more than "
     "fifteen percent needs the customer's approval by phone or message before we continue."),
    ("Storage", "Bikes collected more than thirty days after we call are moved to the back store; "
     "after ninety days we charge two euros a day for the space."),
    ("Warranty on labour", "Our labour is guaranteed for six months. A part the customer brought "
     "in is fitted at their risk, and we say so on the receipt."),
    ("Safety", "Never hand back a bike whose brakes were touched without a lever-pull test and a "
     "short stop from walking pace in the yard."),
    ("Electric bikes", "Batteries are removed before any work on the frame, stored in the fire "
     "cabinet and never charged overnight in the building."),
    ("Payments", "We take cards, bank transfer and cash up to two hundred euros; deposits for "
     "ordered parts are a third of their price and are refunded if the supplier cancels."),
    ("Loan bikes", "A regular customer whose repair takes longer than three days can borrow one of "
     "the four loan bikes; the loan agreement needs a photo of an identity card."),
]


def handbook(target_words, seed):
    rnd = random.Random(seed)
    out = ["You are the assistant at the counter of Spoke & Sprocket, a bicycle repair workshop. "
           "Answer the staff and the customers from this handbook only; when it does not say, "
           "tell them to ask the workshop lead."]
    for title, text in TOPICS:
        out.append(f"{title}. {text}")
    case = 0
    while sum(len(p.split()) for p in out) < target_words:
        case += 1
        who = rnd.choice(FIRST)
        bike = rnd.choice(BIKES)
        part = rnd.choice(PARTS)
        symptom = rnd.choice(SYMPTOMS)
        action = rnd.choice(ACTIONS)
        day = rnd.choice(DAYS)
        minutes = rnd.randrange(10, 95, 5)
        price = rnd.randrange(8, 140)
        km = rnd.randrange(300, 9000, 50)
        out.append(
            f"Case {case}: a {bike} whose {part} {symptom}. {who} handled a similar one last "
            f"{day}; the usual fix takes about {minutes} minutes and the part costs {price} euros. "
            f"If the rider has done more than {km} km since the last service, {action}.")
    return "\n\n".join(out)


def write_jsonl(name, rows):
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def tool(i):
    noun = PARTS[i % len(PARTS)].replace(" ", "_").replace("-", "_")
    return {"name": f"t{i:02d}_check_{noun}",
            "description": f"Record the inspection of the {PARTS[i % len(PARTS)]} on a job card "
                           f"and return the wear grade (tool {i + 1} of the workshop kit).",
            "input_schema": {"type": "object",
                             "properties": {"job_id": {"type": "string"},
                                            "grade": {"type": "integer", "minimum": 0, "maximum": 5}},
                             "required": ["job_id"]}}


def reordered(t):
    # The same tool, its keys serialised in another order (a dict built in another order).
    return {"input_schema": t["input_schema"], "description": t["description"], "name": t["name"]}


def litellm_logs():
    system_text = handbook(2450, 37)
    tools = [tool(i) for i in range(4)]
    tools[-1] = dict(tools[-1], cache_control={"type": "ephemeral"})
    system = [{"type": "text", "text": system_text, "cache_control": {"type": "ephemeral"}}]
    questions = ["My gravel bike's chain skips under load, can you look today?",
                 "How long do you keep a bike after calling me?",
                 "Can I borrow a loan bike while the tandem is in?"]
    start = 1796031667.25  # 2026-12-01T09:41:07.25Z

    def record(i, where):
        # One conversation: each record repeats the turns before it (Anthropic's format).
        msgs = []
        for k in range(i + 1):
            msgs.append({"role": "user", "content": [{"type": "text", "text": questions[k]}]})
            if k < i:
                msgs.append({"role": "assistant",
                             "content": [{"type": "text", "text": f"Noted ({k + 1})."}]})
        rec = {"id": f"litellm-{i}", "call_type": "anthropic_messages",
               "model": "claude-sonnet-4-5", "messages": msgs,
               "startTime": start + 540 * i, "endTime": start + 540 * i + 2.5,
               "metadata": {"user_api_key_alias": "workshop-counter"},
               "litellm_params": {"custom_llm_provider": "anthropic"}}
        params = {"max_tokens": 512, "system": system, "tools": tools}
        if where == "top":
            rec.update({"system": system, "tools": tools})
            rec["optional_params"] = {"max_tokens": 512}
        elif where == "model_parameters":
            rec["model_parameters"] = params
        else:  # a custom callback's kwargs
            rec["kwargs"] = {"optional_params": params}
        rec["response"] = {"id": f"msg_{i}", "type": "message",
                           "usage": {"input_tokens": 20, "output_tokens": 60,
                                     "cache_creation_input_tokens": 3300,
                                     "cache_read_input_tokens": 0}}
        return rec

    write_jsonl("litellm-anthropic-top.jsonl", [record(i, "top") for i in range(3)])
    write_jsonl("litellm-anthropic-params.jsonl",
                [record(0, "model_parameters"), record(1, "model_parameters")])
    write_jsonl("litellm-anthropic-kwargs.jsonl", [record(0, "kwargs"), record(1, "kwargs")])


def tool_logs():
    system = [{"type": "text", "text": handbook(1400, 5), "cache_control": {"type": "ephemeral"}}]
    base = [tool(i) for i in range(20)]
    turns = ["Grade the chain on job 118.", "Now the cassette.", "And the rotor, please.",
             "Check the headset too.", "Last one: the hub bearing."]

    def request(i, tools, ts):
        msgs = []
        for k in range(i + 1):
            msgs.append({"role": "user", "content": turns[k]})
            if k < i:
                msgs.append({"role": "assistant", "content": f"Done: grade {k + 2}."})
        return {"ts": ts, "session_id": "bench-3",
                "body": {"model": "claude-sonnet-4-5", "max_tokens": 256, "system": system,
                         "tools": tools, "messages": msgs}}

    # One tool (the 6th of 20) reordered from the second request on.
    swapped = list(base)
    swapped[5] = reordered(base[5])
    write_jsonl("tools-reordered-20.jsonl",
                [request(0, base, 1796031667), request(1, swapped, 1796031697),
                 request(2, swapped, 1796031727)])

    # A serializer upgrade: every tool from the 6th on has its keys in another order.
    upgraded = base[:5] + [reordered(t) for t in base[5:]]
    write_jsonl("tools-upgrade-20.jsonl",
                [request(0, base, 1796031667), request(1, upgraded, 1796031697),
                 request(2, upgraded, 1796031727)])

    # Two causes: the 3rd tool's keys reordered at request 2, the 8th tool's description
    # changed at request 4.
    second = list(base)
    second[2] = reordered(base[2])
    fourth = list(second)
    fourth[7] = dict(base[7], description=base[7]["description"] + " Use it after a crash too.")
    write_jsonl("tools-two-causes.jsonl",
                [request(0, base, 1796031667), request(1, second, 1796031697),
                 request(2, second, 1796031727), request(3, fourth, 1796031757),
                 request(4, fourth, 1796031787)])


def model_switch_log():
    system = [{"type": "text", "text": handbook(1600, 11), "cache_control": {"type": "ephemeral"}}]
    turns = ["Is the cargo trike ready?", "What did you replace?", "Summarise it in one line.",
             "And what do I owe you?"]
    models = ["claude-sonnet-4-5", "claude-sonnet-4-5", "claude-opus-4-1", "claude-sonnet-4-5"]
    rows = []
    for i, model in enumerate(models):
        msgs = []
        for k in range(i + 1):
            msgs.append({"role": "user", "content": turns[k]})
            if k < i:
                msgs.append({"role": "assistant", "content": f"Answer {k + 1}."})
        rows.append({"ts": 1796031667 + 60 * i, "session_id": "counter-9",
                     "body": {"model": model, "max_tokens": 256, "system": system,
                              "messages": msgs}})
    write_jsonl("model-switch.jsonl", rows)


if __name__ == "__main__":
    litellm_logs()
    tool_logs()
    model_switch_log()
