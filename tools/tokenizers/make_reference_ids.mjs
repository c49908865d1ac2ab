// Writes tests/data/tokenizer_refs/: the token ids that independent tokenizer
// implementations give for a fixed list of texts, so that PrefixLens's own
// tokenizers can be held to them. PrefixLens itself takes no part in this.
//
// A developer's tool, not run by CI. It installs nothing; put its
// dependencies in a scratch folder outside the repository first:
//
//   npm install --prefix /tmp/plrefs tiktoken@1.0.22 @huggingface/tokenizers@0.2.0
//
// and have tools/tokenizers/fetch.sh install the tokenizer data. Then, from
// the repository root:
//
//   node tools/tokenizers/make_reference_ids.mjs --prefix /tmp/plrefs
//
// (NODE_PATH=/tmp/plrefs/node_modules works in place of --prefix.)
//
// Options:
//   --prefix DIR    where the dependencies were installed (npm's --prefix)
//   --data DIR      the tokenizer data (default: <repo>/assets/tokenizers)
//   --out DIR       where to write (default: <repo>/tests/data/tokenizer_refs)
//   --cross-check DIR
//                   also encode every text with a second implementation and
//                   report where it differs: the Rust `tokenizers` crate
//                   (through @anush008/tokenizers) for the Hugging Face
//                   tokenizers, js-tiktoken for the tiktoken ones. Install
//                   them into DIR first:
//                     npm install --prefix /tmp/plcheck @anush008/tokenizers@0.6.0 js-tiktoken@1.0.21
//                   A difference from the Rust crate fails the run; one from
//                   js-tiktoken is only reported (see README.md there).
//
// Writes texts.json (the texts, built here deterministically) and, per
// tokenizer, NAME.json = {"tokenizer", "reference", "source", "ids"} with
// ids[i] the ids of texts[i]:
//   o200k_base, cl100k_base     tiktoken@1.0.22 (OpenAI's tiktoken compiled to
//                               WASM), encode_ordinary: text that looks like a
//                               special token is ordinary text. The ranks it
//                               bundles are checked to be the ones in --data.
//   deepseek-v3, gemma3, qwen3, llama3_1
//                               @huggingface/tokenizers@0.2.0 on --data's
//                               tokenizer.json and tokenizer_config.json,
//                               add_special_tokens: false (no BOS, no template),
//                               added tokens matched as the library does.

import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, "..", "..");

// ---- options ----------------------------------------------------------------

function parseArgs(argv) {
  const opts = {
    prefix: null,
    data: path.join(repo, "assets", "tokenizers"),
    out: path.join(repo, "tests", "data", "tokenizer_refs"),
    crossCheck: null,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) die(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--prefix") opts.prefix = path.resolve(value());
    else if (a === "--data") opts.data = path.resolve(value());
    else if (a === "--out") opts.out = path.resolve(value());
    else if (a === "--cross-check") opts.crossCheck = path.resolve(value());
    else if (a === "-h" || a === "--help") {
      const head = fs.readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n");
      const end = head.findIndex((l) => !l.startsWith("//"));
      console.log(head.slice(0, end).map((l) => l.slice(3)).join("\n"));
      process.exit(0);
    } else die(`unknown argument ${a}`);
  }
  return opts;
}

function die(msg) {
  console.error(`make_reference_ids: ${msg}`);
  process.exit(1);
}

// Packages are loaded through require(), which honours NODE_PATH; --prefix
// names an npm prefix, whose node_modules is searched first.
function loader(prefix) {
  const base = prefix ? path.join(prefix, "noop.js") : fileURLToPath(import.meta.url);
  const req = createRequire(base);
  const load = (name) => {
    try {
      return req(name);
    } catch (e) {
      die(`cannot load ${name} (${e.code || e.message}); install it as the head of this file says`);
    }
  };
  // A package's version, from the package.json above its entry point (most
  // packages do not export their package.json).
  load.version = (name) => {
    let dir;
    try {
      dir = path.dirname(req.resolve(name));
    } catch (e) {
      die(`cannot find ${name} (${e.code || e.message}); install it as the head of this file says`);
    }
    for (;;) {
      const file = path.join(dir, "package.json");
      if (fs.existsSync(file)) {
        const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
        if (pkg.name === name) return pkg.version;
      }
      const up = path.dirname(dir);
      if (up === dir) die(`cannot find the package.json of ${name}`);
      dir = up;
    }
  };
  return load;
}

function packageVersion(load, name) {
  return load.version(name);
}

// ---- the texts --------------------------------------------------------------

