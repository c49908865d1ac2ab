<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja" sourcelanguage="en">
<context>
    <name>QShortcut</name>
    <message>
        <source>Home</source>
        <translation>Home</translation>
    </message>
    <message>
        <source>Left</source>
        <translation>←</translation>
    </message>
    <message>
        <source>Right</source>
        <translation>→</translation>
    </message>
</context>
<context>
    <name>WindowFiles</name>
    <message>
        <source>Cannot open</source>
        <translation>開けません</translation>
    </message>
    <message>
        <source>Save a screenshot</source>
        <translation>スクリーンショットを保存</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>保存できません</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>%1 に書き込めませんでした</translation>
    </message>
    <message>
        <source>Open a scenario, a request or a log</source>
        <translation>シナリオ、リクエストまたはログを開く</translation>
    </message>
    <message>
        <source>Scenarios, requests and logs (*.json *.jsonl *.ndjson *.log);;All files (*)</source>
        <translation>シナリオ・リクエスト・ログ (*.json *.jsonl *.ndjson *.log);;すべてのファイル (*)</translation>
    </message>
</context>
<context>
    <name>pl::ui</name>
    <message>
        <source>not hashed yet</source>
        <translation>未ハッシュ</translation>
    </message>
    <message>
        <source>hashed, looking up</source>
        <translation>ハッシュ済み・検索中</translation>
    </message>
    <message>
        <source>cache hit (reused)</source>
        <translation>キャッシュヒット（再利用）</translation>
    </message>
    <message>
        <source>computed (prefilled)</source>
        <translation>計算（プレフィル）</translation>
    </message>
    <message>
        <source>partial (not cacheable)</source>
        <translation>部分ブロック（キャッシュ不可）</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>System block %1</source>
        <translation>システムブロック %1</translation>
    </message>
    <message>
        <source>Message %1 (%2)</source>
        <translation>メッセージ %1（%2）</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>ブロック %1</translation>
    </message>
    <message>
        <source>One Anthropic Messages request, played once. Edit its system prompt or a message and run it again to see which blocks the cache keeps.</source>
        <translation>Anthropic Messages のリクエスト 1 件を 1 回再生します。システムプロンプトやメッセージを編集して再実行すると、キャッシュに残るブロックがわかります。</translation>
    </message>
    <message>
        <source>Request %1</source>
        <translation>リクエスト %1</translation>
    </message>
    <message>
        <source>hashed</source>
        <translation>ハッシュ計算</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>ヒット</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>計算</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>部分ブロック</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>格納</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>追い出し</translation>
    </message>
    <message>
        <source>prefill done</source>
        <translation>プレフィル完了</translation>
    </message>
    <message>
        <source>decoded</source>
        <translation>デコード</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>tools[%1] framing</source>
        <translation>tools[%1] のテンプレート</translation>
    </message>
    <message>
        <source>tools[%1]</source>
        <translation>tools[%1]</translation>
    </message>
    <message>
        <source>system framing</source>
        <translation>システムのテンプレート</translation>
    </message>
    <message>
        <source>system</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>message %1 (%2) framing</source>
        <translation>メッセージ %1（%2）のテンプレート</translation>
    </message>
    <message>
        <source>message %1 (%2)</source>
        <translation>メッセージ %1（%2）</translation>
    </message>
    <message>
        <source>answer prefix</source>
        <translation>応答の書き出し</translation>
    </message>
    <message>
        <source>reused all it could</source>
        <translation>可能な限り再利用</translation>
    </message>
    <message>
        <source>reused part</source>
        <translation>一部再利用</translation>
    </message>
    <message>
        <source>reused none</source>
        <translation>再利用なし</translation>
    </message>
    <message>
        <source>A request of a log, played after the previous request of its conversation: the second card shows what it reused of the first, and where its prompt left it.</source>
        <translation>ログのリクエストを、同じ会話の一つ前のリクエストの後に再生したものです。2 枚目のカードは、1 枚目から何を再利用したか、そしてプロンプトがどこで前のものから外れたかを示します。</translation>
    </message>
</context>
<context>
    <name>pl::ui::BlockChainCanvas</name>
    <message>
        <source>&lt;b&gt;Request %1, block %2&lt;/b&gt; — %3</source>
        <translation>&lt;b&gt;リクエスト %1、ブロック %2&lt;/b&gt; — %3</translation>
    </message>
    <message>
        <source>hash &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>ハッシュ &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>parent &lt;code&gt;%1&lt;/code&gt;%2</source>
        <translation>親 &lt;code&gt;%1&lt;/code&gt;%2</translation>
    </message>
    <message>
        <source> (chain root)</source>
        <translation>（チェーンのルート）</translation>
    </message>
    <message>
        <source>not hashed: only full blocks of %1 tokens are cached</source>
        <translation>ハッシュなし：%1 トークン分そろったブロックだけがキャッシュされます</translation>
    </message>
    <message>
        <source>tokens %1–%2 (%3): &lt;code&gt;%4&lt;/code&gt;</source>
        <translation>トークン %1–%2（%3 個）: &lt;code&gt;%4&lt;/code&gt;</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>出どころ: %1</translation>
    </message>
    <message>
        <source>pool block %1 · ref count %2 · last use t = %3 s</source>
        <translation>プールのブロック %1 · 参照カウント %2 · 最終使用 t = %3 秒</translation>
    </message>
    <message>
        <source>KV: %1 for %2 tokens</source>
        <translation>KV: %1（%2 トークン分）</translation>
    </message>
    <message>
        <source>Pick a scenario above, open one (Ctrl+O), or drop a scenario or request JSON here.</source>
        <translation>上でシナリオを選ぶか、ファイルを開く（Ctrl+O）か、シナリオまたはリクエストの JSON をここにドロップしてください。</translation>
    </message>
    <message>
        <source>Running the scenario on the model…</source>
        <translation>モデルでシナリオを実行中…</translation>
    </message>
    <message>
        <source>The scenario could not be played.</source>
        <translation>シナリオを再生できませんでした。</translation>
    </message>
    <message>
        <source>The scenario could not be played:
%1</source>
        <translation>シナリオを再生できませんでした:
%1</translation>
    </message>
    <message>
        <source>Press Space to play, → to step one event, Shift+→ for a whole request.</source>
        <translation>Space で再生、→ で 1 イベントずつ、Shift+→ で 1 リクエストずつ進みます。</translation>
    </message>
    <message>
        <source>TTFT %1 ms</source>
        <translation>TTFT %1 ms</translation>
    </message>
    <message>
        <source>Request %1 · %2 · t = %3 s</source>
        <translation>リクエスト %1 · %2 · t = %3 秒</translation>
    </message>
    <message>
        <source> · salted</source>
        <translation> · ソルトあり</translation>
    </message>
    <message>
        <source>%1 prompt tokens · %2 of %3 blocks hashed</source>
        <translation>プロンプト %1 トークン · %3 ブロック中 %2 をハッシュ済み</translation>
    </message>
    <message>
        <source> · %1 hits so far</source>
        <translation> · ここまで %1 ヒット</translation>
    </message>
    <message>
        <source>%1 prompt tokens · %2 reused (%3 blocks) · %4 computed</source>
        <translation>プロンプト %1 トークン · 再利用 %2（%3 ブロック）· 計算 %4</translation>
    </message>
    <message>
        <source> · prefix breaks at block %1</source>
        <translation> · ブロック %1 でプレフィックスが途切れる</translation>
    </message>
    <message>
        <source>%1 tok</source>
        <translation>%1 tok</translation>
    </message>
    <message>
        <source> · %1 of %2 shared blocks reused</source>
        <translation> · 共有ブロック %2 個中 %1 個を再利用</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attention of token %1: %2% on this block&lt;/b&gt;</source>
        <translation>&lt;b&gt;トークン %1 の Attention：このブロックに %2%&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · in bands of %1 blocks: click one to open it</source>
        <translation> · %1 ブロックずつの帯で表示：クリックで開きます</translation>
    </message>
    <message>
        <source>&lt;b&gt;Blocks %1–%2&lt;/b&gt; of request %3 (%4 of %5 blocks)&lt;br&gt;%6&lt;br&gt;Click the band, or hold Ctrl and turn the wheel up over it, to open it; Ctrl and the wheel down over one of its blocks fold it again.</source>
        <translation>&lt;b&gt;ブロック %1–%2&lt;/b&gt;（リクエスト %3、%5 ブロック中 %4）&lt;br&gt;%6&lt;br&gt;帯をクリックするか、帯の上で Ctrl を押しながらホイールを上に回すと開きます。開いたブロックの上で Ctrl を押しながらホイールを下に回すと、また畳みます。</translation>
    </message>
</context>
<context>
    <name>pl::ui::BlockChainView</name>
    <message>
        <source>Attention</source>
        <translation>Attention</translation>
    </message>
    <message>
        <source>Colour the current request&apos;s blocks by how much the token under the cursor attends to them: the model&apos;s own attention probabilities, summed per block</source>
        <translation>カーソル位置のトークンが各ブロックにどれだけ注意を向けるかで、現在のリクエストのブロックを色分けします。モデル自身の Attention 確率をブロックごとに合計したものです</translation>
    </message>
    <message>
        <source>Which layer&apos;s attention, or the average of all layers</source>
        <translation>どのレイヤーの Attention か、または全レイヤーの平均</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>全レイヤー</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>レイヤー %1</translation>
    </message>
    <message>
        <source>all heads</source>
        <translation>全ヘッド</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>ヘッド %1</translation>
    </message>
    <message>
        <source>Attention appears once request %1&apos;s prompt is prefilled.</source>
        <translation>Attention はリクエスト %1 のプロンプトの prefill 後に表示されます。</translation>
    </message>
    <message>
        <source>Computing the attention of token %1…</source>
        <translation>トークン %1 の Attention を計算中…</translation>
    </message>
    <message>
        <source>No attention: %1</source>
        <translation>Attention なし：%1</translation>
    </message>
    <message>
        <source>Token %1 “%2” (%3) looks back over %4 tokens</source>
        <translation>トークン %1「%2」（%3）は %4 トークンを振り返ります</translation>
    </message>
    <message>
        <source>last prompt token</source>
        <translation>プロンプトの最後のトークン</translation>
    </message>
    <message>
        <source>decoded token %1</source>
        <translation>decode したトークン %1</translation>
    </message>
    <message>
        <source>; %1% on the answer so far</source>
        <translation>、そのうち %1% がここまでの回答へ</translation>
    </message>
    <message>
        <source> · on %1</source>
        <translation> · %1 で計算</translation>
    </message>
    <message>
        <source>Which attention head, or the average of all heads; with grouped-query attention also each group of query heads that reads one key/value head</source>
        <translation>どのアテンションヘッドか、または全ヘッドの平均。グループ化クエリアテンションでは、1 つのキー/バリューヘッドを読むクエリヘッドのグループも選べます</translation>
    </message>
    <message>
        <source>group %1: heads %2–%3</source>
        <translation>グループ %1: ヘッド %2–%3</translation>
    </message>
    <message>
        <source> · %1 query heads share %2 key/value heads, %3 per group</source>
        <translation> · %1 個のクエリヘッドが %2 個のキー/バリューヘッドを共有（グループあたり %3 個）</translation>
    </message>
</context>
<context>
    <name>pl::ui::ChartsPanel</name>
    <message>
        <source>Time to first token</source>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>TTFT vs prompt length</source>
        <translation>TTFT とプロンプト長</translation>
    </message>
    <message>
        <source>KV memory</source>
        <translation>KVメモリ</translation>
    </message>
    <message>
        <source>Hit rate</source>
        <translation>ヒット率</translation>
    </message>
    <message>
        <source>Time to first token — waiting for the run</source>
        <translation>TTFT（最初のトークンまでの時間）— 実行結果を待っています</translation>
    </message>
    <message>
        <source>request · tokens computed</source>
        <translation>リクエスト · 計算したトークン数</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Time to first token per request</source>
        <translation>リクエストごとの TTFT</translation>
    </message>
    <message>
        <source>TTFT vs prompt length — waiting for the run</source>
        <translation>TTFT とプロンプト長 — 実行結果を待っています</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>プロンプトのトークン数</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>TTFT against prompt length: a cached prefix breaks the line</source>
        <translation>TTFT とプロンプト長：キャッシュ済みプレフィックスがあると直線から外れる</translation>
    </message>
    <message>
        <source>KV memory — waiting for the run</source>
        <translation>KVメモリ — 実行結果を待っています</translation>
    </message>
    <message>
        <source>cached, free</source>
        <translation>キャッシュ済・空き</translation>
    </message>
    <message>
        <source>pool capacity %1</source>
        <translation>プール容量 %1</translation>
    </message>
    <message>
        <source>tokens processed</source>
        <translation>処理したトークン</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KV memory by session, against the pool</source>
        <translation>セッション別の KVメモリとプール容量</translation>
    </message>
    <message>
        <source>Hit rate — waiting for the run</source>
        <translation>ヒット率 — 実行結果を待っています</translation>
    </message>
    <message>
        <source>all requests so far</source>
        <translation>ここまでの全リクエスト</translation>
    </message>
    <message>
        <source>this request</source>
        <translation>このリクエスト</translation>
    </message>
    <message>
        <source>request (in prefill order)</source>
        <translation>リクエスト（プレフィル順）</translation>
    </message>
    <message>
        <source>% reused</source>
        <translation>再利用率 (%)</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>プレフィックスキャッシュのヒット率</translation>
    </message>
    <message>
        <source>TTFT</source>
        <comment>tab</comment>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>By length</source>
        <comment>tab</comment>
        <translation>長さ別</translation>
    </message>
    <message>
        <source>Memory</source>
        <comment>tab</comment>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Hits</source>
        <comment>tab</comment>
        <translation>ヒット</translation>
    </message>
    <message>
        <source>request</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>Request #%1: not played yet</source>
        <translation>リクエスト #%1: まだ再生していません</translation>
    </message>
    <message>
        <source>Request #%1: %2 of %3 tokens computed, TTFT %4 ms</source>
        <translation>リクエスト #%1: %3 トークン中 %2 を計算、TTFT %4 ms</translation>
    </message>
    <message>
        <source>%1 tok</source>
        <translation>%1 tok</translation>
    </message>
