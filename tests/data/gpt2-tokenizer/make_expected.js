// Regenerates expected.json with the gpt-3-encoder npm package (see README.md):
//   node make_expected.js /tmp/package/Encoder.js expected.json
const enc = require(require('path').resolve(process.argv[2] || 'package/Encoder.js'));
const texts = [
  "Hello world",
  "I'm sure we'll finish; they've said it's done, isn't it? You'd think so, THEY'RE late.",
  "In 2023 there were 1,234,567 requests (up 12.5%) on 3/4 servers.",
  "multiple   spaces    here and a tab\there",
  "line one\nline two\n\nparagraph after a blank line   \n  indented\n\n\n",
  "trailing spaces   ",
  "def f(x):\n    return {\"key\": [1, 2, 3], 'b': x**2}  # comment\n",
  "{\"model\": \"gpt2\", \"n_layer\": 12, \"vocab_size\": 50257}",
  "日本語のテキストをトークン化します。東京は晴れです。",
  "Zażółć gęślą jaźń. Źdźbło, żółw i łódź!",
  "Emoji: 😀👍🏽 🚀🎉 and ❤️ family 👨‍👩‍👧",
  "Mixed: Ünïcödé café naïve résumé — “quotes” … ½ ² Ⅻ ٣",
  "<|endoftext|> is not special here",
  " leading space and  ' apostrophes 's 'S 'll're",
];
const out = texts.map(t => ({text: t, ids: enc.encode(t)}));
for (const o of out) { if (enc.decode(o.ids) !== o.text) { console.error("roundtrip fail", o.text); process.exit(1);} }
console.log(JSON.stringify(out[0].ids));
require('fs').writeFileSync(process.argv[3] || 'expected.json', '[\n' + out.map(o => '  ' + JSON.stringify(o)).join(',\n') + '\n]\n');