// A small deterministic generator (mulberry32), so texts.json is the same on
// every run and every machine.
function rng(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo, hi) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = (arr) => arr[Math.floor(next() * arr.length)];
  return { next, int, pick };
}

const PROSE = [
  "A prompt cache keeps the work a model has already done on the opening of a request, so that the next request which begins with the same bytes can start where the last one stopped. The saving is real only while the opening stays identical: one changed character near the top, and everything after it is computed again.",
  "That is why the order of the parts matters so much. Instructions that never change belong at the front, the tools after them, the long reference documents after those, and the things that move on every turn (the time of day, the user's latest message, a counter) at the very end.",
  "Teams usually find this out the hard way. Somebody adds a timestamp to the system prompt to help with debugging, the hit rate falls from ninety percent to almost nothing, and the bill for the month doubles before anyone connects the two events.",
  "Counting tokens is the first step towards seeing any of this. Each provider splits text in its own way: one tokenizer keeps runs of spaces together, another turns every digit into a token of its own, a third treats Chinese characters one by one while merging whole English words.",
  "On a grey morning in late autumn the harbour was almost empty. Two fishing boats rocked against the pier, a gull walked along the railing as if it owned the place, and somewhere behind the warehouses a radio was playing an old song that nobody seemed to be listening to.",
  "She had kept the letters for thirty-one years in a tin box under the stairs. None of them had ever been answered; most had never been sent. When she finally opened the box, the paper smelled of dust and lavender, and the ink had faded to the colour of weak tea.",
  "The recipe asks for 250 g of flour, 3 eggs, 1.5 cups of milk and a pinch of salt. Whisk everything until smooth, let the batter rest for 20 minutes, then fry thin pancakes in a hot pan, about 45 seconds on each side.",
  "Measurements taken between 2019 and 2023 show an average of 1,284.75 requests per second, with peaks of 12,500 during the evening hours and a 99th-percentile latency of 340 ms; the median stayed below 85 ms throughout.",
];

const PYTHON = [
  "import json",
  "from dataclasses import dataclass, field",
  "",
  "",
  "@dataclass",
  "class Segment:",
  "    text: str",
  "    cacheable: bool = True",
  "    tags: list[str] = field(default_factory=list)",
  "",
  "    def tokens(self, tokenizer) -> int:",
  "        \"\"\"Return how many tokens this segment costs.\"\"\"",
  "        if not self.text:",
  "            return 0",
  "        return len(tokenizer.encode(self.text))",
  "",
  "",
  "def load(path):",
  "    with open(path, encoding=\"utf-8\") as f:",
  "        for lineno, line in enumerate(f, 1):",
  "            line = line.rstrip(\"\\n\")",
  "            if not line or line.startswith(\"#\"):",
  "                continue",
  "            try:",
  "                yield Segment(**json.loads(line))",
  "            except (ValueError, TypeError) as e:",
  "                raise SystemExit(f\"{path}:{lineno}: {e}\")",
  "",
];

const CPP = [
  "#include <cstdint>",
  "#include <string_view>",
  "#include <vector>",
  "",
  "namespace prefixlens {",
  "",
  "template <typename T>",
  "struct Span {",
  "\tconst T* data = nullptr;",
  "\tstd::size_t size = 0;",
  "};",
  "",
  "// Returns the length of the common prefix of a and b, in bytes.",
  "inline std::size_t common_prefix(std::string_view a, std::string_view b) noexcept {",
  "\tstd::size_t n = 0;",
  "\twhile (n < a.size() && n < b.size() && a[n] == b[n]) {",
  "\t\t++n;",
  "\t}",
  "\treturn n;",
  "}",
  "",
  "}  // namespace prefixlens",
  "",
];

const SHELL = [
  "#!/usr/bin/env bash",
  "set -euo pipefail",
  "",
  "for f in \"$@\"; do",
  "    if [[ -f \"$f\" ]]; then",
  "        echo \"==> $f ($(wc -c < \"$f\") bytes)\"",
  "        grep -n 'TODO' \"$f\" || true",
  "    fi",
  "done 2>&1 | tee /tmp/log.txt",
  "",
];

const JSON_DOC = [
  "{",
  "  \"model\": \"example-large-2025\",",
  "  \"max_tokens\": 1024,",
  "  \"temperature\": 0.7,",
  "  \"messages\": [",
  "    {",
  "      \"role\": \"system\",",
  "      \"content\": \"You are a helpful assistant.\\nAnswer briefly.\"",
  "    },",
  "    {\"role\": \"user\", \"content\": \"What's 2+2?\"}",
  "  ],",
  "  \"tools\": [],",
  "  \"metadata\": {\"user_id\": \"u-000123\", \"ratio\": 1.0e-3, \"ok\": true, \"none\": null}",
  "}",
];