</context>
<context>
    <name>pl::ui::EngineSession</name>
    <message>
        <source>Loading model…</source>
        <translation>モデルを読み込み中…</translation>
    </message>
    <message>
        <source>Compiling shaders…</source>
        <translation>シェーダーをコンパイル中…</translation>
    </message>
    <message>
        <source>Preparing the KV pool…</source>
        <translation>KVプールを準備中…</translation>
    </message>
    <message>
        <source>Playing request %1 of %2 on %3…</source>
        <translation>%3 でリクエスト %1/%2 を再生中…</translation>
    </message>
    <message>
        <source>Playing %1 on %2…</source>
        <translation>%2 で %1 を再生中…</translation>
    </message>
</context>
<context>
    <name>pl::ui::LessonPanel</name>
    <message>
        <source>Cannot open the lesson</source>
        <translation>レッスンを開けません</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>次のステップ</translation>
    </message>
    <message>
        <source>Next step (%1)</source>
        <translation>次のステップ（%1）</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>前のステップ</translation>
    </message>
    <message>
        <source>Previous step (%1)</source>
        <translation>前のステップ（%1）</translation>
    </message>
    <message>
        <source>End lesson</source>
        <translation>レッスンを終了</translation>
    </message>
    <message>
        <source>Close the lesson and remove the highlight</source>
        <translation>レッスンを閉じて枠の強調表示を消します</translation>
    </message>
    <message>
        <source>&amp;Open lesson file…</source>
        <translation>レッスンファイルを開く(&amp;O)…</translation>
    </message>
    <message>
        <source>Built-in lessons, in workshop order</source>
        <translation>組み込みレッスン（ワークショップの順）</translation>
    </message>
    <message>
        <source>Choose a lesson…</source>
        <translation>レッスンを選択…</translation>
    </message>
    <message>
        <source>Open a lesson</source>
        <translation>レッスンを開く</translation>
    </message>
    <message>
        <source>Lessons (*.json)</source>
        <translation>レッスン (*.json)</translation>
    </message>
    <message>
        <source>No lesson running</source>
        <translation>実行中のレッスンはありません</translation>
    </message>
    <message>
        <source>Choose a lesson from the list above or the Lessons menu. %1 goes to the next step and %2 back, the keys a presenter&apos;s clicker sends.</source>
        <translation>上のリストか「レッスン」メニューからレッスンを選んでください。%1 で次のステップへ進み、%2 で戻ります。プレゼンター用リモコンが送るキーです。</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>ステップ %1/%2</translation>
    </message>
    <message numerus="yes">
        <source>This step shows request %1 of %2, which has %n request(s).</source>
        <translation>
            <numerusform>この手順はリクエスト %1 を示しますが、%2 にはリクエストが %n 件しかありません。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pl::ui::LintPanel</name>
    <message>
        <source>error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>note</source>
        <translation>注記</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>指摘</translation>
    </message>
    <message>
        <source>Fix: before → after</source>
        <translation>修正：前 → 後</translation>
    </message>
    <message>
        <source>Req.</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>Reused</source>
        <translation>再利用</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT ms</translation>
    </message>
    <message>
        <source>Cost ¢</source>
        <translation>コスト ¢</translation>
    </message>
    <message>
        <source>Queued behind the current run…</source>
        <translation>実行中の処理が終わるのを待っています…</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>トークン %1</translation>
    </message>
    <message>
        <source>tokens %1–%2</source>
        <translation>トークン %1–%2</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>ブロック %1</translation>
    </message>
    <message>
        <source>blocks %1–%2</source>
        <translation>ブロック %1–%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lint&lt;/b&gt;</source>
        <translation>&lt;b&gt;Lint&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a scenario to lint its prompt layout.</source>
        <translation>シナリオを読み込むと、プロンプトの構成を Lint でチェックします。</translation>
    </message>
    <message>
        <source>Linting…</source>
        <translation>Lint でチェック中…</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;This scenario could not be linted: %2&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;このシナリオを Lint できませんでした: %2&lt;/span&gt;</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>エラー 1 件</translation>
    </message>
    <message numerus="yes">
        <source>%n errors</source>
        <translation>
            <numerusform>エラー %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>警告 1 件</translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>警告 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>1 note</source>
        <translation>注記 1 件</translation>
    </message>
    <message numerus="yes">
        <source>%n notes</source>
        <translation>
            <numerusform>注記 %n 件</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · %2</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · %2</translation>
    </message>
    <message>
        <source>no findings</source>
        <translation>指摘なし</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;Other requests with findings: %2&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;指摘のある他のリクエスト: %2&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;font-size:x-large; color:%1&apos;&gt;✔&lt;/p&gt;&lt;p&gt;&lt;b&gt;No findings for request %2.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Nothing that changes from request to request sits in its cacheable prefix, so every block a previous request cached can be reused.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:x-large; color:%1&apos;&gt;✔&lt;/p&gt;&lt;p&gt;&lt;b&gt;リクエスト %2 に指摘はありません。&lt;/b&gt;&lt;/p&gt;&lt;p&gt;リクエストごとに変わる内容はキャッシュ可能なプレフィックスに含まれていないので、前のリクエストがキャッシュしたブロックはすべて再利用できます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:%1&apos;&gt;Click a finding to select its tokens in the prompt and its blocks in the chain. Hover it for the rule&apos;s explanation.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%1&apos;&gt;指摘をクリックすると、プロンプト内のトークンとチェーン内のブロックが選択されます。ポインターを重ねるとルールの説明が表示されます。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Fix:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;修正:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:%2&apos;&gt;(%3)&lt;/span&gt; — %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt;&lt;span style=&apos;color:%2&apos;&gt;（%3）&lt;/span&gt; — %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Running fix…</source>
        <translation>修正を実行中…</translation>
    </message>
    <message>
        <source>Apply fix</source>
        <translation>修正を適用</translation>
    </message>
    <message>
        <source>Nothing to fix: the --fix rewrite leaves this scenario as it is.</source>
        <translation>修正する点はありません。--fix で書き換えてもこのシナリオは変わりません。</translation>
    </message>
    <message>
        <source>Rewrite every request as `prefixlens lint --fix` does (dynamic text moved to the final user message, tools in a stable order, canonical keys), play it on the model and compare it with the run on screen.</source>
        <translation>`prefixlens lint --fix` と同じようにすべてのリクエストを書き換え（動的なテキストは最後のユーザーメッセージへ、ツールは一定の順序に、キーは正規形に）、モデルで再生して画面上の実行結果と比較します。</translation>
    </message>
    <message>
        <source>Could not run the fixed layout: %1</source>
        <translation>修正後の構成を実行できませんでした: %1</translation>
    </message>
    <message>
        <source>Playing the fixed layout on the model…</source>
        <translation>修正後の構成をモデルで再生中…</translation>
    </message>
    <message>
        <source>Waiting for the run on screen…</source>
        <translation>画面上の実行結果を待っています…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Apply fix&lt;/b&gt; rewrites the scenario as &lt;code&gt;prefixlens lint --fix&lt;/code&gt; does, plays it on the model and compares each request with the run on screen: reused tokens, time to first token and estimated cost.</source>
        <translation>&lt;b&gt;修正を適用&lt;/b&gt;すると、&lt;code&gt;prefixlens lint --fix&lt;/code&gt; と同じようにシナリオを書き換えてモデルで再生し、各リクエストを画面上の実行結果と比べます。比べるのは再利用トークン数、TTFT、推定コストです。</translation>
    </message>
    <message>
        <source>Nothing to fix in this scenario&apos;s layout.</source>
        <translation>このシナリオの構成には修正する点がありません。</translation>
    </message>
    <message>
        <source>Before: the run on screen · after: &lt;code&gt;--fix&lt;/code&gt; · cost of each run&apos;s usage at %1 input prices (%2), in cents</source>
        <translation>前：画面上の実行 · 後：&lt;code&gt;--fix&lt;/code&gt; · コストは各実行の使用量を %1 の入力料金（%2 時点）で計算（単位：セント）</translation>
    </message>
    <message>
        <source>Before: %1 tokens reused (%2 blocks hit), %3 computed
After: %4 tokens reused (%5 blocks hit), %6 computed</source>
        <translation>前：再利用 %1 トークン（ヒット %2 ブロック）、計算 %3
後：再利用 %4 トークン（ヒット %5 ブロック）、計算 %6</translation>
    </message>
    <message>
        <source>Time to first token, ms: %1 before, %2 after</source>
        <translation>TTFT（ms）：前 %1、後 %2</translation>
    </message>
    <message>
        <source>Estimated input cost: $%1 before, $%2 after</source>
        <translation>推定入力コスト：前 $%1、後 $%2</translation>
    </message>
    <message>
        <source>All</source>
        <translation>合計</translation>
    </message>
