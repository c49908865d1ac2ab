// The reference side of test_chat_templates: requests rendered through the model families' real
// chat templates by @huggingface/jinja, a Jinja implementation that has nothing to do with
// PrefixLens's renderer (engine/prompt/chat_format.cpp), which the test holds to these texts.
//
//   node render_reference.mjs JINJA_DIR < jobs.json > renders.json
//
// JINJA_DIR: @huggingface/jinja as tools/tokenizers/fetch.sh installs it (package.json and
// dist/index.js). jobs.json: an array of
//   {"id", "chat_template", "bos_token", "eos_token", "request",
//    "date_string" (optional), "add_generation_prompt" (optional, default true)}
// where `request` is the body of an Anthropic Messages request, as PrefixLens takes it. The
// output maps each id to {"text": the rendered prompt} or {"error": why the template refused}.
// Exit status 2: the arguments, the input or the library were unusable.
//
// A request reaches a template in the OpenAI chat shape that an OpenAI-compatible server (vLLM,
// SGLang) receives. toChat() below writes that shape from the mapping chat_format.h states,
// not from PrefixLens's code:
//   system (a string, or text blocks joined)        -> {"role": "system", "content"}
//   a message whose content is a string             -> {"role", "content"}
//   text blocks of a message                        -> one message, their texts joined
//   tool_use blocks (assistant)                     -> its tool_calls, in order, with the
//                                                      input object as `arguments`
//   a tool_result block (user)                      -> ends the message so far; then
//                                                      {"role": "tool", "content": its text}
//   tools                                           -> {"type": "function", "function":
//                                                      {"name", "description", "parameters"}}

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function die(message) {
  process.stderr.write(`render_reference: ${message}\n`);
  process.exit(2);
}

// A string, or an array of text blocks, as one string.
function textOf(content, where) {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) throw new Error(`${where}: expected a string or text blocks`);
  return content
    .map((block, k) => {
      if (block?.type !== "text" || typeof block.text !== "string")
        throw new Error(`${where}/${k}: expected a text block`);
      return block.text;
    })
    .join("");
}

function toChat(request) {
  const messages = [];
  if (request.system !== undefined && request.system !== null)
    messages.push({ role: "system", content: textOf(request.system, "/system") });
  (request.messages ?? []).forEach((message, i) => {
    const where = `/messages/${i}`;
    if (typeof message.content === "string") {
      messages.push({ role: message.role, content: message.content });
      return;
    }
    let texts = [];
    let calls = [];
    const flush = () => {
      if (texts.length === 0 && calls.length === 0) return;
      const out = { role: message.role, content: texts.join("") };
      if (calls.length > 0) out.tool_calls = calls;
      messages.push(out);
      texts = [];
      calls = [];
    };
    message.content.forEach((block, k) => {
      if (block.type === "text") {
        texts.push(block.text);
      } else if (block.type === "tool_use") {
        calls.push({
          id: block.id,
          type: "function",
          function: { name: block.name, arguments: block.input ?? {} },
        });
      } else if (block.type === "tool_result") {
        flush();
        messages.push({
          role: "tool",
          tool_call_id: block.tool_use_id,
          content: textOf(block.content, `${where}/content/${k}/content`),
        });
      } else {
        throw new Error(`${where}/content/${k}: no place for a ${block.type} block`);
      }
    });
    flush();
  });
  const tools = request.tools
    ? request.tools.map((tool) => {
        const fn = { name: tool.name };
        if (tool.description !== undefined) fn.description = tool.description;
        fn.parameters = tool.input_schema ?? {};
        return { type: "function", function: fn };
      })
    : null;
  return { messages, tools };
}

if (process.argv.length !== 3) die("usage: node render_reference.mjs JINJA_DIR < jobs.json");
const library = path.join(process.argv[2], "dist", "index.js");
if (!fs.existsSync(library)) die(`${library} missing: run tools/tokenizers/fetch.sh`);
const { Template } = await import(pathToFileURL(library).href);

let jobs;
try {
  jobs = JSON.parse(fs.readFileSync(0, "utf8"));
} catch (e) {
  die(`stdin: ${e.message}`);
}
if (!Array.isArray(jobs)) die("stdin: expected an array of jobs");

const renders = {};
for (const job of jobs) {
  try {
    const { messages, tools } = toChat(job.request);
    // What transformers' apply_chat_template (and so vLLM) puts in the template's context.
    const context = {
      messages,
      tools,
      bos_token: job.bos_token ?? "",
      eos_token: job.eos_token ?? "",
      add_generation_prompt: job.add_generation_prompt ?? true,
    };
    if (job.date_string) context.date_string = job.date_string;
    renders[job.id] = { text: new Template(job.chat_template).render(context) };
  } catch (e) {
    renders[job.id] = { error: String(e?.message ?? e) };
  }
}
process.stdout.write(JSON.stringify(renders));