function handWritten() {
  const t = [];
  // The empty string and single characters.
  t.push("");
  for (const c of ["a", "Z", "0", "9", " ", "\t", "\n", "\r", ".", "'", "\"", "<", "é", "ł", "Ż", "日", "の", "한", "😀", "\u200d", "\u0301", "\u00a0", "\u3000", "\ufeff", "\ufffd", "\u{1d518}", "\u{20000}", "\ue000"]) {
    t.push(c);
  }

  // Source code.
  t.push(PYTHON.join("\n"));
  t.push(CPP.join("\n"));
  t.push(SHELL.join("\n"));
  t.push(JSON_DOC.join("\n"));
  t.push("def f(x):\n\tif x:\n\t\treturn x\n\treturn None\n");
  t.push("    return 1\n        return 2\n            return 3\n                return 4\n");
  t.push("if (a &&\n \t b) {  \t\n\t  c();\n}\n");
  t.push("int main(){std::vector<int>v{1,2,3};for(auto&x:v)x*=2;return v[0]!=2;}");
  t.push("{\"a\":[1,2,{\"b\":null}],\"c\":\"\\u00e9\\n\",\"d\":-0.5e+10}");
  t.push("limits = {\n    'tokens':      4096,\n    'ttl_seconds': 300,\n    'tier':        \"ephemeral\",\n}\n");
  t.push("all:\n\t$(CC) -O2 -o $@ $^ $(LDFLAGS)\n\n.PHONY: all\n");
  t.push("SELECT id, name FROM users WHERE created_at >= '2024-01-01' ORDER BY id DESC LIMIT 10;");
  t.push("<div class=\"row\"><span id=\"x\">&nbsp;&amp;&lt;</span></div>");
  t.push("// comment\n/* block\n * comment */\n#define MAX(a, b) ((a) > (b) ? (a) : (b))\n");
  t.push("foo_bar_baz fooBarBaz FooBarBaz FOO_BAR_BAZ foo-bar-baz foo.bar.baz");
  t.push("https://example.com/path/to/page?query=1&lang=pl#section-2");
  t.push("C:\\Users\\name\\Documents\\file.txt /usr/local/lib/python3.11/site-packages/");

  // Japanese, Chinese, Korean.
  t.push("日本語のテキストを正しく数えることは、思ったより難しい。");
  t.push("東京都渋谷区、カタカナ、ひらがな、漢字。ｶﾀｶﾅ（半角）もある。");
  t.push("今日は良い天気ですね！「こんにちは」と言いました。");
  t.push("提示词缓存可以显著降低延迟和成本。");
  t.push("繁體中文與简体中文並不相同，標點符號也有差異：「」『』。");
  t.push("안녕하세요. 한국어 텍스트의 토큰 수를 셉니다.");
  t.push("서울특별시 강남구 테헤란로 123, 3층");
  t.push("中文English混合テキスト한국어123");
  t.push("龦龧 𠀀𠀁 𪚥 (outside the basic CJK block)");

  // Polish.
  t.push("Zażółć gęślą jaźń.");
  t.push("ZAŻÓŁĆ GĘŚLĄ JAŹŃ.");
  t.push("Pchnąć w tę łódź jeża lub ośm skrzyń fig.");
  t.push("ąćęłńóśźż ĄĆĘŁŃÓŚŹŻ");
  t.push("Łódź, Gdańsk, Kraków, Wrocław, Poznań, Białystok, Bielsko-Biała, Świętochłowice");
  t.push("Źdźbło trawy; ĆMA; Żółw; łóżko; ŁÓŻKO; książę; KSIĄŻĘ");

  // Emoji.
  t.push("👨‍👩‍👧‍👦 family, 👩🏽‍💻 coder, 🧑🏿‍🚀 astronaut");
  t.push("👍👍🏻👍🏼👍🏽👍🏾👍🏿");
  t.push("🇵🇱🇯🇵🇰🇷🇨🇳🇺🇸🇪🇺 flags");
  t.push("🏳️‍🌈 🏴‍☠️ 🏴󠁧󠁢󠁳󠁣󠁴󠁿 ❤️ ❤ 1️⃣ #️⃣ ©️");
  t.push("😀😃😄😁😆😅🤣😂🙂🙃😉😊😇");
  t.push("Great job!!! 🎉🎉🎉 See you tomorrow 👋");

  // Numbers.
  t.push("1234567890123456789012345678901234567890");
  t.push("3.14159265358979323846264338327950288");
  t.push("1,234,567.89 and 1.234.567,89 and 1 234 567,89 and 1\u00a0234\u00a0567");
  t.push("0.5 .5 5. -42 +7 1e10 6.022e23 1E-9 0x1F600 0b1011 0o777");
  t.push("2024-01-15T12:34:56.789Z 12:00 1/2 3/4 99% $1,000,000.00 €12,50");
  t.push("١٢٣٤٥ ۱۲۳ १२३ １２３４５ ²³ ½");
  t.push("12 123 1234 12345 123456 1234567");
  t.push("v1.2.3-rc.4+build.567 IPv4 192.168.0.1 port 8080");

  // Whitespace.
  t.push("   ");
  t.push("\t\t\t");
  t.push("\n\n\n");
  t.push("\r\n\r\n");
  t.push("line one\r\nline two\r\n");
  t.push("trailing spaces   ");
  t.push("trailing spaces and newline   \n");
  t.push("  leading two");
  t.push("a\u00a0b\u00a0\u00a0c");
  t.push("全角\u3000スペース\u3000\u3000です");
  t.push("thin\u2009space, en\u2002space, em\u2003space, narrow\u202fnbsp");
  t.push("a \n b \n\n c \n\n\n d");
  t.push(" \t \t\n\t \n");
  t.push("word\n\n\n\n\n\n\n\nword");
  t.push("\v\f vertical tab and form feed");
  t.push("line\u2028separator\u2029paragraph\u0085next");
  t.push(" ".repeat(64) + "x");
  t.push("\t".repeat(40) + "x");

  // Contractions in all cases.
  t.push("'s 'S 't 'T 're 'RE 'Re 'rE 've 'VE 'Ve 'vE 'm 'M 'll 'LL 'Ll 'lL 'd 'D");
  t.push("I'm you're he's she'll we'd they've can't won't it's");
  t.push("I'M YOU'RE HE'S SHE'LL WE'D THEY'VE CAN'T WON'T IT'S");
  t.push("I'M you'Re He'S she'lL We'D they'Ve");
  t.push("it's it’s it`s it''s 'tis rock 'n' roll");
  t.push("it'ſ IT'ſ 'ſomething the long s in ſtreet");
  t.push("don't DON'T Don'T dOn't");

  // Text that looks like special tokens.
  t.push("<|endoftext|>");
  t.push("<|endoftext|><|endoftext|>");
  t.push("a<|endoftext|>b");
  t.push("<|im_start|>system\nYou are helpful.<|im_end|>\n<|im_start|>user\nHi<|im_end|>");
  t.push("<bos><start_of_turn>user\nHello<end_of_turn>\n<start_of_turn>model\n");
  t.push("<｜begin▁of▁sentence｜>Hi<｜end▁of▁sentence｜>");
  t.push("<|begin_of_text|><|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>");
  t.push("<|fim_prefix|>def f(<|fim_suffix|>)<|fim_middle|>");
  t.push("<think>\nreasoning\n</think>\n<tool_call>{}</tool_call>");
  t.push("<|endofprompt|> <|reserved_special_token_5|> <unk> <pad> <mask> <eos> [multimodal] <unused0>");
  t.push("<table><tr><td>1</td></tr></table> <start_of_image> <image_soft_token>");
  t.push("< |endoftext| > <|endoftext| <endoftext|> <|ENDOFTEXT|>");
  t.push("[INST] hi [/INST] <s> </s> <<SYS>>");

  // Mixed scripts.
  t.push("Hello мир 世界 مرحبا שלום नमस्ते Γειά σου");
  t.push("Zażółć 日本 Привет 😀 123 'll \t done");
  t.push("ภาษาไทยไม่มีช่องว่างระหว่างคำ");
  t.push("العربية تُكتب من اليمين إلى اليسار 123 مع أرقام");
  t.push("हिन्दी में संयुक्ताक्षर: क्ष त्र ज्ञ");
  t.push("Ελληνικά ΚΕΦΑΛΑΙΑ και πεζά· ερωτηματικό;");
  t.push("Русский текст с ЗАГЛАВНЫМИ буквами и ёлкой.");
  t.push("café CAFÉ naïve Ñandú Straße STRASSE ǅ ǈ ǋ");

  // Combining marks and other valid but odd-looking text.
  t.push("e\u0301 versus \u00e9");
  t.push("a\u0308\u0304 o\u0302\u0323 n\u0303");
  t.push("Z\u0337\u0322a\u0338\u0317l\u0335\u031fg\u0336\u0353o\u0334\u0339");
  t.push("\u1100\u1161\u11a8 (conjoining jamo) vs 각");
  t.push("\u212b \u00c5 \u2126 \u03a9 \ufb01 \u0041\u030a");
  t.push("lone\u200djoiner and\u200cnon-joiner\u200band zero width");
  t.push("\u200d\u200d\u200d");
  t.push("\ufe0f\ufe0e variation selectors alone");
  t.push("soft\u00adhyphen \u200eLRM\u200f RLM \u2066isolate\u2069");
  t.push("\ufeffBOM at the start");
  t.push("replacement \ufffd char and private \ue000\uf8ff use");
  t.push("\u{1d518}\u{1d52b}\u{1d526}\u{1d520}\u{1d52c}\u{1d521}\u{1d522} math fraktur");
  t.push("\u0301\u0301 combining marks with nothing to combine with");

  // Where regular-expression engines disagree about \s: JavaScript counts
  // U+FEFF as white space and U+0085 as not; Unicode's White_Space property
  // (Rust's regex, Oniguruma) says the opposite.
  t.push("\ufeff!");
  t.push("a \ufeff. b\ufeff\ufeff\ufeffc end\ufeff");
  t.push("a\u0085b x\u0085\u0085! tab\t\u0085\n");
  t.push("\u0085\u0085 \u0085");
  t.push("ogham\u1680space mongolian\u180evowel\u180eseparator");
  // Characters from recent Unicode versions (CJK extensions H and I, Kawi, Garay).
  t.push("\u{31350}\u{31351} \u{2ebf0}\u{2ebf1} \u{11f00}\u{11f04} \u{10d50}\u{10d51}");

  // Long texts.
  t.push(PROSE.join("\n\n"));
  t.push(PROSE.join(" ").repeat(2));
  t.push([PYTHON.join("\n"), CPP.join("\n"), SHELL.join("\n"), JSON_DOC.join("\n")].join("\n\n").repeat(2));
  t.push([
    PROSE[0],
    "Zażółć gęślą jaźń. Pchnąć w tę łódź jeża lub ośm skrzyń fig. ".repeat(6),
    "日本語のテキストを正しく数えることは、思ったより難しい。".repeat(8),
    "提示词缓存可以显著降低延迟和成本。".repeat(8),
    "안녕하세요. 한국어 텍스트의 토큰 수를 셉니다. ".repeat(8),
    PROSE[3],
  ].join("\n\n"));
  return t;
}