</context>
<context>
    <name>pl::ui::LintText</name>
    <message>
        <source>%1 contains a %2 value &apos;%3&apos; that changes per request: the ~%4 tokens (estimated) in %5 from here to the %6 can never be reused</source>
        <translation>%1に、リクエストごとに変わる%2の値 &apos;%3&apos; が含まれています。ここから%6までの約 %4 トークン（推定）、%5は決して再利用されません</translation>
    </message>
    <message>
        <source>&apos;%1&apos; looks like a %2 that may change per request (nothing in this input shows it does): if it does, the ~%3 tokens (estimated) after it are never reused; if it is fixed (a build hash, a policy&apos;s date), ignore this</source>
        <translation>&apos;%1&apos; はリクエストごとに変わる%2のように見えます（この入力からは変わるかどうか分かりません）。変わるなら、その後の約 %3 トークン（推定）は再利用されません。固定の値（ビルドのハッシュ、ポリシーの日付など）なら無視してください</translation>
    </message>
    <message>
        <source>%1 cache_control breakpoints; the API accepts at most %2 and rejects this request</source>
        <translation>cache_control のブレークポイントが %1 個あります。API が受け付けるのは最大 %2 個で、このリクエストは拒否されます</translation>
    </message>
    <message>
        <source>%1 cache_control breakpoints (%2 explicit and 1 from automatic caching, the top-level cache_control); the API accepts at most %3 and rejects this request</source>
        <translation>cache_control のブレークポイントが %1 個あります（明示的なものが %2 個と、自動キャッシュ、つまりトップレベルの cache_control による 1 個）。API が受け付けるのは最大 %3 個で、このリクエストは拒否されます</translation>
    </message>
    <message>
        <source>this %1 breakpoint comes after a 5-minute one (%2); the API requires breakpoints with longer TTLs to come first and rejects this request</source>
        <translation>このブレークポイント（TTL：%1）は 5 分のブレークポイント（%2）の後にあります。API は TTL の長いブレークポイントを先に置くことを求めており、このリクエストは拒否されます</translation>
    </message>
    <message>
        <source>the prefix up to this breakpoint is ~%1 tokens (estimated), below the minimum of %2 for %3: it is silently not cached</source>
        <translation>このブレークポイントまでのプレフィックスは約 %1 トークン（推定）で、%3の最小値 %2 に届きません。何も知らされないままキャッシュされません</translation>
    </message>
    <message>
        <source>the prefix up to this breakpoint is ~%1-%2 tokens by the provider&apos;s tokenizer (estimated from its length; the built-in tokenizer counts %3), below the minimum of %4 for %5: it is silently not cached</source>
        <translation>このブレークポイントまでのプレフィックスは、提供元のトークナイザーで約 %1〜%2 トークン（長さからの推定。組み込みトークナイザーでは %3）で、%5の最小値 %4 に届きません。何も知らされないままキャッシュされません</translation>
    </message>
    <message>
        <source>near the threshold: the prefix up to this breakpoint is ~%1-%2 tokens by the provider&apos;s tokenizer (estimated from its length; the built-in tokenizer counts %3), around the minimum of %4 for %5: it may not be cached; cache_creation_input_tokens in the response tells</source>
        <translation>しきい値すれすれです。このブレークポイントまでのプレフィックスは、提供元のトークナイザーで約 %1〜%2 トークン（長さからの推定。組み込みトークナイザーでは %3）で、%5の最小値 %4 の前後です。キャッシュされないかもしれません。レスポンスの cache_creation_input_tokens で分かります</translation>
    </message>
    <message>
        <source>this breakpoint (content block %1) is %2 blocks after the previous one (block %3); the API checks only %4 blocks counting its own, so a change between them misses every earlier entry</source>
        <translation>このブレークポイント（コンテンツブロック %1）は前のブレークポイント（ブロック %3）から %2 ブロック後ろにあります。API が確かめるのは自分のブロックを含めて %4 ブロックだけなので、その間で何かが変わると、それより前のエントリはどれも見つかりません</translation>
    </message>
    <message>
        <source>the previous request cached ~%1 tokens ending at content block %2, but this breakpoint is at block %3, %4 blocks later; the API checks only 20 blocks counting the breakpoint&apos;s own, so it writes the whole prefix again instead of reading it</source>
        <translation>前のリクエストはコンテンツブロック %2 で終わる約 %1 トークンをキャッシュしましたが、このブレークポイントはブロック %3 にあり、%4 ブロック後ろです。API が確かめるのはブレークポイント自身のブロックを含めて 20 ブロックだけなので、プレフィックス全体を読まずにもう一度書き込みます</translation>
    </message>
    <message>
        <source>the same tools come in a different order than in the previous request; every token from the first tool on is new</source>
        <translation>同じツールが前のリクエストとは違う順番で並んでいます。最初のツールから後ろのトークンはすべて新しいものになります</translation>
    </message>
    <message>
        <source>tool &apos;%1&apos; is the same as in the previous request but its keys are in a different order; the cache sees a different tool</source>
        <translation>ツール &apos;%1&apos; は前のリクエストと同じですが、キーの順番が違います。キャッシュからは別のツールに見えます</translation>
    </message>
    <message>
        <source>tool &apos;%1&apos; is the same as in the previous request but its whitespace differs; the cache sees a different tool</source>
        <translation>ツール &apos;%1&apos; は前のリクエストと同じですが、空白が違います。キャッシュからは別のツールに見えます</translation>
    </message>
    <message>
        <source>this schema equals the previous request&apos;s but its keys are in a different order</source>
        <translation>このスキーマは前のリクエストのものと同じですが、キーの順番が違います</translation>
    </message>
    <message>
        <source>tools are not in a stable (sorted) order; if they are built from a map or set, their order can change between requests and void the whole cache</source>
        <translation>ツールが安定した（並べ替えた）順番になっていません。マップや集合から作っているなら、リクエストごとに順番が変わってキャッシュ全体が無駄になりえます</translation>
    </message>
    <message>
        <source>prefix changed (%1) at %2</source>
        <translation>プレフィックスが変わりました（%1）。場所は %2</translation>
    </message>
    <message>
        <source>, character %1</source>
        <translation>、%1 文字目</translation>
    </message>
    <message>
        <source>, character %1 of its JSON</source>
        <translation>、その JSON の %1 文字目</translation>
    </message>
    <message>
        <source>, token %1, content block %2: ~%3 tokens (estimated) the previous request cached cannot be reused</source>
        <translation>、トークン %1、コンテンツブロック %2。前のリクエストがキャッシュした約 %3 トークン（推定）を再利用できません</translation>
    </message>
    <message>
        <source>%1 s since the previous request, longer than the %2 cache lifetime: the ~%3 tokens (estimated) it cached have expired and are written again</source>
        <translation>前のリクエストから %1 秒たっており、%2のキャッシュ寿命を超えています。前のリクエストがキャッシュした約 %3 トークン（推定）は期限切れになり、もう一度書き込まれます</translation>
    </message>
    <message>
        <source>the provider read nothing (cache_read_input_tokens 0) although the prefix was identical to the previous request&apos;s (line %1) for ~%2 tokens (estimated) within its lifetime: the entry was evicted or never written, or the request reached another cache (another workspace or a different beta header; or the first request wrote nothing because its breakpoint was below the minimum)</source>
        <translation>プレフィックスは前のリクエスト（%1 行目）と約 %2 トークン（推定）にわたって同じで、寿命の内なのに、提供元は何も読み出していません（cache_read_input_tokens 0）。エントリが追い出されたか書き込まれなかったか、リクエストが別のキャッシュに届いています（別のワークスペースや別の beta ヘッダー。または最初のリクエストのブレークポイントが最小値に届かず、何も書き込まなかった）</translation>
    </message>
    <message>
        <source>the provider read nothing (cached_tokens 0) although the prefix was identical to the previous request&apos;s (line %1) for ~%2 tokens (estimated) within its lifetime: the entry was evicted or never written, or the request reached another cache (no or a different prompt_cache_key, or more than about 15 requests per minute on one prefix overflow to other machines)</source>
        <translation>プレフィックスは前のリクエスト（%1 行目）と約 %2 トークン（推定）にわたって同じで、寿命の内なのに、提供元は何も読み出していません（cached_tokens 0）。エントリが追い出されたか書き込まれなかったか、リクエストが別のキャッシュに届いています（prompt_cache_key がないか違う。または 1 つのプレフィックスに毎分約 15 件を超えるリクエストが来て、ほかのマシンにあふれた）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is not in the lint tables: prices from the %2 row (a guess: check the provider&apos;s pages)</source>
        <translation>モデル &apos;%1&apos; は lint の表にありません。料金は %2 の行のものです（推測です。提供元のページで確かめてください）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is not in the lint tables: minimum cacheable length %2 from the %3 row (a guess: check the provider&apos;s pages)</source>
        <translation>モデル &apos;%1&apos; は lint の表にありません。キャッシュできる最小の長さ %2 は %3 の行のものです（推測です。提供元のページで確かめてください）</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is not in the lint tables: prices from the %2 row, minimum cacheable length %3 from the %4 row (a guess: check the provider&apos;s pages)</source>
        <translation>モデル &apos;%1&apos; は lint の表にありません。料金は %2 の行、キャッシュできる最小の長さ %3 は %4 の行のものです（推測です。提供元のページで確かめてください）</translation>
    </message>
    <message>
        <source> (in %1 requests)</source>
        <translation>（%1 件のリクエストで）</translation>
    </message>
    <message>
        <source>; ~%1 cached tokens (estimated) are written again here</source>
        <translation>。キャッシュ済みの約 %1 トークン（推定）がここでもう一度書き込まれます</translation>
    </message>
    <message>
        <source>; it voids the cache of 1 later request (line %1), ~%2 tokens (estimated) in all</source>
        <translation>。後のリクエスト 1 件（%1 行目）のキャッシュを無効にし、合わせて約 %2 トークン（推定）になります</translation>
    </message>
    <message>
        <source>; it voids the cache of %1 later requests (lines %2), ~%3 tokens (estimated) in all</source>
        <translation>。後のリクエスト %1 件（%2 行目）のキャッシュを無効にし、合わせて約 %3 トークン（推定）になります</translation>
    </message>
    <message>
        <source>, and the tool after it loses its cache with it</source>
        <translation>。後ろのツールもいっしょにキャッシュを失います</translation>
    </message>
    <message>
        <source>, and the %1 tools after it lose their cache with it</source>
        <translation>。後ろのツール %1 個もいっしょにキャッシュを失います</translation>
    </message>
    <message>
        <source> (1 more tool after it is serialized differently too)</source>
        <translation>（後ろのツールがもう 1 個、別の形でシリアライズされています）</translation>
    </message>
    <message>
        <source> (%1 more tools after it are serialized differently too)</source>
        <translation>（後ろのツールがさらに %1 個、別の形でシリアライズされています）</translation>
    </message>
    <message>
        <source>tool definition</source>
        <translation>ツール定義</translation>
    </message>
    <message>
        <source>cached prefix</source>
        <translation>キャッシュされるプレフィックス</translation>
    </message>
    <message>
        <source>date</source>
        <translation>日付</translation>
    </message>
    <message>
        <source>time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>weekday</source>
        <translation>曜日</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>エポック秒</translation>
    </message>
    <message>
        <source>uuid</source>
        <translation>UUID</translation>
    </message>
    <message>
        <source>hex-id</source>
        <translation>16 進 ID</translation>
    </message>
    <message>
        <source>random-id</source>
        <translation>ランダムな ID</translation>
    </message>
    <message>
        <source>labeled-id</source>
        <translation>ラベル付きの ID</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>カウンター</translation>
    </message>
    <message>
        <source>value</source>
        <translation>値</translation>
    </message>
    <message>
        <source>1 block</source>
        <translation>1 ブロック</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 ブロック</translation>
    </message>
    <message>
        <source>last cache breakpoint</source>
        <translation>最後のキャッシュブレークポイント</translation>
    </message>
    <message>
        <source>final user message</source>
        <translation>最後のユーザーメッセージ</translation>
    </message>
    <message>
        <source>1-hour</source>
        <translation>1 時間</translation>
    </message>
    <message>
        <source>longer</source>
        <translation>より長い</translation>
    </message>
    <message>
        <source>24-hour</source>
        <translation>24 時間</translation>
    </message>
    <message>
        <source>5-minute</source>
        <translation>5 分</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>このモデル</translation>
    </message>
    <message>
        <source>move it into the final user message (prefixlens lint --fix)</source>
        <translation>最後のユーザーメッセージに移します（prefixlens lint --fix）</translation>
    </message>
    <message>
        <source>if it changes per request, move it into the final user message</source>
        <translation>リクエストごとに変わるなら、最後のユーザーメッセージに移します</translation>
    </message>
    <message>
        <source>keep at most 4: one at the end of each part that changes at its own rate</source>
        <translation>最大 4 個まで：変わる速さが違う部分ごとに、その終わりに 1 個ずつ置きます</translation>
    </message>
    <message>
        <source>drop an explicit breakpoint, or the top-level cache_control</source>
        <translation>明示的なブレークポイントを 1 つ外すか、トップレベルの cache_control を外します</translation>
    </message>
    <message>
        <source>give the earlier breakpoints the longer TTL (&quot;ttl&quot;: &quot;1h&quot; first, 5 minutes after)</source>
        <translation>前にあるブレークポイントに長い TTL を付けます（&quot;ttl&quot;: &quot;1h&quot; を先に、5 分を後に）</translation>
    </message>
    <message>
        <source>move the breakpoint after more stable content, or drop it</source>
        <translation>ブレークポイントを、変わらない内容がもっと続いた後ろに移すか、外します</translation>
    </message>
    <message>
        <source>move the breakpoint after more stable content, or check the usage fields</source>
        <translation>ブレークポイントを、変わらない内容がもっと続いた後ろに移すか、usage のフィールドを確かめます</translation>
    </message>
    <message>
        <source>add a breakpoint within 20 blocks of the previous one</source>
        <translation>前のブレークポイントから 20 ブロック以内にブレークポイントを足します</translation>
    </message>
    <message>
        <source>also mark the end of the previous turn, or keep breakpoints within 20 blocks of each other</source>
        <translation>前のターンの終わりにも印を付けるか、ブレークポイント同士を 20 ブロック以内に保ちます</translation>
    </message>
    <message>
        <source>sort tools by name (prefixlens lint --fix)</source>
        <translation>ツールを名前順に並べます（prefixlens lint --fix）</translation>
    </message>
    <message>
        <source>serialize tools with a canonical key order (prefixlens lint --fix)</source>
        <translation>ツールをキーの順番を決めてシリアライズします（prefixlens lint --fix）</translation>
    </message>
    <message>
        <source>serialize schemas with a canonical key order</source>
        <translation>スキーマをキーの順番を決めてシリアライズします</translation>
    </message>
    <message>
        <source>append to the conversation instead of editing earlier turns</source>
        <translation>前のターンを書き換えず、会話の末尾に追加します</translation>
    </message>
    <message>
        <source>a plain user turn after thinking blocks drops them and the messages cache: expect the miss, or keep thinking off in conversations with plain turns</source>
        <translation>thinking ブロックの後のふつうのユーザーターンは、それらとメッセージのキャッシュを落とします。ミスを見込むか、ふつうのターンがある会話では thinking をオフにしておきます</translation>
    </message>
    <message>
        <source>adding or removing images voids the messages cache: keep images where they are and add new ones only where a miss is acceptable</source>
        <translation>画像を足したり外したりするとメッセージのキャッシュが無効になります。画像は今の場所に置いたままにし、新しい画像はミスしてもよいところにだけ足します</translation>
    </message>
    <message>
        <source>keep prompt_cache_key the same for requests that share a prefix</source>
        <translation>プレフィックスを共有するリクエストでは prompt_cache_key を同じにします</translation>
    </message>
    <message>
        <source>keep model, tool_choice, thinking, speed, web search and citations fixed within a conversation</source>
        <translation>1 つの会話の中では model、tool_choice、thinking、speed、Web 検索、引用を固定します</translation>
    </message>
    <message>
        <source>keep tools and system constant across requests</source>
        <translation>ツールとシステムプロンプトはリクエストをまたいで変えないようにします</translation>
    </message>
    <message>
        <source>use &quot;cache_control&quot;: {&quot;type&quot;: &quot;ephemeral&quot;, &quot;ttl&quot;: &quot;1h&quot;} for sparse traffic</source>
        <translation>まばらなトラフィックには &quot;cache_control&quot;: {&quot;type&quot;: &quot;ephemeral&quot;, &quot;ttl&quot;: &quot;1h&quot;} を使います</translation>
    </message>
    <message>
        <source>use prompt_cache_retention &quot;24h&quot; where the model supports it</source>
        <translation>モデルが対応していれば prompt_cache_retention &quot;24h&quot; を使います</translation>
    </message>
    <message>
        <source>check that both requests carry the same cache_control breakpoints and workspace</source>
        <translation>両方のリクエストに同じ cache_control ブレークポイントがあり、同じワークスペースかを確かめます</translation>
    </message>
    <message>
        <source>send a stable prompt_cache_key for requests that share this prefix</source>
        <translation>このプレフィックスを共有するリクエストには、変わらない prompt_cache_key を送ります</translation>
    </message>
    <message>
        <source>pass --pricing FILE with this model&apos;s row, and --min-tokens N</source>
        <translation>このモデルの行を入れた --pricing FILE と、--min-tokens N を渡します</translation>
    </message>
    <message>
        <source>A value that changes per request sits inside the cacheable prefix.</source>
        <translation>リクエストごとに変わる値が、キャッシュできるプレフィックスの中にあります。</translation>
    </message>
    <message>
        <source>A prompt cache reuses only the longest run of tokens identical to an earlier request, counted from the very first token. A date, a clock time, an epoch timestamp, a UUID, a random or labelled request/session/trace id or a counter such as &quot;Request #1042&quot; that changes with every request therefore ends the reusable prefix where it appears: every token and block after it (up to the last cache_control breakpoint for Anthropic, up to the final user message for OpenAI) is written again and billed at full price (or at the 1.25x/2x cache-write price) on every call. Keep what changes at the end: move the value into the final user message (`--fix` does this). In a log, values that stay the same across requests (a date inside a static policy) are not reported, and a timestamp in the final user message is always fine.</source>
        <translation>プロンプトキャッシュが再利用できるのは、いちばん最初のトークンから数えて、前のリクエストと同じトークンが続くいちばん長い部分だけです。そのため、日付、時刻、エポック秒のタイムスタンプ、UUID、ランダムな、またはラベル付きのリクエスト／セッション／トレースの ID、&quot;Request #1042&quot; のようなカウンターなど、リクエストごとに変わるものがあると、再利用できるプレフィックスはそこで終わります。その後ろのトークンとブロックはすべて（Anthropic では最後の cache_control ブレークポイントまで、OpenAI では最後のユーザーメッセージまで）呼び出しのたびにもう一度書き込まれ、通常の料金（またはキャッシュ書き込みの 1.25 倍／2 倍の料金）がかかります。変わるものは最後に置きましょう。値を最後のユーザーメッセージに移します（`--fix` がこれを行います）。ログでは、リクエストをまたいで変わらない値（変わらないポリシーの中の日付など）は報告されず、最後のユーザーメッセージの中のタイムスタンプは常に問題ありません。</translation>
    </message>
    <message>
        <source>A value that changes per request sits inside a tool definition.</source>
        <translation>リクエストごとに変わる値が、ツール定義の中にあります。</translation>
    </message>
    <message>
        <source>Tools are the first part of the prompt (both providers put them before the system prompt and the messages), so a date, id or counter inside a tool&apos;s name, description or schema makes the very first blocks differ between requests: nothing at all can be reused, not the tools, not the system prompt, not the conversation. Tool definitions should be constant; pass per-request values in the final user message instead.</source>
        <translation>ツールはプロンプトの最初の部分です（どちらの提供元も、システムプロンプトとメッセージより前に置きます）。そのため、ツールの名前、説明、スキーマの中に日付、ID、カウンターがあると、リクエストごとにいちばん最初のブロックから違ってしまいます。ツールも、システムプロンプトも、会話も、何ひとつ再利用できません。ツール定義は変わらないものにし、リクエストごとの値は代わりに最後のユーザーメッセージで渡しましょう。</translation>
    </message>
    <message>
        <source>More than 4 cache_control breakpoints in one request.</source>
        <translation>1 つのリクエストに cache_control のブレークポイントが 4 個を超えてあります。</translation>
    </message>
    <message>
        <source>Anthropic&apos;s Messages API accepts at most four cache_control markers per request (counting tools, system blocks and message content blocks, and automatic caching: a top-level cache_control takes one of the four slots for the breakpoint it puts on the last cacheable block); a request with more is rejected with an invalid_request_error. The automatic 20-block lookback makes extra breakpoints unnecessary: place one at the end of each part that changes at a different rate (tools, system, long documents, the growing conversation).</source>
        <translation>Anthropic の Messages API が 1 つのリクエストで受け付ける cache_control の印は最大 4 個です（ツール、system のブロック、メッセージのコンテンツブロックを数え、自動キャッシュも数えます。トップレベルの cache_control は、最後のキャッシュできるブロックに置くブレークポイントのために 4 つの枠の 1 つを使います）。それより多いリクエストは invalid_request_error で拒否されます。自動で 20 ブロックさかのぼって探すので、余分なブレークポイントは要りません。変わる速さが違う部分（ツール、system、長い文書、伸びていく会話）ごとに、その終わりに 1 個ずつ置きましょう。</translation>
    </message>
    <message>
        <source>A breakpoint&apos;s prefix is shorter than the model&apos;s minimum cacheable length.</source>
        <translation>ブレークポイントまでのプレフィックスが、モデルのキャッシュできる最小の長さより短くなっています。</translation>
    </message>
    <message>
        <source>Each Anthropic model family caches a prefix only from a minimum length (1,024 tokens for most Sonnet and Opus models, 2,048 or 4,096 for others; the table with its source and date is assets/lint/min_cacheable_tokens.json, and --min-tokens overrides it). A breakpoint on a shorter prefix is not an error: the API silently caches nothing there, so cache_creation_input_tokens stays 0. Move the breakpoint further down, or accept that this part is not cached. Token counts are estimates from the built-in tokenizer.</source>
        <translation>Anthropic のモデルファミリーは、それぞれ最小の長さ以上のプレフィックスしかキャッシュしません（多くの Sonnet と Opus のモデルでは 1,024 トークン、ほかでは 2,048 または 4,096。出典と日付付きの表は assets/lint/min_cacheable_tokens.json にあり、--min-tokens で上書きできます）。それより短いプレフィックスに置いたブレークポイントはエラーにはなりません。API はそこで何も知らせずに何もキャッシュせず、cache_creation_input_tokens は 0 のままです。ブレークポイントをもっと後ろに移すか、この部分はキャッシュされないものと受け入れましょう。トークン数は組み込みトークナイザーによる推定です。</translation>
    </message>
    <message>
        <source>Equal tool or schema definitions are serialized differently between requests.</source>
        <translation>同じ意味のツールやスキーマの定義が、リクエストごとに違う形でシリアライズされています。</translation>
    </message>
    <message>
        <source>The cache compares the rendered bytes, not the meaning. Two tool definitions that say the same thing but list their keys in a different order, differ only in whitespace, or come in a different order in the tools array (for example built from a hash map or a set) produce different tokens from the first tool on, so nothing is reused. Serialize tools and JSON schemas deterministically: a fixed tool order (e.g. sorted by name) and a canonical key order; --fix does both. In a single request, an unsorted tools list is reported as a note.</source>
        <translation>キャッシュが比べるのは、意味ではなくレンダリングされたバイトです。同じことを言う 2 つのツール定義でも、キーの並び順が違う、空白だけが違う、tools 配列の中での順番が違う（たとえばハッシュマップや集合から作っている）といった場合は、最初のツールから先が違うトークンになり、何も再利用されません。ツールと JSON スキーマは決まった形でシリアライズしましょう。ツールの順番を固定し（たとえば名前順）、キーの順番を正規の順にします。--fix はその両方を行います。リクエストが 1 つだけの場合、並べ替えられていないツール一覧は注記として報告されます。</translation>
    </message>
    <message>
        <source>A breakpoint is 20 or more blocks after the previous cached prefix.</source>
        <translation>ブレークポイントが、前にキャッシュされたプレフィックスから 20 ブロック以上後ろにあります。</translation>
    </message>
    <message>
        <source>When Anthropic&apos;s API looks for a cache entry it checks the breakpoint&apos;s own prefix and then the ends of the earlier content blocks, 20 positions in all counting the breakpoint&apos;s own block (block numbers count from 1, as the documentation does: a breakpoint at block 35 checks blocks 35 down to 16, so an entry written at block 15 is not found). A prefix cached by an earlier request (or an earlier breakpoint) that ends 20 or more blocks before the next breakpoint cannot be found: the whole prefix is written again instead of read. Add a breakpoint closer to the earlier one (agents that append many tool calls per turn should move the breakpoint to the end of the conversation on every request).</source>
        <translation>Anthropic の API はキャッシュのエントリを探すとき、ブレークポイント自身のプレフィックスを確かめ、それから前にあるコンテンツブロックの終わりを、ブレークポイント自身のブロックを含めて全部で 20 か所確かめます（ブロックの番号はドキュメントと同じく 1 から数えます。ブロック 35 のブレークポイントはブロック 35 から 16 までを確かめるので、ブロック 15 で書き込まれたエントリは見つかりません）。前のリクエスト（または前のブレークポイント）がキャッシュしたプレフィックスが、次のブレークポイントより 20 ブロック以上前で終わっていると、見つけられません。プレフィックス全体が、読み出されずにもう一度書き込まれます。前のブレークポイントの近くにブレークポイントを足しましょう（1 ターンに多くのツール呼び出しを追加するエージェントは、リクエストのたびにブレークポイントを会話の終わりに移すべきです）。</translation>
    </message>
    <message>
        <source>A request changes the cached prefix of the request before it.</source>
        <translation>リクエストが、その前のリクエストのキャッシュ済みプレフィックスを変えています。</translation>
    </message>
    <message>
        <source>Across a log, each request is compared with the one before it. When a change lands inside the prefix the earlier request cached, everything after the first difference is written again. The finding names the first divergence (part, JSON pointer, character and token offset, block) and its cause: tools-changed (edits to tool definitions void everything), system-changed, history-rewritten (a non-append change to earlier turns: editing, trimming or summarizing history), params-changed (a different model voids everything; speed the system prompt and messages; tool_choice or thinking the messages), images-changed (adding or removing images voids the messages), thinking-stripped (a plain user turn after assistant thinking blocks makes the API drop them, so the messages no longer match), or cache-key-changed (OpenAI: another prompt_cache_key is another cache). In a log, requests are grouped into conversations (session id, prompt_cache_key, metadata.user_id, else the first user message) and each is compared with the previous request of its conversation. One cause gives one finding: when a dynamic value or a reserialized tool already explains the miss, that finding lists the later requests it affects instead. Append to conversations; keep tools, system and parameters fixed.</source>
        <translation>ログの中の各リクエストは、その前のリクエストと比べられます。前のリクエストがキャッシュしたプレフィックスの中で何かが変わると、最初の違いから後ろはすべてもう一度書き込まれます。この指摘は最初の分かれ目（部分、JSON ポインター、文字とトークンの位置、ブロック）とその原因を示します。原因は tools-changed（ツール定義の修正はすべてを無効にします）、system-changed、history-rewritten（前のターンへの追加ではない変更。履歴の編集、切り詰め、要約）、params-changed（モデルが違うとすべてが無効に、speed はシステムプロンプトとメッセージが、tool_choice や thinking はメッセージが無効になります）、images-changed（画像を足したり外したりするとメッセージが無効になります）、thinking-stripped（アシスタントの thinking ブロックの後にふつうのユーザーターンが来ると API がそれらを落とすので、メッセージが一致しなくなります）、cache-key-changed（OpenAI：別の prompt_cache_key は別のキャッシュです）のいずれかです。ログでは、リクエストは会話ごと（セッション ID、prompt_cache_key、metadata.user_id、それもなければ最初のユーザーメッセージ）にまとめられ、それぞれ同じ会話の前のリクエストと比べられます。1 つの原因には 1 つの指摘です。動的な値やシリアライズし直したツールがすでにミスを説明しているときは、その指摘が代わりに影響を受ける後のリクエストを挙げます。会話には追加していき、ツール、system、パラメーターは固定しましょう。</translation>
    </message>
    <message>
        <source>The time between requests exceeds the cache lifetime.</source>
        <translation>リクエストの間隔がキャッシュの寿命を超えています。</translation>
    </message>
    <message>
        <source>A cached prefix lives for its TTL after its last use: 5 minutes by default on Anthropic (1 hour with &quot;ttl&quot;: &quot;1h&quot; at a 2x write price), roughly 5 to 10 minutes of inactivity on OpenAI (the linter uses 5 minutes; 24 hours with prompt_cache_retention &quot;24h&quot;). When the log&apos;s timestamps show a longer gap, the prefix has expired and is written again. For sparse traffic use the 1-hour TTL, or accept the rewrite.</source>
        <translation>キャッシュされたプレフィックスは、最後に使われてから TTL の間だけ残ります。Anthropic では既定で 5 分（&quot;ttl&quot;: &quot;1h&quot; なら書き込み料金 2 倍で 1 時間）、OpenAI では使われないまま約 5〜10 分です（リンターは 5 分とみなします。prompt_cache_retention &quot;24h&quot; なら 24 時間）。ログのタイムスタンプがそれより長い間隔を示すときは、プレフィックスは期限切れになっていて、もう一度書き込まれます。まばらなトラフィックには 1 時間の TTL を使うか、書き直しを受け入れましょう。</translation>
    </message>
    <message>
        <source>The input could not be read as a request.</source>
        <translation>入力をリクエストとして読めませんでした。</translation>
    </message>
    <message>
        <source>The file, a line of a JSON Lines log, or a request in it is not valid JSON, is nested too deeply, holds a string over the size limit, or does not have the shape of an Anthropic Messages or OpenAI Chat Completions/Responses request. The message gives the line and column or the JSON pointer. Other lines of a log are still linted; the exit status is 2.</source>
        <translation>ファイル、JSON Lines ログの 1 行、またはその中のリクエストが、正しい JSON でない、入れ子が深すぎる、サイズの上限を超える文字列を含む、あるいは Anthropic Messages や OpenAI Chat Completions/Responses のリクエストの形をしていません。メッセージには行と列、または JSON ポインターが示されます。ログのほかの行は引き続き lint され、終了ステータスは 2 になります。</translation>
    </message>
    <message>
        <source>A breakpoint with a longer TTL comes after one with a shorter TTL.</source>
        <translation>TTL の長いブレークポイントが、TTL の短いブレークポイントの後にあります。</translation>
    </message>
    <message>
        <source>Anthropic&apos;s API accepts mixed cache lifetimes in one request only when the longer ones come first: every &quot;ttl&quot;: &quot;1h&quot; breakpoint must come before any 5-minute one (in the order tools, system, messages, with automatic caching&apos;s breakpoint last). A request with a 1-hour breakpoint after a 5-minute one is rejected with an invalid_request_error. Writes are billed per TTL: the tokens up to a 1-hour breakpoint at 2x the input price, the rest up to a 5-minute breakpoint at 1.25x; the cost estimate does the same.</source>
        <translation>Anthropic の API が 1 つのリクエストの中で異なるキャッシュ寿命を受け付けるのは、長いほうが先に来るときだけです。&quot;ttl&quot;: &quot;1h&quot; のブレークポイントはどれも、5 分のブレークポイントより前に来なければなりません（順番はツール、system、メッセージで、自動キャッシュのブレークポイントが最後です）。5 分のブレークポイントの後に 1 時間のブレークポイントがあるリクエストは、invalid_request_error で拒否されます。書き込みは TTL ごとに課金されます。1 時間のブレークポイントまでのトークンは入力料金の 2 倍、残りの 5 分のブレークポイントまでは 1.25 倍で、コストの見積もりも同じように計算します。</translation>
    </message>
    <message>
        <source>The provider read nothing although the prefix was identical to the previous request.</source>
        <translation>プレフィックスが前のリクエストと同じなのに、提供元は何も読み出していません。</translation>
    </message>
    <message>
        <source>When a log record carries the provider&apos;s usage (Anthropic&apos;s cache_read_input_tokens, OpenAI&apos;s prompt_tokens_details.cached_tokens), the linter compares it with its own prediction. This rule fires when the usage reports 0 cached tokens although the previous request of the same conversation cached a prefix that this request repeats unchanged, within its lifetime and above the minimum length. Nothing in the prompt explains the miss, so look outside it: the entry was evicted, the first request wrote nothing (its breakpoint was below the minimum, or it failed), or the request reached another cache (another workspace or organization; on OpenAI no or a different prompt_cache_key, or enough traffic on one prefix to overflow to other machines). Token counts are estimates, so a prefix near the minimum may be a false alarm.</source>
        <translation>ログのレコードに提供元の usage（Anthropic の cache_read_input_tokens、OpenAI の prompt_tokens_details.cached_tokens）があると、リンターはそれを自分の予測と比べます。このルールが発動するのは、同じ会話の前のリクエストがキャッシュしたプレフィックスを、このリクエストが寿命の内に、最小の長さを超えて、そのまま繰り返しているのに、usage がキャッシュされたトークンを 0 と報告しているときです。プロンプトの中にはミスを説明するものがないので、外を見ましょう。エントリが追い出された、最初のリクエストが何も書き込まなかった（ブレークポイントが最小値に届かなかったか、失敗した）、あるいはリクエストが別のキャッシュに届いた（別のワークスペースや組織。OpenAI では prompt_cache_key がないか違う、または 1 つのプレフィックスへのトラフィックが多すぎてほかのマシンにあふれた）のです。トークン数は推定なので、最小値に近いプレフィックスでは誤報のこともあります。</translation>
    </message>
    <message>
        <source>The model is not in the lint tables; another row&apos;s figures are used.</source>
        <translation>モデルが lint の表にありません。ほかの行の数値を使います。</translation>
    </message>
    <message>
        <source>The cost estimate and the minimum cacheable length come from assets/lint/pricing.json and min_cacheable_tokens.json, each row with its source page and the date it was read. A model is matched by its exact id (a dated id such as claude-sonnet-4-5-20250929, a -latest alias, a Bedrock or router prefix included). A model no row names gets the row of its family (by substring) or the default model&apos;s row, and this note names the row used, so a newer model is never priced as an older one silently. Pass --pricing FILE (the shape of pricing.json: your contract&apos;s prices) and --min-tokens N to replace the guess.</source>
        <translation>コストの見積もりとキャッシュできる最小の長さは assets/lint/pricing.json と min_cacheable_tokens.json から取り、どの行にも出典のページと読んだ日付が付いています。モデルは ID が完全に一致する行に合わせます（claude-sonnet-4-5-20250929 のような日付付きの ID、-latest の別名、Bedrock やルーターの接頭辞も含みます）。どの行にもないモデルには、そのファミリーの行（部分一致で）か既定のモデルの行を使い、この注記が使った行を示します。新しいモデルが黙って古いモデルの料金で見積もられることはありません。推測の代わりに --pricing FILE（pricing.json と同じ形で、契約の料金を書いたもの）と --min-tokens N を渡しましょう。</translation>
    </message>
    <message>
        <source>%1 cachePoint blocks; Bedrock accepts at most %2 and rejects this request</source>
        <translation>cachePoint ブロックが %1 個あります。Bedrock が受け付けるのは最大 %2 個で、このリクエストは拒否されます</translation>
    </message>
    <message>
        <source>Amazon Nova does not cache tool definitions: this cachePoint in toolConfig is not supported by %1</source>
        <translation>Amazon Nova はツール定義をキャッシュしません。toolConfig 内のこの cachePoint は %1 ではサポートされません</translation>
    </message>
    <message>
        <source>the prefix up to this cachePoint is ~%1 tokens (estimated); %2 caches at most %3, so the ~%4 tokens past that are computed on every request</source>
        <translation>この cachePoint までのプレフィックスは約 %1 トークン（推定）です。%2 がキャッシュできるのは最大 %3 なので、それを超える約 %4 トークンは毎回計算されます</translation>
    </message>
    <message>
        <source>this request reads %1 and also sets %2: Gemini refuses that (they belong in the cached content)</source>
        <translation>このリクエストは %1 を読み、さらに %2 も設定しています。Gemini はこれを拒否します（それらはキャッシュ済みコンテンツに含めるものです）</translation>
    </message>
    <message>
        <source>the first %1 of these contents repeat what %2 (line %3) already holds: ~%4 tokens (estimated) are sent and billed again at the full price</source>
        <translation>これらのコンテンツの最初の %1 件は %2（%3 行目）が既に保持している内容の繰り返しです。約 %4 トークン（推定）が再送され、通常価格で再び課金されます</translation>
    </message>
    <message>
        <source>%1 (created on line %2) expired %3 s before this request: Gemini no longer has it and refuses the request</source>
        <translation>%1（%2 行目で作成）はこのリクエストの %3 秒前に期限切れになりました。Gemini はもうそれを保持しておらず、リクエストを拒否します</translation>
    </message>
    <message>
        <source>keep at most 4 cache points: one after each part that changes at its own rate</source>
        <translation>キャッシュポイントは最大 4 個まで。変化の速さが異なる部分ごとに、その後に 1 個ずつ置いてください</translation>
    </message>
    <message>
        <source>remove the cachePoint from toolConfig; put the first one after the system prompt (prefixlens lint --fix)</source>
        <translation>toolConfig から cachePoint を取り除き、最初のものはシステムプロンプトの後に置いてください（prefixlens lint --fix）</translation>
    </message>
    <message>
        <source>put a cache point before the limit and keep the cached prefix under it</source>
        <translation>上限より前にキャッシュポイントを置き、キャッシュするプレフィックスを上限内に収めてください</translation>
    </message>
    <message>
        <source>put the system instruction and tools into the cached content when creating it</source>
        <translation>システム指示とツールは、キャッシュ作成時にキャッシュ済みコンテンツに含めてください</translation>
    </message>
    <message>
        <source>send only what follows the cached contents</source>
        <translation>キャッシュ済みコンテンツの続きだけを送ってください</translation>
    </message>
    <message>
        <source>create the cache with a ttl that covers the traffic, or extend it (cachedContents patch) before it expires</source>
        <translation>トラフィックをカバーする ttl でキャッシュを作成するか、期限切れ前に延長してください（cachedContents の patch）</translation>
    </message>
    <message>
        <source>add &quot;ttl&quot;: &quot;1h&quot; to the cachePoint for sparse traffic</source>
        <translation>まばらなトラフィックには cachePoint に &quot;ttl&quot;: &quot;1h&quot; を追加してください</translation>
    </message>
    <message>
        <source>for sparse traffic, create an explicit cache (cachedContents) with a ttl that covers the gaps</source>
        <translation>まばらなトラフィックには、間隔をカバーする ttl で明示的キャッシュ（cachedContents）を作成してください</translation>
    </message>
    <message>
        <source>A cache point where the model cannot cache.</source>
        <translation>モデルがキャッシュできない位置にあるキャッシュポイント。</translation>
    </message>
    <message>
        <source>Amazon Nova models on Bedrock cache the system prompt and the messages but not the tool definitions: a cachePoint inside toolConfig is not supported for them. Put the first cache point after the system prompt instead; --fix removes the one in toolConfig.</source>
        <translation>Bedrock 上の Amazon Nova モデルはシステムプロンプトとメッセージをキャッシュしますが、ツール定義はキャッシュしません。toolConfig 内の cachePoint はサポートされません。最初のキャッシュポイントはシステムプロンプトの後に置いてください。--fix は toolConfig 内のものを取り除きます。</translation>
    </message>
    <message>
        <source>The cached prefix is longer than the model can cache.</source>
        <translation>キャッシュするプレフィックスがモデルのキャッシュ上限より長い。</translation>
    </message>
    <message>
        <source>Amazon Nova models cache at most about 32,000 tokens of prefix. A cache point further into the prompt than that caches no more: the tokens past the limit are computed and billed on every request. Keep the stable part of the prompt under the limit and put the cache point there.</source>
        <translation>Amazon Nova モデルがキャッシュできるプレフィックスは最大約 32,000 トークンです。それより先のキャッシュポイントはそれ以上をキャッシュしません。上限を超えた分のトークンは毎回のリクエストで計算され課金されます。プロンプトの安定した部分を上限内に収め、そこにキャッシュポイントを置いてください。</translation>
    </message>
    <message>
        <source>A request that reads a Gemini cached content also sets its own system instruction or tools.</source>
        <translation>Gemini のキャッシュ済みコンテンツを読むリクエストが、独自のシステム指示やツールも設定している。</translation>
    </message>
    <message>
        <source>A Gemini explicit cache (cachedContents) holds the system instruction, the tools and the leading contents; a generateContent request that names it with cachedContent may add contents after them but may not set systemInstruction, tools or toolConfig itself: the API refuses the request. Create the cache with them instead.</source>
        <translation>Gemini の明示的キャッシュ（cachedContents）はシステム指示、ツール、先頭のコンテンツを保持します。cachedContent でそれを指定する generateContent リクエストは、その後にコンテンツを追加できますが、systemInstruction、tools、toolConfig を自分で設定することはできず、API はリクエストを拒否します。代わりにそれらを含めてキャッシュを作成してください。</translation>
    </message>
    <message>
        <source>A request sends again the contents its Gemini cached content already holds.</source>
        <translation>リクエストが、Gemini のキャッシュ済みコンテンツに既に含まれる内容を再送している。</translation>
    </message>
    <message>
        <source>A request that names a cachedContent is read as the cache&apos;s contents followed by the request&apos;s own. When the request starts with the same contents the cache was created with, the model reads them twice and they are billed twice: once at the cached price and once at the full price. Send only what follows the cached contents. The linter knows a cache&apos;s contents when the log holds the cachedContents.create record whose response names it.</source>
        <translation>cachedContent を指定したリクエストは、キャッシュのコンテンツの後にリクエスト自身のコンテンツが続くものとして読まれます。リクエストがキャッシュ作成時と同じコンテンツで始まると、モデルはそれを二度読み、二度課金されます（キャッシュ価格で一度、通常価格で一度）。キャッシュ済みコンテンツの続きだけを送ってください。ログにそのキャッシュを名付けるレスポンスを持つ cachedContents.create レコードがあるとき、リンターはキャッシュの内容を知ります。</translation>
    </message>
    <message>
        <source>this prompt is %1 tokens by %2&apos;s count, below the minimum of %3 for %4: implicit caching neither reads nor stores any of it</source>
        <translation>このプロンプトは %2 の数え方で %1 トークンで、%4 の最小値 %3 に届きません。暗黙のキャッシュはこのプロンプトを読みも書きもしません</translation>
    </message>
    <message>
        <source>near the threshold: this prompt is about %1 tokens by %2&apos;s count (estimated), around the minimum of %3 for %4: it may not be cached; the usage&apos;s cached tokens tell</source>
        <translation>しきい値すれすれです。このプロンプトは %2 の数え方で約 %1 トークン（推定）で、%4 の最小値 %3 の前後です。キャッシュされないかもしれません。usage のキャッシュ済みトークン数で分かります</translation>
    </message>
    <message>
        <source>put more stable content (instructions, examples, documents) before what changes, or expect no cache</source>
        <translation>変わる部分の前に、変わらない内容（指示、例、文書）をもっと置くか、キャッシュされないものと考えてください</translation>
    </message>
