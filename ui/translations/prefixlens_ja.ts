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
        <source>Open a scenario or an Anthropic request</source>
        <translation>シナリオまたは Anthropic リクエストを開く</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON ファイル (*.json)</translation>
    </message>
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
        <source>all reused</source>
        <translation>すべて再利用</translation>
    </message>
    <message>
        <source>part reused</source>
        <translation>一部を再利用</translation>
    </message>
    <message>
        <source>none reused</source>
        <translation>再利用なし</translation>
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
        <source>Which attention head, or the average of all heads</source>
        <translation>どの Attention ヘッドか、または全ヘッドの平均</translation>
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
        <translation>キャッシュ済み・空き</translation>
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
        <source>The four policies are compared once the whole scenario has played.</source>
        <translation>シナリオ全体の再生が終わると、四つの方式が比較されます。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · one trace, four caching policies</source>
        <translation>&lt;b&gt;リクエスト %1&lt;/b&gt; · 一つのトレース、四つのキャッシュ方式</translation>
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
</context>
<context>
    <name>pl::ui::WindowActions</name>
    <message>
        <source>&amp;File</source>
        <translation>ファイル(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open scenario or request…</source>
        <translation>シナリオまたはリクエストを開く(&amp;O)…</translation>
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
</context>
</TS>