const POOLS = {
  en: ["the", "The", "THE", "cache", "prompt", "tokens", "Hello", "WORLD", "request", "model", "is", "a", "of", "and", "lint", "prefix", "stable", "x", "I"],
  pl: ["zażółć", "gęślą", "jaźń", "Łódź", "ŻÓŁW", "źdźbło", "Świętokrzyskie", "pięćdziesiąt", "książka", "ĆMA", "Ósemka", "pośród", "ŹRÓDŁO"],
  ja: ["東京", "ひらがな", "カタカナ", "漢字", "日本語", "です", "ありがとう", "ｶﾀｶﾅ", "。", "、", "「引用」"],
  zh: ["中文", "你好", "世界", "缓存", "提示词", "繁體字", "，", "：", "模型"],
  ko: ["한국어", "안녕하세요", "토큰", "캐시", "입니다", "서울"],
  other: ["Привет", "мир", "Γειά", "مرحبا", "שלום", "नमस्ते", "ภาษาไทย", "Straße", "naïve", "ǅ"],
  emoji: ["😀", "👍🏽", "👨‍👩‍👧‍👦", "🇵🇱", "🇯🇵", "🏳️‍🌈", "❤️", "1️⃣", "🧑🏿‍🚀", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🎉", "👩🏻‍🔬"],
  ws: [" ", " ", " ", "  ", "   ", "    ", "\t", "\t\t", "\n", "\n\n", "\n\n\n", "\r\n", "\u00a0", "\u3000", " \n", "   \n", "\n  ", "\t\n"],
  punct: [".", ",", "!", "?", "...", "—", "–", "(", ")", "{", "}", "[", "]", "\"", "'", "`", "::", "->", "=>", "!==", "//", "/*", "*/", "#", "$", "%", "&&", "||", "…", "«", "»", "„", "”"],
  contractions: ["'s", "'S", "'t", "'T", "'re", "'RE", "'Re", "'rE", "'ve", "'VE", "'m", "'M", "'ll", "'LL", "'Ll", "'lL", "'d", "'D", "'ſ"],
  specials: ["<|endoftext|>", "<|im_start|>", "<|im_end|>", "<bos>", "<eos>", "<start_of_turn>", "<end_of_turn>", "<｜begin▁of▁sentence｜>", "<｜end▁of▁sentence｜>", "<|begin_of_text|>", "<|eot_id|>", "<|fim_prefix|>", "<think>", "</think>", "<tool_call>", "<table>", "<unk>", "<pad>", "<mask>", "[multimodal]", "<unused0>", "<|endofprompt|>"],
  odd: ["e\u0301", "a\u0308", "n\u0303", "\u1100\u1161", "\u0915\u094d\u0937", "\u200d", "\u200c", "\ufe0f", "\u00ad", "\u200b", "\u2028", "\u0085", "\u{1d518}", "\u{20000}", "\u212b", "\ufffd"],
  code: ["def ", "return ", "if (x) {", "}", "#include <vector>", "std::", "self.", "\"key\": ", "0x1F", "$HOME", "echo \"$@\"", "=>", "// ", "i++", "x == y", "None", "nullptr", "fn main()", "</div>"],
};

function number(r) {
  switch (r.int(0, 5)) {
    case 0: {
      let s = String(r.int(1, 9));
      const n = r.int(0, 39);
      for (let i = 0; i < n; i++) s += String(r.int(0, 9));
      return s;
    }
    case 1:
      return `${r.int(0, 99999)}.${String(r.int(0, 999999)).padStart(r.int(1, 6), "0")}`;
    case 2: {
      const groups = [String(r.int(1, 999))];
      const n = r.int(1, 4);
      for (let i = 0; i < n; i++) groups.push(String(r.int(0, 999)).padStart(3, "0"));
      const sep = r.pick([",", ".", " ", "\u00a0", "'", "_"]);
      return groups.join(sep);
    }
    case 3:
      return `${r.pick(["-", "+", ""])}${r.int(0, 9)}.${r.int(0, 99)}e${r.pick(["-", "+", ""])}${r.int(0, 30)}`;
    case 4:
      return String(r.int(0, 9)).repeat(r.int(1, 12));
    default:
      return `${r.int(1, 31)}/${r.int(1, 12)}/${r.int(1900, 2099)}`;
  }
}

function generated(count, seed) {
  const r = rng(seed);
  const all = Object.keys(POOLS);
  const out = [];
  for (let k = 0; k < count; k++) {
    const kind = k % 6;
    let s = "";
    if (kind === 0) {
      // Anything next to anything.
      const n = r.int(1, 40);
      for (let i = 0; i < n; i++) {
        s += r.next() < 0.15 ? number(r) : r.pick(POOLS[r.pick(all)]);
      }
    } else if (kind === 1) {
      // One script, ordinary spacing, some capitals and punctuation.
      const pool = POOLS[r.pick(["en", "pl", "ja", "zh", "ko", "other"])];
      const n = r.int(2, 30);
      for (let i = 0; i < n; i++) {
        let w = r.pick(pool);
        if (r.next() < 0.15) w = w.toUpperCase();
        s += w + (r.next() < 0.2 ? r.pick(POOLS.punct) : "") + (r.next() < 0.85 ? " " : r.pick(POOLS.ws));
      }
    } else if (kind === 2) {
      // Numbers among words.
      const n = r.int(1, 20);
      for (let i = 0; i < n; i++) {
        s += number(r) + r.pick([" ", ", ", "\n", "", " x ", "%", " PLN ", "円", "."]);
      }
    } else if (kind === 3) {
      // Whitespace runs between words, leading and trailing.
      const n = r.int(1, 20);
      for (let i = 0; i < n; i++) {
        s += r.pick(POOLS.ws).repeat(r.int(1, 6)) + (r.next() < 0.7 ? r.pick(POOLS.en.concat(POOLS.pl, POOLS.ja)) : "");
      }
    } else if (kind === 4) {
      // Code-like lines with indentation of spaces or tabs.
      const n = r.int(2, 14);
      const unit = r.pick(["  ", "    ", "\t", " \t"]);
      for (let i = 0; i < n; i++) {
        s += unit.repeat(r.int(0, 6)) + r.pick(POOLS.code) + r.pick(["x", "y", "foo_bar", "42", "'s'", "\"ż\""]) + r.pick(["", ";", ":", " {", ","]) + r.pick(["\n", "\n", "\r\n", "  \n", "\n\n"]);
      }
    } else {
      // Words with contractions, specials, emoji and odd characters.
      const n = r.int(1, 25);
      for (let i = 0; i < n; i++) {
        const w = r.pick(POOLS.en.concat(POOLS.pl, POOLS.other));
        const which = r.int(0, 3);
        s += w + (which === 0 ? r.pick(POOLS.contractions) : which === 1 ? r.pick(POOLS.specials) : which === 2 ? r.pick(POOLS.emoji) : r.pick(POOLS.odd)) + r.pick([" ", "", "\n", "  "]);
      }
    }
    out.push(s);
  }
  return out;
}

function buildTexts() {
  const texts = handWritten().concat(generated(168, 0x5eed2025));
  for (const [i, s] of texts.entries()) {
    if (typeof s !== "string" || !s.isWellFormed()) die(`text ${i} is not well-formed Unicode`);
  }
  return texts;
}

// ---- output ------------------------------------------------------------------

// JSON strings, with every control, format, separator and private-use
// character escaped so that the files survive editors and diff tools.
function jsonString(s) {
  let out = "\"";
  for (const ch of s) {
    const cp = ch.codePointAt(0);
    if (ch === "\"") out += "\\\"";
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f) || /[\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Mn}\p{Me}\u{fe00}-\u{fe0f}\ufffd]/u.test(ch) || (/\p{Zs}/u.test(ch) && ch !== " ")) {
      for (let i = 0; i < ch.length; i++) {
        out += "\\u" + ch.charCodeAt(i).toString(16).padStart(4, "0");
      }
    } else out += ch;
  }
  return out + "\"";
}