</context>
<context>
    <name>pl::ui::LiveDock</name>
    <message>
        <source>prefix-cache hit rate</source>
        <translation>プレフィックスキャッシュのヒット率</translation>
    </message>
    <message>
        <source>KV cache in use</source>
        <translation>使用中の KV キャッシュ</translation>
    </message>
    <message>
        <source>Live server</source>
        <translation>稼働中のサーバー</translation>
    </message>
    <message>
        <source>&amp;Connect to a server…</source>
        <translation>サーバーに接続(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Disconnect from the server</source>
        <translation>サーバーから切断(&amp;D)</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>ブロック</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>深さ</translation>
    </message>
    <message>
        <source>Held below</source>
        <translation>配下の保持数</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>テキスト</translation>
    </message>
    <message>
        <source>Not connected. File &gt; Connect to a server… subscribes to a vLLM or SGLang server&apos;s KV-cache events.</source>
        <translation>未接続です。ファイル &gt; サーバーに接続… で vLLM または SGLang サーバーの KV キャッシュイベントを購読します。</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>%1 に接続中</translation>
    </message>
    <message>
        <source>Disconnected from %1</source>
        <translation>%1 から切断しました</translation>
    </message>
    <message>
        <source>Connect to a server</source>
        <translation>サーバーに接続</translation>
    </message>
    <message>
        <source>Tokenizer folder (vocab.json and merges.txt, or tokenizer.json)</source>
        <translation>トークナイザーのフォルダー (vocab.json と merges.txt、または tokenizer.json)</translation>
    </message>
    <message>
        <source>Event endpoints (one per server or rank):</source>
        <translation>イベントのエンドポイント (サーバーまたはランクごとに 1 つ):</translation>
    </message>
    <message>
        <source>Replay endpoint:</source>
        <translation>リプレイのエンドポイント:</translation>
    </message>
    <message>
        <source>Topic:</source>
        <translation>トピック:</translation>
    </message>
    <message>
        <source>Metrics URL:</source>
        <translation>メトリクスの URL:</translation>
    </message>
    <message>
        <source>Tokenizer folder:</source>
        <translation>トークナイザーのフォルダー:</translation>
    </message>
    <message>
        <source>vLLM: --kv-events-config with &quot;publisher&quot;: &quot;zmq&quot;; SGLang: --kv-events-config. The guide lists the exact flags.</source>
        <translation>vLLM: --kv-events-config に &quot;publisher&quot;: &quot;zmq&quot; を指定。SGLang: --kv-events-config。正確なフラグはガイドにあります。</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>接続</translation>
    </message>
    <message>
        <source>%1 blocks held · +%2 stored/s · −%3 evicted/s · %4 stored, %5 evicted (%6 within 10 s)</source>
        <translation>保持 %1 ブロック · 保存 +%2/秒 · 追い出し −%3/秒 · 保存 %4、追い出し %5 (うち 10 秒以内 %6)</translation>
    </message>
    <message>
        <source> · hit rate %1%</source>
        <translation> · ヒット率 %1%</translation>
    </message>
    <message>
        <source> · KV %1%</source>
        <translation> · KV %1%</translation>
    </message>
    <message>
        <source> · %1 malformed, %2 unknown, %3 gaps (%4 lost), %5 restarts</source>
        <translation> · 不正 %1、不明 %2、欠番 %3 (失われた %4)、再起動 %5</translation>
    </message>
    <message numerus="yes">
        <source>  (+%n colder branch(es))</source>
        <translation>
            <numerusform>  (ほかに低温の枝 %n 本)</numerusform>
        </translation>
    </message>
    <message>
        <source>No branch point yet: no held block has two held children.</source>
        <translation>分岐点はまだありません: 保持中の子を 2 つ持つ保持ブロックがありません。</translation>
    </message>
    <message>
        <source>Where cached prompts diverge</source>
        <translation>キャッシュされたプロンプトが分かれる場所</translation>
    </message>
    <message numerus="yes">
        <source>%n chain(s) split after block %1</source>
        <translation>
            <numerusform>%n 本のチェーンがブロック %1 の後で分岐</numerusform>
        </translation>
    </message>
    <message>
        <source>looks like a timestamp</source>
        <translation>タイムスタンプのようです</translation>
    </message>
    <message>
        <source>looks like an id</source>
        <translation>ID のようです</translation>
    </message>
    <message>
        <source>looks like a counter</source>
        <translation>カウンターのようです</translation>
    </message>
    <message>
        <source>your request %1&apos;s system prompt, block %2</source>
        <translation>あなたのリクエスト %1 のシステムプロンプト、ブロック %2</translation>
    </message>
    <message>
        <source>your request %1&apos;s tools, block %2</source>
        <translation>あなたのリクエスト %1 のツール、ブロック %2</translation>
    </message>
    <message>
        <source>your request %1&apos;s messages, block %2</source>
        <translation>あなたのリクエスト %1 のメッセージ、ブロック %2</translation>
    </message>
    <message>
        <source>a scenario or request file (optional)</source>
        <translation>シナリオまたはリクエストのファイル（任意）</translation>
    </message>
    <message>
        <source>Your prompts (a scenario or a request body)</source>
        <translation>あなたのプロンプト（シナリオまたはリクエスト本文）</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Match blocks to your prompts:</source>
        <translation>ブロックをあなたのプロンプトと照合:</translation>
    </message>
    <message>
        <source>Server&apos;s block size (tokens):</source>
        <translation>サーバーのブロックサイズ（トークン）:</translation>
    </message>
    <message>
        <source>vLLM&apos;s PYTHONHASHSEED (sha256_cbor hashes only)</source>
        <translation>vLLM の PYTHONHASHSEED（sha256_cbor ハッシュのみ）</translation>
    </message>
    <message>
        <source>Hash seed:</source>
        <translation>ハッシュシード:</translation>
    </message>
</context>
<context>
    <name>pl::ui::LiveSession</name>
    <message>
        <source>Give the server&apos;s event endpoint, e.g. tcp://HOST:5557.</source>
        <translation>サーバーのイベントのエンドポイントを指定してください (例: tcp://HOST:5557)。</translation>
    </message>
    <message>
        <source>Matching blocks to your prompts needs the tokenizer folder: the server&apos;s own tokenizer, or no block can match.</source>
        <translation>ブロックをプロンプトと照合するにはトークナイザーのフォルダーが必要です。サーバー自身のトークナイザーでなければ、どのブロックも一致しません。</translation>
    </message>
    <message>
        <source>The block size must be between 1 and 65536 tokens.</source>
        <translation>ブロックサイズは 1〜65536 トークンにしてください。</translation>
    </message>
</context>
<context>
    <name>pl::ui::LiveWorker</name>
    <message numerus="yes">
        <source>%1: %n message(s) lost (no replay had them)</source>
        <translation>
            <numerusform>%1: %n 件のメッセージが失われました (リプレイにもありません)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: a malformed message: %2</source>
        <translation>%1: 不正なメッセージ: %2</translation>
    </message>
</context>
<context>
    <name>pl::ui::MainWindow</name>
    <message>
        <source>Loading model…</source>
        <translation>モデルを読み込み中…</translation>
    </message>
    <message>
        <source>Stopped early: %1</source>
        <translation>途中で停止: %1</translation>
    </message>
    <message>
        <source>Played %1 requests · %2 events · TTFT from the cost model</source>
        <translation>%1 件のリクエストを再生 · %2 イベント · TTFT はコストモデルによる値</translation>
    </message>
    <message>
        <source>Played %1 requests in %2 s · %3 events</source>
        <translation>%1 件のリクエストを %2 秒で再生 · %3 イベント</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>エラー: %1</translation>
    </message>
    <message>
        <source>About PrefixLens</source>
        <translation>PrefixLens について</translation>
    </message>
    <message>
        <source>&lt;b&gt;PrefixLens %1&lt;/b&gt;&lt;p&gt;See prompt caching happen: a real GPT-2 model, a paged KV cache with vLLM&apos;s prefix caching, and every block hash on screen.&lt;/p&gt;</source>
        <translation>&lt;b&gt;PrefixLens %1&lt;/b&gt;&lt;p&gt;プロンプトキャッシュの動きを目で見る：本物の GPT-2 モデル、vLLM のプレフィックスキャッシュを備えたページングされた KVキャッシュ、そして画面に並ぶすべてのブロックハッシュ。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>New here? &lt;a href=&apos;lesson&apos;&gt;Start the first lesson&lt;/a&gt; or pick one in Lessons.</source>
        <translation>はじめての方は&lt;a href=&apos;lesson&apos;&gt;最初のレッスン&lt;/a&gt;から。レッスンメニューからも選べます。</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>出力</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>使用量</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>グラフ</translation>
    </message>
    <message>
        <source>KV pool</source>
        <translation>KVプール</translation>
    </message>
    <message>
        <source>Lint</source>
        <translation>Lint</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>レッスン</translation>
    </message>
    <message>
        <source>Show lint &amp;findings</source>
        <translation>Lint の指摘を表示(&amp;F)</translation>
    </message>
    <message>
        <source>Built-in scenarios, in workshop order</source>
        <translation>組み込みシナリオ（ワークショップの順）</translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation>シナリオなし</translation>
    </message>
    <message>
        <source>PrefixLens</source>
        <translation>PrefixLens</translation>
    </message>
    <message>
        <source>  ·  running on the model…</source>
        <translation>  ·  モデルで実行中…</translation>
    </message>
    <message>
        <source>  [%1 requests · blocks of %2 tokens · pool of %3 blocks%4]</source>
        <translation>  [リクエスト %1 件 · ブロックは %2 トークン · プールは %3 ブロック%4]</translation>
    </message>
    <message>
        <source> · TTL %1 s</source>
        <translation> · TTL %1 秒</translation>
    </message>
    <message>
        <source>%1 — PrefixLens</source>
        <translation>%1 — PrefixLens</translation>
    </message>
    <message>
        <source>model loading…</source>
        <translation>モデル読み込み中…</translation>
    </message>
    <message>
        <source>model %1 · backend %2</source>
        <translation>モデル %1 · バックエンド %2</translation>
    </message>
    <message>
        <source>model %1 · backend %2 · %3</source>
        <translation>モデル %1 · バックエンド %2 · %3</translation>
    </message>
    <message>
        <source>⚠ Vulkan unavailable: %1</source>
        <translation>⚠ Vulkan を使用できません: %1</translation>
    </message>
    <message>
        <source>software Vulkan: CPU twin</source>
        <translation>ソフトウェア Vulkan: CPU 版で実行</translation>
    </message>
    <message>
        <source>The only Vulkan device here, %1, runs on the processor. The CPU twin computes the same model several times faster on the same cores, so it runs instead. Start with --backend vulkan to use %1 anyway.</source>
        <translation>この環境の Vulkan デバイスは %1 だけで、CPU 上で動くソフトウェア実装です。CPU 版は同じコアで同じモデルを数倍速く計算するため、そちらで実行しています。それでも %1 を使うには --backend vulkan で起動してください。</translation>
    </message>
    <message>
        <source>%1 requests, as played before in %2 s (kept in the run cache)</source>
        <translation>%1 件のリクエスト、前回 %2 秒で再生した結果 (実行キャッシュより)</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>方式</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>(a scenario of your own)</source>
        <translation>（独自のシナリオ）</translation>
    </message>
</context>
<context>
    <name>pl::ui::MemoryScalePanel</name>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>&lt;b&gt;Memory to scale&lt;/b&gt;: the weights stay, the KV cache grows with every token of every session.</source>
        <translation>&lt;b&gt;実寸のメモリ&lt;/b&gt;: 重みは変わらず、KV キャッシュはすべてのセッションのすべてのトークンとともに増えます。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>カード</translation>
    </message>
    <message>
        <source>Tokens per session</source>
        <translation>セッションあたりのトークン</translation>
    </message>
    <message>
        <source>%1 weights: %2 (%3 parameters, %4). %5 KV cache: %6 per token (%7 layers × %8 key/value heads × %9 values, K and V), %10 per session of %11 tokens.</source>
        <translation>%1 重み: %2（パラメータ %3、%4）。%5 KV キャッシュ: トークンあたり %6（%7 層 × %8 キー/バリューヘッド × %9 値、K と V）、%11 トークンのセッションあたり %10。</translation>
    </message>
    <message>
        <source>Grouped-query attention: %1 query heads share %2 key/value heads, so each token costs %3× less KV.</source>
        <translation>グループ化クエリアテンション: %1 個のクエリヘッドが %2 個のキー/バリューヘッドを共有するので、トークンあたりの KV は %3 分の 1 です。</translation>
    </message>
    <message>
        <source>The weights alone do not fit the %1 card.</source>
        <translation>重みだけで %1 のカードに収まりません。</translation>
    </message>
    <message>
        <source>Sessions of this length that fill the %1 card: %2</source>
        <translation>この長さで %1 のカードを満たすセッション数: %2</translation>
    </message>
    <message>
        <source>%1 (this model)</source>
        <translation>%1（このモデル）</translation>
    </message>
</context>
<context>
    <name>pl::ui::ModelPanel</name>
    <message>
        <source>Prefill vs decode</source>
        <translation>Prefill と decode</translation>
    </message>
    <message>
        <source>When each output token appeared, with the KV cache and with none</source>
        <translation>各出力トークンが出た時刻（KV キャッシュありとなし）</translation>
    </message>
    <message>
        <source>Length sweep</source>
        <translation>長さスイープ</translation>
    </message>
    <message>
        <source>Prefill time and attention work against KV memory, by prompt length</source>
        <translation>プロンプト長ごとの prefill 時間と Attention の計算量、および KV メモリ</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>測定</translation>
    </message>
    <message>
        <source>Prefill prompts from 64 tokens to the model&apos;s whole context on the backend, one after another</source>
        <translation>64 トークンからモデルの文脈長いっぱいまでのプロンプトを、バックエンドで順に prefill します</translation>
    </message>
    <message>
        <source>Prefill and decode times appear as the scenario plays.</source>
        <translation>prefill と decode の時間はシナリオの再生とともに表示されます。</translation>
    </message>
    <message>
        <source>Request %1&apos;s times appear when it finishes.</source>
        <translation>リクエスト %1 の時間は完了時に表示されます。</translation>
    </message>
    <message>
        <source>Could not serve request %1 without the cache: %2</source>
        <translation>リクエスト %1 をキャッシュなしで処理できませんでした：%2</translation>
    </message>
    <message>
        <source>Serving request %1 again without the KV cache, every decode step recomputing the whole sequence…</source>
        <translation>リクエスト %1 を KV キャッシュなしでもう一度処理中。decode の各ステップで系列全体を再計算しています…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · &lt;span style=&apos;color:%2&apos;&gt;KV cache:&lt;/span&gt; prefill %3 ms + decode %4 ms, %5 K/V rows computed · &lt;span style=&apos;color:%6&apos;&gt;no cache:&lt;/span&gt; prefill %7 ms + decode %8 ms, %9 K/V rows (every step recomputes the whole sequence)</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · &lt;span style=&apos;color:%2&apos;&gt;KV キャッシュあり：&lt;/span&gt;prefill %3 ms + decode %4 ms、計算した K/V %5 行 · &lt;span style=&apos;color:%6&apos;&gt;キャッシュなし：&lt;/span&gt;prefill %7 ms + decode %8 ms、K/V %9 行（毎ステップ系列全体を再計算）</translation>
    </message>
    <message>
        <source>different tokens</source>
        <translation>異なるトークン</translation>
    </message>
    <message>
        <source>same token</source>
        <translation>同じトークン</translation>
    </message>
    <message numerus="yes">
        <source>same %n tokens</source>
        <translation>
            <numerusform>同じ %n トークン</numerusform>
        </translation>
    </message>
    <message>
        <source>KV cache (ms)</source>
        <translation>KV キャッシュあり（ms）</translation>
    </message>
    <message>
        <source>no cache (ms)</source>
        <translation>キャッシュなし（ms）</translation>
    </message>
    <message>
        <source>Measuring prompt %1 of %2 on the worker…</source>
        <translation>ワーカーで %2 個中 %1 個目のプロンプトを測定中…</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>測定中…</translation>
    </message>
    <message>
        <source>Not measured yet.</source>
        <translation>まだ測定していません。</translation>
    </message>
    <message>
        <source>The sweep stopped: %1</source>
        <translation>スイープが止まりました：%1</translation>
    </message>
    <message>
        <source>%1 tokens: prefill %2 ms (nominal device), attention %3 GFLOP of %4, KV %5. Each line is a share of its value there.</source>
        <translation>%1 トークン：prefill %2 ms（名目上のデバイス）、Attention は %4 GFLOP 中 %3 GFLOP、KV %5。各線はそこでの値に対する割合です。</translation>
    </message>
    <message>
        <source>%1 tokens: prefill %2 ms on %6, attention %3 GFLOP of %4, KV %5. Each line is a share of its value there.</source>
        <translation>%1 トークン：%6 で prefill %2 ms、Attention は %4 GFLOP 中 %3 GFLOP、KV %5。各線はそこでの値に対する割合です。</translation>
    </message>
    <message>
        <source>prefill time</source>
        <translation>prefill 時間</translation>
    </message>
    <message>
        <source>attention FLOPs</source>
        <translation>Attention の FLOPs</translation>
    </message>
    <message>
        <source>KV bytes</source>
        <translation>KV バイト数</translation>
    </message>
</context>
<context>
    <name>pl::ui::OutputView</name>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt;</source>
        <translation>&lt;b&gt;出力&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · output %2 of %3 tokens%4</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · 出力 %2/%3 トークン%4</translation>
    </message>
    <message>
        <source> · &lt;span style=&apos;color:%1&apos;&gt;waiting for prefill&lt;/span&gt;</source>
        <translation> · &lt;span style=&apos;color:%1&apos;&gt;プレフィル待ち&lt;/span&gt;</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>温度 %1</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>貪欲法</translation>
    </message>
    <message>
        <source>repetition penalty %1</source>
        <translation>繰り返しペナルティ %1</translation>
    </message>
    <message>
        <source>frequency penalty %1</source>
        <translation>頻度ペナルティ %1</translation>
    </message>
    <message>
        <source>presence penalty %1</source>
        <translation>存在ペナルティ %1</translation>
    </message>
    <message>
        <source>Penalties against repetition lower the scores of tokens that the prompt or the answer already holds before the next token is chosen. They change the answer, not the model: the KV cache, the scores shown and --verify use the model&apos;s own scores.</source>
        <translation>繰り返しを抑えるペナルティは、次のトークンを選ぶ前に、プロンプトや回答にすでにあるトークンのスコアを下げます。変わるのは回答で、モデルではありません。KV キャッシュ、表示されるスコア、--verify はどれもモデル自身のスコアを使います。</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:%1&apos;&gt;No answer: this prompt of %2 tokens is longer than the built-in model&apos;s context, so it was played without the model. Its blocks were hashed, looked up and stored as in any run; the time to first token is the cost model&apos;s.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%1&apos;&gt;回答なし：このプロンプトは %2 トークンで、内蔵モデルのコンテキストより長いため、モデルを使わずに再生しました。ブロックは通常の実行と同じようにハッシュされ、検索され、保存されています。最初のトークンまでの時間はコストモデルの値です。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>pl::ui::PoliciesPanel</name>
    <message>
        <source>vLLM, blocks of %1</source>
        <translation>vLLM（%1 トークンのブロック）</translation>
    </message>
    <message>
        <source>SGLang radix tree</source>
        <translation>SGLang のラジックス木</translation>
    </message>
    <message>
        <source>Anthropic breakpoints</source>
        <translation>Anthropic のブレークポイント</translation>
    </message>
    <message>
        <source>OpenAI automatic</source>
        <translation>OpenAI の自動キャッシュ</translation>
    </message>
    <message>
        <source>shorter than the %1-token minimum: silently not cached</source>
        <translation>最小の %1 トークンより短いため、何も言われずにキャッシュされない</translation>
    </message>
    <message>
        <source>no cache_control breakpoint: nothing is cached</source>
        <translation>cache_control のブレークポイントがないため、何もキャッシュされない</translation>
    </message>
    <message>
        <source>more than 4 breakpoints: the API refuses the request</source>
        <translation>ブレークポイントが 4 つを超えるため、API はリクエストを拒否する</translation>
    </message>
    <message>
        <source>no room beside the running requests: nothing stored</source>
        <translation>実行中のリクエストの横に空きがないため、何も保存されない</translation>
    </message>
    <message>
        <source>&lt;b&gt;Caching policies&lt;/b&gt;</source>
        <translation>&lt;b&gt;キャッシュ方式&lt;/b&gt;</translation>
    </message>
    <message>
        <source>reused</source>
        <translation>再利用</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT ms</translation>
    </message>
    <message>
        <source>input $</source>
        <translation>入力 $</translation>
    </message>
    <message>
        <source>&lt;b&gt;Semantic cache&lt;/b&gt; (word overlap at or above %1 standing in for an embedding): would skip the model and return request %2&apos;s answer (similarity %3): “%4”, written for “%5”. A prefix cache never returns another question&apos;s answer.</source>
        <translation>&lt;b&gt;セマンティックキャッシュ&lt;/b&gt;（埋め込みの代わりに単語の重なりが %1 以上）: モデルを使わずにリクエスト %2 の回答を返すはずです（類似度 %3）:「%4」。これは「%5」への回答です。プレフィックスキャッシュは別の質問の回答を返すことはありません。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Semantic cache&lt;/b&gt;: no earlier question similar enough (nearest: request %1, similarity %2, below %3): the model answers.</source>
        <translation>&lt;b&gt;セマンティックキャッシュ&lt;/b&gt;: 十分に似た以前の質問はありません（最も近いのはリクエスト %1、類似度 %2 で %3 未満）。モデルが回答します。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Semantic cache&lt;/b&gt;: no earlier question to compare with.</source>
        <translation>&lt;b&gt;セマンティックキャッシュ&lt;/b&gt;: 比べる以前の質問がありません。</translation>
    </message>
    <message>
        <source>Whole scenario, prompt tokens reused: %1</source>
        <translation>シナリオ全体で再利用されたプロンプトトークン: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Radix tree&lt;/b&gt; after request %1 was admitted: %2 of %3 tokens held. %4 reused path, %5 added by this request, %6 cached; outlined: held by a running request. Each box is a node with its token count.</source>
        <translation>リクエスト %1 を受け付けた後の&lt;b&gt;ラジックス木&lt;/b&gt;: %3 トークン中 %2 トークンを保持。%4 再利用された経路、%5 このリクエストが追加した部分、%6 キャッシュ済み。枠線付きは実行中のリクエストが保持しているノード。箱は一つのノードで、数字はそのトークン数です。</translation>
    </message>
    <message>
        <source>Gemini implicit</source>
        <translation>Gemini の暗黙的キャッシュ</translation>
    </message>
    <message>
        <source>Bedrock cache points</source>
        <translation>Bedrock のキャッシュポイント</translation>
    </message>
    <message>
        <source>DeepSeek disk cache</source>
        <translation>DeepSeek のディスクキャッシュ</translation>
    </message>
    <message>
        <source>this model has no implicit caching: nothing is cached</source>
        <translation>このモデルには暗黙的キャッシュがないため、何もキャッシュされない</translation>
    </message>
    <message>
        <source>The caching policies are compared once the whole scenario has played.</source>
        <translation>シナリオ全体の再生が終わると、キャッシュ方式が比較されます。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · one trace, seven caching policies</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · 一つのトレース、七つのキャッシュ方式</translation>
    </message>
</context>
<context>
    <name>pl::ui::PoolView</name>
    <message>
        <source>in use, ref count %1</source>
        <translation>使用中、参照カウント %1</translation>
    </message>
    <message>
        <source>cached, free (LRU position %1)</source>
        <translation>キャッシュ済み・空き（LRU 位置 %1）</translation>
    </message>
    <message>
        <source>free, empty</source>
        <translation>空き（データなし）</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pool block %1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;プールのブロック %1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>hash &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>ハッシュ &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>last used by request %1 (%2) at t = %3 s</source>
        <translation>最終使用：リクエスト %1（%2）、t = %3 秒</translation>
    </message>
    <message>
        <source>the next block the pool hands out: its cached data is evicted then</source>
        <translation>プールが次に割り当てるブロック：その時点でキャッシュ内容は追い出されます</translation>
    </message>
    <message>
        <source>evicted by the current request</source>
        <translation>現在のリクエストが追い出したブロック</translation>
    </message>
    <message>
        <source>The KV pool appears once the scenario runs.</source>
        <translation>シナリオを実行すると KVプールが表示されます。</translation>
    </message>
    <message>
        <source>%1 blocks × %2 tokens</source>
        <translation>%1 ブロック × %2 トークン</translation>
    </message>
    <message>
        <source> · %1 each</source>
        <translation> · 各 %1</translation>
    </message>
    <message>
        <source>in use %1</source>
        <translation>使用中 %1</translation>
    </message>
    <message>
        <source>cached %1</source>
        <translation>キャッシュ %1</translation>
    </message>
    <message>
        <source>free %1</source>
        <translation>空き %1</translation>
    </message>
    <message>
        <source>next victim</source>
        <translation>次の追い出し対象</translation>
    </message>
    <message>
        <source>evicted %1</source>
        <translation>追い出し %1</translation>
    </message>
    <message>
        <source>Blocks in use now belong to: %1</source>
        <translation>いま使用中のブロックの持ち主: %1</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
</context>
<context>
    <name>pl::ui::PromptView</name>
    <message>
        <source>Tokens</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Edit request %1</source>
        <translation>リクエスト %1 を編集</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Edit the text, then Run again (Ctrl+R): the whole scenario re-plays on the model with your change. Red wavy text looks dynamic.</source>
        <translation>テキストを編集して「再実行」（Ctrl+R）を押すと、変更を反映したシナリオ全体がモデル上で再生されます。赤い波線のテキストは動的に見える部分です。</translation>
    </message>
    <message>
        <source>Put the time at the start</source>
        <translation>先頭に時刻を入れる</translation>
    </message>
    <message>
        <source>Insert the current time at the head of this text: the classic way to break a cached prefix.</source>
        <translation>このテキストの先頭に現在時刻を挿入します。キャッシュ済みプレフィックスを壊す典型的なパターンです。</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>再実行</translation>
    </message>
    <message>
        <source>Re-play the scenario with this edit (Ctrl+R)</source>
        <translation>この編集でシナリオを再生し直す（Ctrl+R）</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>system</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>messages</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>template</source>
        <translation>テンプレート</translation>
    </message>
    <message>
        <source>dynamic text</source>
        <translation>動的テキスト</translation>
    </message>
    <message>
        <source>Current time: %1.

</source>
        <translation>現在時刻: %1。

</translation>
    </message>
    <message>
        <source>&lt;i&gt;No scenario loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;シナリオが読み込まれていません。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;Tokenizing and playing on the model…&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;トークン化してモデルで再生中…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;Not played: see the message below the requests.&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;再生されていません。リクエスト欄のメッセージを見てください。&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Request %1 was not played.</source>
        <translation>リクエスト %1 は再生されませんでした。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · %2 · %3 tokens&lt;br&gt;&lt;span style=&apos;color:%4&apos;&gt;tools %5 · system %6 · messages %7&lt;/span&gt;</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · %2 · %3 トークン&lt;br&gt;&lt;span style=&apos;color:%4&apos;&gt;ツール %5 · システム %6 · メッセージ %7&lt;/span&gt;</translation>
    </message>
    <message>
        <source>%1 tokens that share a character: %2</source>
        <translation>1 文字を分け合う %1 トークン: %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;⚠ %2 tokens look dynamic (time, date or id): everything after the first one can only be reused by an identical request.&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;⚠ 動的に見えるトークンが %2 個あります（時刻・日付・ID）。最初のものより後ろは、まったく同じリクエストでしか再利用できません。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Send again</source>
        <translation>もう一度送る</translation>
    </message>
    <message>
        <source>Send this request once more, after the others, to the pool as they left it (Ctrl+Shift+R): unchanged, its blocks hit; changed near the start, they miss.</source>
        <translation>このリクエストを、ほかのリクエストが残したプールに対してもう一度送ります (Ctrl+Shift+R)。変更がなければブロックはヒットし、先頭近くを変えるとミスします。</translation>
    </message>
    <message>
        <source>Looks dynamic, but lies after the cached prefix: it changes nothing that is reused.</source>
        <translation>動的に見えますが、キャッシュされるプレフィックスより後ろにあります。再利用される部分は何も変わりません。</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;%2 tokens look dynamic but come after the cached prefix: they cost no reuse.&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;%2 トークンが動的に見えますが、キャッシュされるプレフィックスより後ろにあるため、再利用は失われません。&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>pl::ui::RadixTreeView</name>
    <message>
        <source>Root of the tree (no salt)</source>
        <translation>木の根（ソルトなし）</translation>
    </message>
    <message>
        <source>Root of the tree for salt “%1”</source>
        <translation>ソルト「%1」の木の根</translation>
    </message>
    <message>
        <source>Tokens: %1, from token %2 of the path</source>
        <translation>トークン: %1、経路のトークン %2 から</translation>
    </message>
    <message>
        <source>Held by running requests (%1): never evicted</source>
        <translation>実行中のリクエスト（%1 件）が保持: 退避されない</translation>
    </message>
</context>
<context>
    <name>pl::ui::ScenarioContext</name>
    <message>
        <source>There is no request %1.</source>
        <translation>リクエスト %1 はありません。</translation>
    </message>
    <message>
        <source>%1 is not a text field of the request.</source>
        <translation>%1 はリクエストのテキストフィールドではありません。</translation>
    </message>
</context>
<context>
    <name>pl::ui::TrafficPanel</name>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>OpenAI</source>
        <translation>OpenAI</translation>
    </message>
    <message>
        <source>vLLM blocks</source>
        <translation>vLLM ブロック</translation>
    </message>
    <message>
        <source>SGLang radix</source>
        <translation>SGLang 基数木</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) skipped; the first: %1</source>
        <translation>
            <numerusform>%n 行を読み飛ばしました。最初の行: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Policy:</source>
        <translation>ポリシー(&amp;P):</translation>
    </message>
    <message>
        <source>The cache the log is replayed under; another one recomputes it</source>
        <translation>ログを再生するキャッシュ。別のものを選ぶと計算し直します</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Stop reading the log (Esc); the requests read so far stay</source>
        <translation>ログの読み込みを止めます (Esc)。読み込んだリクエストは残ります</translation>
    </message>
    <message>
        <source>the provider&apos;s usage disagrees</source>
        <translation>プロバイダーの使用量が一致しない</translation>
    </message>
    <message>
        <source>Open a log (File &gt; Open) to see its requests here.</source>
        <translation>ログを開くと (ファイル &gt; 開く)、ここにリクエストが表示されます。</translation>
    </message>
    <message numerus="yes">
        <source>Reading… %n request(s) so far</source>
        <translation>
            <numerusform>読み込み中… これまでに %n 件のリクエスト</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 件のリクエスト</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n conversation(s)</source>
        <translation>
            <numerusform>(%n 件の会話)</numerusform>
        </translation>
    </message>
    <message>
        <source> · hit rate &lt;b&gt;%1%&lt;/b&gt; · cost &lt;b&gt;%2&lt;/b&gt; (no cache: %3) · leaked &lt;b&gt;%4&lt;/b&gt;</source>
        <translation> · ヒット率 &lt;b&gt;%1%&lt;/b&gt; · コスト &lt;b&gt;%2&lt;/b&gt; (キャッシュなし: %3) · 損失 &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · as reported: %1</source>
        <translation> · 報告値: %1</translation>
    </message>
    <message numerus="yes">
        <source>the provider disagrees on %n request(s)</source>
        <translation>
            <numerusform>%n 件のリクエストでプロバイダーの値が一致しない</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled: the rest of the file was not read</source>
        <translation>キャンセル: ファイルの残りは読み込んでいません</translation>
    </message>
    <message>
        <source>Cost over the requests</source>
        <translation>リクエストごとの累積コスト</translation>
    </message>
    <message>
        <source>no cache</source>
        <translation>キャッシュなし</translation>
    </message>
    <message>
        <source>Gemini</source>
        <translation>Gemini</translation>
    </message>
    <message>
        <source>Bedrock</source>
        <translation>Bedrock</translation>
    </message>
    <message>
        <source>DeepSeek</source>
        <translation>DeepSeek</translation>
    </message>
    <message>
        <source>tokens: the provider&apos;s own</source>
        <translation>トークン: 提供元の数え方</translation>
    </message>
    <message>
        <source>tokens: calibrated to the log&apos;s usage (±%1%)</source>
        <translation>トークン: ログの usage で較正（±%1%）</translation>
    </message>
    <message>
        <source>tokens: estimated (±%1%)</source>
        <translation>トークン: 推定（±%1%）</translation>
    </message>
    <message>
        <source>tokens: the built-in model&apos;s</source>
        <translation>トークン: 組み込みモデルの数え方</translation>
    </message>
</context>
<context>
    <name>pl::ui::TrafficView</name>
    <message>
        <source>read from the cache</source>
        <translation>キャッシュから読み込み</translation>
    </message>
    <message>
        <source>expired (TTL gap)</source>
        <translation>期限切れ (TTL の間隔)</translation>
    </message>
    <message>
        <source>written to the cache</source>
        <translation>キャッシュに書き込み</translation>
    </message>
    <message>
        <source>uncached</source>
        <translation>未キャッシュ</translation>
    </message>
    <message>
        <source>diverged here</source>
        <translation>ここで分岐</translation>
    </message>
    <message>
        <source>Request %1 · line %2 · %3 · %4</source>
        <translation>リクエスト %1 · %2 行目 · %3 · %4</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>プロンプト</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 トークン</translation>
    </message>
    <message>
        <source>read</source>
        <translation>読み込み</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>期限切れ</translation>
    </message>
    <message>
        <source>written</source>
        <translation>書き込み</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>コスト</translation>
    </message>
    <message>
        <source>without caching</source>
        <translation>キャッシュなしの場合</translation>
    </message>
    <message>
        <source>leaked</source>
        <translation>損失</translation>
    </message>
    <message>
        <source>Left the previous prompt at token %1.</source>
        <translation>トークン %1 で前のプロンプトから分岐しました。</translation>
    </message>
    <message>
        <source>Cause: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>原因: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Reported by the provider: %1 input, %2 read, %3 written</source>
        <translation>プロバイダーの報告: 入力 %1、読み込み %2、書き込み %3</translation>
    </message>
    <message>
        <source>⚠ The provider read %1 tokens where the emulation expected %2.</source>
        <translation>⚠ エミュレーションは %2 トークンを見込みましたが、プロバイダーは %1 トークンを読み込みました。</translation>
    </message>
    <message>
        <source>No requests yet</source>
        <translation>まだリクエストはありません</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) · hit rate %1 · %2</source>
        <translation>
            <numerusform>%n 件のリクエスト · ヒット率 %1 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source> · leaked %1</source>
        <translation> · 損失 %1</translation>
    </message>
    <message>
        <source>The provider&apos;s own reason: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>提供元自身が示した理由: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Tokens calibrated from the log&apos;s usage (the provider&apos;s tokenizer is not public).</source>
        <translation>トークン数はログの usage から較正しています（提供元のトークナイザーは公開されていません）。</translation>
    </message>
    <message>
        <source>Tokens estimated (the provider&apos;s tokenizer is not public or not installed).</source>
        <translation>トークン数は推定です（提供元のトークナイザーが公開されていないか、インストールされていません）。</translation>
    </message>