function writeTexts(file, texts) {
  const body = "[\n" + texts.map(jsonString).join(",\n") + "\n]\n";
  const back = JSON.parse(body);
  if (back.length !== texts.length || back.some((s, i) => s !== texts[i])) die("texts.json does not read back");
  writeAtomic(file, body);
}

function writeIds(file, head, ids) {
  const lines = ids.map((row) => "[" + row.join(",") + "]");
  const body = "{\"tokenizer\": " + JSON.stringify(head.tokenizer) +
    ", \"reference\": " + JSON.stringify(head.reference) +
    ", \"source\": " + JSON.stringify(head.source) +
    ", \"ids\": [\n" + lines.join(",\n") + "\n]}\n";
  JSON.parse(body);
  writeAtomic(file, body);
}

function writeAtomic(file, body) {
  const tmp = `${file}.part`;
  fs.writeFileSync(tmp, body);
  fs.renameSync(tmp, file);
}

// ---- the tokenizers ------------------------------------------------------------

function sourceOf(data, name) {
  const file = path.join(data, name, "SOURCE");
  if (!fs.existsSync(file)) die(`${file} missing: run tools/tokenizers/fetch.sh first`);
  const first = fs.readFileSync(file, "utf8").split("\n")[0];
  return first.split(" ")[0];
}

// The ranks tiktoken bundles must be the ones fetch.sh installed, or the
// references would describe other data.
function checkRanks(load, data, name) {
  const bundled = load(`tiktoken/encoders/${name}.json`);
  const mine = new Map();
  for (const line of fs.readFileSync(path.join(data, name, `${name}.tiktoken`), "utf8").split("\n")) {
    if (!line) continue;
    const [b64, rank] = line.split(" ");
    mine.set(b64, Number(rank));
  }
  let count = 0;
  for (const line of bundled.bpe_ranks.split("\n")) {
    if (!line) continue;
    const [, offset, ...toks] = line.split(" ");
    toks.forEach((b64, i) => {
      count++;
      if (mine.get(b64) !== Number(offset) + i) die(`${name}: tiktoken's rank for ${b64} differs from ${data}/${name}`);
    });
  }
  if (count !== mine.size) die(`${name}: tiktoken has ${count} ranks, ${data}/${name} has ${mine.size}`);
  const enc = JSON.parse(fs.readFileSync(path.join(data, name, "encoding.json"), "utf8"));
  if (JSON.stringify(enc.special_tokens) !== JSON.stringify(bundled.special_tokens)) die(`${name}: special tokens differ from tiktoken's`);
  return { count, patStr: bundled.pat_str, dataPatStr: enc.pat_str };
}