</context>
<context>
    <name>pl::ui::TransportBar</name>
    <message>
        <source>Drag to scrub through every event of the run</source>
        <translation>ドラッグすると実行中のすべてのイベントをたどれます</translation>
    </message>
    <message>
        <source>start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>%1 / %2 · request %3 / %4 · %5</source>
        <translation>%1 / %2 · リクエスト %3 / %4 · %5</translation>
    </message>
    <message>
        <source>no run yet</source>
        <translation>まだ実行されていません</translation>
    </message>
    <message>
        <source>Playback speed (at 1×, each new token stays %1 s on screen)</source>
        <translation>再生速度（1× では新しいトークンがそれぞれ %1 秒表示されます）</translation>
    </message>
</context>
<context>
    <name>pl::ui::UsagePanel</name>
    <message>
        <source>&lt;b&gt;Usage&lt;/b&gt;</source>
        <translation>&lt;b&gt;使用量&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Token counts appear as the scenario plays.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;シナリオの再生に合わせてトークン数が表示されます。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · usage</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · 使用量</translation>
    </message>
    <message>
        <source>reused</source>
        <translation>再利用</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>計算</translation>
    </message>
    <message>
        <source>output</source>
        <translation>出力</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT ms</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;API usage fields appear when the request finishes.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;API 使用量のフィールドはリクエストの完了時に表示されます。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>0 (bit-identical)</source>
        <translation>0（ビット単位で一致）</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Not verified against a full recompute.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;完全再計算との照合は行っていません。&lt;/span&gt;</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>このモデル</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Working out what the API would bill…&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;API の課金を計算しています…&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;API bill: $%4 input (%2, caches prefixes from %3 tokens)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;API の課金：入力 $%4（%2、%3 トークン以上のプレフィックスをキャッシュ）&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;✔ Computed %2 of %3 tokens, same next-token scores: max |diff| = %4&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;✔ %3 トークン中 %2 トークンを計算、次トークンのスコアは同じ：max |diff| = %4&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;✘ Computed %2 of %3 tokens, different next-token scores: max |diff| = %4&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;✘ %3 トークン中 %2 トークンを計算、次トークンのスコアが異なる：max |diff| = %4&lt;/span&gt;</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>次のトークン</translation>
    </message>
    <message>
        <source>cached</source>
        <translation>キャッシュ経由</translation>
    </message>
    <message>
        <source>full</source>
        <translation>全再計算</translation>
    </message>
    <message>
        <source>prob.</source>
        <translation>確率</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Played without the model (the prompt is longer than its context): hits and writes are the cache&apos;s, the TTFT is modelled.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;モデルなしで再生（プロンプトがコンテキストより長いため）：ヒットと書き込みはキャッシュのもの、TTFT はモデル化した値です。&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>pl::ui::WindowActions</name>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>Save &amp;screenshot…</source>
        <translation>スクリーンショットを保存(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>編集(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo the edit</source>
        <translation>編集を元に戻す(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo the edit</source>
        <translation>編集をやり直す(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Send the request again</source>
        <translation>リクエストをもう一度送る(&amp;S)</translation>
    </message>
    <message>
        <source>Re&amp;vert to the scenario&apos;s requests</source>
        <translation>シナリオのリクエストに戻す(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>再生(&amp;P)</translation>
    </message>
    <message>
        <source>Step back one event</source>
        <translation>1 イベント戻る</translation>
    </message>
    <message>
        <source>Step forward one event</source>
        <translation>1 イベント進む</translation>
    </message>
    <message>
        <source>Previous request</source>
        <translation>前のリクエスト</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>次のリクエスト</translation>
    </message>
    <message>
        <source>To the start</source>
        <translation>先頭へ</translation>
    </message>
    <message>
        <source>To the end</source>
        <translation>末尾へ</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>速く</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>遅く</translation>
    </message>
    <message>
        <source>&amp;Run again with the edit</source>
        <translation>編集内容で再実行(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>表示(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>ダークテーマ(&amp;D)</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>拡大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>縮小(&amp;O)</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>拡大率をリセット(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>言語(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>レッスン(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About PrefixLens</source>
        <translation>PrefixLens について(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Start the first lesson</source>
        <translation>最初のレッスンを始める(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>キーボードショートカット(&amp;K)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>再生</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>キーボードショートカット</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>キー</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>動作</translation>
    </message>
    <message>
        <source>Reset the doc&amp;k layout</source>
        <translation>ドックの配置を元に戻す(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Open scenario, request or log…</source>
        <translation>シナリオ、リクエストまたはログを開く(&amp;O)…</translation>
    </message>
</context>
<context>
    <name>pl::ui::WindowTraffic</name>
    <message numerus="yes">
        <source>Stopped reading %1 after %n request(s)</source>
        <translation>
            <numerusform>%1 の読み込みを %n 件のリクエストで止めました</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read %n request(s) of %1, replayed under %2</source>
        <translation>
            <numerusform>%1 の %n 件のリクエストを読み込み、%2 で再生しました</numerusform>
        </translation>
    </message>
    <message>
        <source>Block chain</source>
        <translation>ブロックチェーン</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>トラフィック</translation>
    </message>
    <message>
        <source>Traffic · %1</source>
        <translation>トラフィック · %1</translation>
    </message>
    <message>
        <source>Each row is a request of the log, replayed under the policy picked on the right, without the model. Click a row (or press Enter) to open that request in the docks and the block chain.</source>
        <translation>各行はログの 1 リクエストで、右で選んだポリシーのもとでモデルなしに再生したものです。行をクリック（または Enter）すると、そのリクエストをドックとブロックチェーンで開きます。</translation>
    </message>
    <message>
        <source>%1 — PrefixLens</source>
        <translation>%1 — PrefixLens</translation>
    </message>
</context>
</TS>