function tiktokenIds(load, name, texts) {
  const { get_encoding } = load("tiktoken");
  const enc = get_encoding(name);
  try {
    return texts.map((s) => Array.from(enc.encode_ordinary(s)));
  } finally {
    enc.free();
  }
}

function hfIds(load, data, name, texts) {
  const { Tokenizer } = load("@huggingface/tokenizers");
  const json = JSON.parse(fs.readFileSync(path.join(data, name, "tokenizer.json"), "utf8"));
  const config = JSON.parse(fs.readFileSync(path.join(data, name, "tokenizer_config.json"), "utf8"));
  const tok = new Tokenizer(json, config);
  return texts.map((s) => tok.encode(s, { add_special_tokens: false }).ids);
}

async function crossCheck(dir, data, texts, results) {
  const load = loader(dir);
  const report = [];
  const { Tokenizer: RustTokenizer } = load("@anush008/tokenizers");
  const { Tiktoken } = load("js-tiktoken/lite");
  let hardFailures = 0;
  for (const [name, r] of Object.entries(results)) {
    let other;
    let label;
    if (r.kind === "tiktoken") {
      label = `js-tiktoken@${packageVersion(load, "js-tiktoken")} (pattern from ${data}/${name}/encoding.json)`;
      const enc = JSON.parse(fs.readFileSync(path.join(data, name, "encoding.json"), "utf8"));
      const lines = fs.readFileSync(path.join(data, name, `${name}.tiktoken`), "utf8").split("\n").filter(Boolean);
      const ranks = "! 0 " + lines.map((l) => l.split(" ")[0]).join(" ");
      const jt = new Tiktoken({ pat_str: enc.pat_str, special_tokens: enc.special_tokens, bpe_ranks: ranks });
      other = texts.map((s) => jt.encode(s, [], []));
    } else {
      label = `tokenizers (Rust) via @anush008/tokenizers@${packageVersion(load, "@anush008/tokenizers")}`;
      const tok = RustTokenizer.fromFile(path.join(data, name, "tokenizer.json"));
      other = [];
      for (const s of texts) other.push((await tok.encode(s, null, { addSpecialTokens: false })).getIds());
    }
    const differ = [];
    texts.forEach((_, i) => {
      if (JSON.stringify(Array.from(other[i])) !== JSON.stringify(r.ids[i])) differ.push(i);
    });
    report.push(`${name}: ${label}: ${differ.length ? `differs on ${differ.length} text(s): ${differ.join(", ")}` : "agrees on every text"}`);
    for (const i of differ.slice(0, 5)) {
      report.push(`    text ${i} ${jsonString(texts[i]).slice(0, 100)}`);
      report.push(`      reference ${JSON.stringify(r.ids[i]).slice(0, 150)}`);
      report.push(`      other     ${JSON.stringify(Array.from(other[i])).slice(0, 150)}`);
    }
    if (differ.length && r.kind !== "tiktoken") hardFailures++;
  }
  return { report, hardFailures };
}

// ---- main ----------------------------------------------------------------------

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const load = loader(opts.prefix);
  const tiktokenRef = `tiktoken@${packageVersion(load, "tiktoken")}`;
  const hfRef = `@huggingface/tokenizers@${packageVersion(load, "@huggingface/tokenizers")}`;
  if (tiktokenRef !== "tiktoken@1.0.22" || hfRef !== "@huggingface/tokenizers@0.2.0") {
    console.error(`make_reference_ids: note: using ${tiktokenRef} and ${hfRef}, not the versions the README names`);
  }

  for (const name of ["o200k_base", "cl100k_base", "deepseek-v3", "gemma3", "qwen3", "llama3_1"]) sourceOf(opts.data, name);

  const texts = buildTexts();
  fs.mkdirSync(opts.out, { recursive: true });
  writeTexts(path.join(opts.out, "texts.json"), texts);
  console.log(`texts.json: ${texts.length} texts, ${texts.reduce((n, s) => n + Buffer.byteLength(s), 0)} bytes`);

  const results = {};
  for (const name of ["o200k_base", "cl100k_base"]) {
    const t0 = Date.now();
    const { count, patStr, dataPatStr } = checkRanks(load, opts.data, name);
    const ids = tiktokenIds(load, name, texts);
    results[name] = { kind: "tiktoken", ids };
    writeIds(path.join(opts.out, `${name}.json`), { tokenizer: name, reference: tiktokenRef, source: tiktokenRef }, ids);
    console.log(`${name}.json: ${ids.flat().length} ids; ${tiktokenRef}'s ${count} ranks equal ${sourceOf(opts.data, name)}'s` +
      (patStr === dataPatStr ? "" : "; its pattern is written differently from encoding.json's") + ` (${Date.now() - t0} ms)`);
  }
  for (const name of ["deepseek-v3", "gemma3", "qwen3", "llama3_1"]) {
    const t0 = Date.now();
    const source = sourceOf(opts.data, name);
    const ids = hfIds(load, opts.data, name, texts);
    results[name] = { kind: "hf", ids };
    writeIds(path.join(opts.out, `${name}.json`), { tokenizer: name, reference: hfRef, source }, ids);
    console.log(`${name}.json: ${ids.flat().length} ids from ${source} (${Date.now() - t0} ms)`);
  }

  if (opts.crossCheck) {
    const { report, hardFailures } = await crossCheck(opts.crossCheck, opts.data, texts, results);
    console.log("cross-check:\n  " + report.join("\n  "));
    if (hardFailures) die(`${hardFailures} tokenizer(s) differ from the Rust implementation`);
  }
}

main().catch((e) => die(e && e.stack ? e.stack : String(e)));
