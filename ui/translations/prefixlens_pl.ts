<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="pl" sourcelanguage="en">
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
        <translation>Nie można otworzyć</translation>
    </message>
    <message>
        <source>Save a screenshot</source>
        <translation>Zapisz zrzut ekranu</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Obrazy PNG (*.png)</translation>
    </message>
    <message>
        <source>Cannot save</source>
        <translation>Nie można zapisać</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>Nie udało się zapisać %1</translation>
    </message>
    <message>
        <source>Open a scenario, a request or a log</source>
        <translation>Otwórz scenariusz, żądanie lub log</translation>
    </message>
    <message>
        <source>Scenarios, requests and logs (*.json *.jsonl *.ndjson *.log);;All files (*)</source>
        <translation>Scenariusze, żądania i logi (*.json *.jsonl *.ndjson *.log);;Wszystkie pliki (*)</translation>
    </message>
</context>
<context>
    <name>pl::ui</name>
    <message>
        <source>not hashed yet</source>
        <translation>przed hashowaniem</translation>
    </message>
    <message>
        <source>hashed, looking up</source>
        <translation>zahashowany, szukanie</translation>
    </message>
    <message>
        <source>cache hit (reused)</source>
        <translation>trafienie w cache (ponownie użyty)</translation>
    </message>
    <message>
        <source>computed (prefilled)</source>
        <translation>obliczony (prefill)</translation>
    </message>
    <message>
        <source>partial (not cacheable)</source>
        <translation>niepełny (nie do cache)</translation>
    </message>
    <message>
        <source>System prompt</source>
        <translation>Prompt systemowy</translation>
    </message>
    <message>
        <source>System block %1</source>
        <translation>Blok systemowy %1</translation>
    </message>
    <message>
        <source>Message %1 (%2)</source>
        <translation>Wiadomość %1 (%2)</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>blok %1</translation>
    </message>
    <message>
        <source>One Anthropic Messages request, played once. Edit its system prompt or a message and run it again to see which blocks the cache keeps.</source>
        <translation>Jedno żądanie Anthropic Messages, odtworzone raz. Zmień prompt systemowy lub wiadomość i uruchom ponownie, aby zobaczyć, które bloki zostają w cache.</translation>
    </message>
    <message>
        <source>Request %1</source>
        <translation>Żądanie %1</translation>
    </message>
    <message>
        <source>hashed</source>
        <translation>hashowanie</translation>
    </message>
    <message>
        <source>hit</source>
        <translation>trafienie</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>obliczenie</translation>
    </message>
    <message>
        <source>partial</source>
        <translation>niepełny blok</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>zapis</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>usunięcie</translation>
    </message>
    <message>
        <source>prefill done</source>
        <translation>koniec prefillu</translation>
    </message>
    <message>
        <source>decoded</source>
        <translation>dekodowanie</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>pamięć</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>koniec</translation>
    </message>
    <message>
        <source>tools[%1] framing</source>
        <translation>szablon: tools[%1]</translation>
    </message>
    <message>
        <source>tools[%1]</source>
        <translation>tools[%1]</translation>
    </message>
    <message>
        <source>system framing</source>
        <translation>szablon: system</translation>
    </message>
    <message>
        <source>system</source>
        <translation>system</translation>
    </message>
    <message>
        <source>message %1 (%2) framing</source>
        <translation>szablon: wiadomość %1 (%2)</translation>
    </message>
    <message>
        <source>message %1 (%2)</source>
        <translation>wiadomość %1 (%2)</translation>
    </message>
    <message>
        <source>answer prefix</source>
        <translation>początek odpowiedzi</translation>
    </message>
    <message>
        <source>reused all it could</source>
        <translation>ile się da z bufora</translation>
    </message>
    <message>
        <source>reused part</source>
        <translation>część z bufora</translation>
    </message>
    <message>
        <source>reused none</source>
        <translation>nic z bufora</translation>
    </message>
    <message>
        <source>A request of a log, played after the previous request of its conversation: the second card shows what it reused of the first, and where its prompt left it.</source>
        <translation>Żądanie z logu, odtworzone po poprzednim żądaniu tej samej rozmowy: druga karta pokazuje, co ponownie wykorzystało z pierwszego i gdzie jego prompt się od niego odłączył.</translation>
    </message>
</context>
<context>
    <name>pl::ui::BlockChainCanvas</name>
    <message>
        <source>&lt;b&gt;Request %1, block %2&lt;/b&gt; — %3</source>
        <translation>&lt;b&gt;Żądanie %1, blok %2&lt;/b&gt; — %3</translation>
    </message>
    <message>
        <source>hash &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>hash &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>parent &lt;code&gt;%1&lt;/code&gt;%2</source>
        <translation>rodzic &lt;code&gt;%1&lt;/code&gt;%2</translation>
    </message>
    <message>
        <source> (chain root)</source>
        <translation> (korzeń łańcucha)</translation>
    </message>
    <message>
        <source>not hashed: only full blocks of %1 tokens are cached</source>
        <translation>bez hasha: do cache trafiają tylko pełne bloki %1-tokenowe</translation>
    </message>
    <message>
        <source>tokens %1–%2 (%3): &lt;code&gt;%4&lt;/code&gt;</source>
        <translation>tokeny %1–%2 (%3): &lt;code&gt;%4&lt;/code&gt;</translation>
    </message>
    <message>
        <source>from %1</source>
        <translation>źródło: %1</translation>
    </message>
    <message>
        <source>pool block %1 · ref count %2 · last use t = %3 s</source>
        <translation>blok puli %1 · licznik referencji %2 · ostatnie użycie t = %3 s</translation>
    </message>
    <message>
        <source>KV: %1 for %2 tokens</source>
        <translation>KV: %1 (tokeny: %2)</translation>
    </message>
    <message>
        <source>Pick a scenario above, open one (Ctrl+O), or drop a scenario or request JSON here.</source>
        <translation>Wybierz scenariusz powyżej, otwórz plik (Ctrl+O) albo upuść tutaj JSON scenariusza lub żądania.</translation>
    </message>
    <message>
        <source>Running the scenario on the model…</source>
        <translation>Uruchamianie scenariusza na modelu…</translation>
    </message>
    <message>
        <source>The scenario could not be played.</source>
        <translation>Nie udało się odtworzyć scenariusza.</translation>
    </message>
    <message>
        <source>The scenario could not be played:
%1</source>
        <translation>Nie udało się odtworzyć scenariusza:
%1</translation>
    </message>
    <message>
        <source>Press Space to play, → to step one event, Shift+→ for a whole request.</source>
        <translation>Spacja: odtwarzanie, →: jedno zdarzenie dalej, Shift+→: całe żądanie.</translation>
    </message>
    <message>
        <source>TTFT %1 ms</source>
        <translation>TTFT %1 ms</translation>
    </message>
    <message>
        <source>Request %1 · %2 · t = %3 s</source>
        <translation>Żądanie %1 · %2 · t = %3 s</translation>
    </message>
    <message>
        <source> · salted</source>
        <translation> · z solą</translation>
    </message>
    <message>
        <source>%1 prompt tokens · %2 of %3 blocks hashed</source>
        <translation>tokeny promptu: %1 · zahashowane bloki: %2 z %3</translation>
    </message>
    <message>
        <source> · %1 hits so far</source>
        <translation> · trafienia do tej pory: %1</translation>
    </message>
    <message>
        <source>%1 prompt tokens · %2 reused (%3 blocks) · %4 computed</source>
        <translation>tokeny promptu: %1 · z cache: %2 (bloki: %3) · obliczone: %4</translation>
    </message>
    <message>
        <source> · prefix breaks at block %1</source>
        <translation> · prefiks urywa się na bloku %1</translation>
    </message>
    <message>
        <source>%1 tok</source>
        <translation>%1 tok.</translation>
    </message>
    <message>
        <source> · %1 of %2 shared blocks reused</source>
        <translation> · ponownie użyte %1 z %2 wspólnych bloków</translation>
    </message>
    <message>
        <source>&lt;b&gt;Attention of token %1: %2% on this block&lt;/b&gt;</source>
        <translation>&lt;b&gt;Uwaga tokenu %1: %2% na ten blok&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · in bands of %1 blocks: click one to open it</source>
        <translation> · w pasmach po %1 bloków: kliknij, aby otworzyć</translation>
    </message>
    <message>
        <source>&lt;b&gt;Blocks %1–%2&lt;/b&gt; of request %3 (%4 of %5 blocks)&lt;br&gt;%6&lt;br&gt;Click the band, or hold Ctrl and turn the wheel up over it, to open it; Ctrl and the wheel down over one of its blocks fold it again.</source>
        <translation>&lt;b&gt;Bloki %1–%2&lt;/b&gt; żądania %3 (%4 z %5 bloków)&lt;br&gt;%6&lt;br&gt;Kliknij pasmo albo, trzymając Ctrl, obróć nad nim kółko w górę, aby je otworzyć; Ctrl i kółko w dół nad jednym z jego bloków znów je zwijają.</translation>
    </message>
</context>
<context>
    <name>pl::ui::BlockChainView</name>
    <message>
        <source>Attention</source>
        <translation>Uwaga</translation>
    </message>
    <message>
        <source>Colour the current request&apos;s blocks by how much the token under the cursor attends to them: the model&apos;s own attention probabilities, summed per block</source>
        <translation>Koloruje bloki bieżącego żądania według tego, ile uwagi poświęca im token pod kursorem: prawdopodobieństwa uwagi samego modelu, zsumowane dla każdego bloku</translation>
    </message>
    <message>
        <source>Which layer&apos;s attention, or the average of all layers</source>
        <translation>Uwaga której warstwy albo średnia ze wszystkich warstw</translation>
    </message>
    <message>
        <source>all layers</source>
        <translation>wszystkie warstwy</translation>
    </message>
    <message>
        <source>layer %1</source>
        <translation>warstwa %1</translation>
    </message>
    <message>
        <source>all heads</source>
        <translation>wszystkie głowy</translation>
    </message>
    <message>
        <source>head %1</source>
        <translation>głowa %1</translation>
    </message>
    <message>
        <source>Attention appears once request %1&apos;s prompt is prefilled.</source>
        <translation>Uwaga pojawi się po prefillu promptu żądania %1.</translation>
    </message>
    <message>
        <source>Computing the attention of token %1…</source>
        <translation>Liczenie uwagi tokenu %1…</translation>
    </message>
    <message>
        <source>No attention: %1</source>
        <translation>Brak uwagi: %1</translation>
    </message>
    <message>
        <source>Token %1 “%2” (%3) looks back over %4 tokens</source>
        <translation>Token %1 „%2” (%3) patrzy wstecz na %4 tokenów</translation>
    </message>
    <message>
        <source>last prompt token</source>
        <translation>ostatni token promptu</translation>
    </message>
    <message>
        <source>decoded token %1</source>
        <translation>zdekodowany token %1</translation>
    </message>
    <message>
        <source>; %1% on the answer so far</source>
        <translation>; %1% na dotychczasową odpowiedź</translation>
    </message>
    <message>
        <source> · on %1</source>
        <translation> · na %1</translation>
    </message>
    <message>
        <source>Which attention head, or the average of all heads; with grouped-query attention also each group of query heads that reads one key/value head</source>
        <translation>Która głowica uwagi albo średnia wszystkich; przy grouped-query attention także każda grupa głowic zapytań czytająca jedną głowicę klucz/wartość</translation>
    </message>
    <message>
        <source>group %1: heads %2–%3</source>
        <translation>grupa %1: głowice %2–%3</translation>
    </message>
    <message>
        <source> · %1 query heads share %2 key/value heads, %3 per group</source>
        <translation> · %1 głowic zapytań dzieli %2 głowic klucz/wartość, po %3 na grupę</translation>
    </message>
</context>
<context>
    <name>pl::ui::ChartsPanel</name>
    <message>
        <source>Time to first token</source>
        <translation>Czas do 1. tokena</translation>
    </message>
    <message>
        <source>TTFT vs prompt length</source>
        <translation>TTFT a długość promptu</translation>
    </message>
    <message>
        <source>KV memory</source>
        <translation>Pamięć KV</translation>
    </message>
    <message>
        <source>Hit rate</source>
        <translation>Trafienia</translation>
    </message>
    <message>
        <source>Time to first token — waiting for the run</source>
        <translation>Czas do pierwszego tokena — czekam na wyniki</translation>
    </message>
    <message>
        <source>request · tokens computed</source>
        <translation>żądanie · obliczone tokeny</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>Time to first token per request</source>
        <translation>TTFT każdego żądania</translation>
    </message>
    <message>
        <source>TTFT vs prompt length — waiting for the run</source>
        <translation>TTFT a długość promptu — czekam na wyniki</translation>
    </message>
    <message>
        <source>prompt tokens</source>
        <translation>tokeny promptu</translation>
    </message>
    <message>
        <source>TTFT (ms)</source>
        <translation>TTFT (ms)</translation>
    </message>
    <message>
        <source>TTFT against prompt length: a cached prefix breaks the line</source>
        <translation>TTFT względem długości promptu: prefiks z cache łamie linię</translation>
    </message>
    <message>
        <source>KV memory — waiting for the run</source>
        <translation>Pamięć KV — czekam na wyniki</translation>
    </message>
    <message>
        <source>cached, free</source>
        <translation>w cache, wolne</translation>
    </message>
    <message>
        <source>pool capacity %1</source>
        <translation>pojemność puli %1</translation>
    </message>
    <message>
        <source>tokens processed</source>
        <translation>przetworzone tokeny</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KV memory by session, against the pool</source>
        <translation>Pamięć KV według sesji na tle puli</translation>
    </message>
    <message>
        <source>Hit rate — waiting for the run</source>
        <translation>Współczynnik trafień — czekam na wyniki</translation>
    </message>
    <message>
        <source>all requests so far</source>
        <translation>wszystkie dotychczasowe żądania</translation>
    </message>
    <message>
        <source>this request</source>
        <translation>to żądanie</translation>
    </message>
    <message>
        <source>request (in prefill order)</source>
        <translation>żądanie (w kolejności prefillu)</translation>
    </message>
    <message>
        <source>% reused</source>
        <translation>% z cache</translation>
    </message>
    <message>
        <source>Prefix cache hit rate</source>
        <translation>Współczynnik trafień cache prefiksów</translation>
    </message>
    <message>
        <source>TTFT</source>
        <comment>tab</comment>
        <translation>TTFT</translation>
    </message>
    <message>
        <source>By length</source>
        <comment>tab</comment>
        <translation>Wg długości</translation>
    </message>
    <message>
        <source>Memory</source>
        <comment>tab</comment>
        <translation>Pamięć</translation>
    </message>
    <message>
        <source>Hits</source>
        <comment>tab</comment>
        <translation>Trafienia</translation>
    </message>
    <message>
        <source>request</source>
        <translation>żądanie</translation>
    </message>
    <message>
        <source>Request #%1: not played yet</source>
        <translation>Żądanie #%1: jeszcze nie odtworzone</translation>
    </message>
    <message>
        <source>Request #%1: %2 of %3 tokens computed, TTFT %4 ms</source>
        <translation>Żądanie #%1: obliczono %2 z %3 tokenów, TTFT %4 ms</translation>
    </message>
    <message>
        <source>%1 tok</source>
        <translation>%1 tok.</translation>
    </message>
</context>
<context>
    <name>pl::ui::EngineSession</name>
    <message>
        <source>Loading model…</source>
        <translation>Wczytywanie modelu…</translation>
    </message>
    <message>
        <source>Compiling shaders…</source>
        <translation>Kompilowanie shaderów…</translation>
    </message>
    <message>
        <source>Preparing the KV pool…</source>
        <translation>Przygotowywanie puli KV…</translation>
    </message>
    <message>
        <source>Playing request %1 of %2 on %3…</source>
        <translation>Odtwarzanie żądania %1 z %2 na %3…</translation>
    </message>
    <message>
        <source>Playing %1 on %2…</source>
        <translation>Odtwarzanie %1 na %2…</translation>
    </message>
</context>
<context>
    <name>pl::ui::LessonPanel</name>
    <message>
        <source>Cannot open the lesson</source>
        <translation>Nie można otworzyć lekcji</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>Następny krok</translation>
    </message>
    <message>
        <source>Next step (%1)</source>
        <translation>Następny krok (%1)</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>Poprzedni krok</translation>
    </message>
    <message>
        <source>Previous step (%1)</source>
        <translation>Poprzedni krok (%1)</translation>
    </message>
    <message>
        <source>End lesson</source>
        <translation>Zakończ lekcję</translation>
    </message>
    <message>
        <source>Close the lesson and remove the highlight</source>
        <translation>Zamyka lekcję i usuwa wyróżnienie</translation>
    </message>
    <message>
        <source>&amp;Open lesson file…</source>
        <translation>&amp;Otwórz plik lekcji…</translation>
    </message>
    <message>
        <source>Built-in lessons, in workshop order</source>
        <translation>Wbudowane lekcje, w kolejności warsztatów</translation>
    </message>
    <message>
        <source>Choose a lesson…</source>
        <translation>Wybierz lekcję…</translation>
    </message>
    <message>
        <source>Open a lesson</source>
        <translation>Otwórz lekcję</translation>
    </message>
    <message>
        <source>Lessons (*.json)</source>
        <translation>Lekcje (*.json)</translation>
    </message>
    <message>
        <source>No lesson running</source>
        <translation>Brak trwającej lekcji</translation>
    </message>
    <message>
        <source>Choose a lesson from the list above or the Lessons menu. %1 goes to the next step and %2 back, the keys a presenter&apos;s clicker sends.</source>
        <translation>Wybierz lekcję z listy powyżej lub z menu Lekcje. %1 przechodzi do następnego kroku, a %2 wraca — to klawisze, które wysyła pilot do prezentacji.</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Krok %1 z %2</translation>
    </message>
    <message numerus="yes">
        <source>This step shows request %1 of %2, which has %n request(s).</source>
        <translation>
            <numerusform>Ten krok pokazuje żądanie %1 z %2, który ma %n żądanie.</numerusform>
            <numerusform>Ten krok pokazuje żądanie %1 z %2, który ma %n żądania.</numerusform>
            <numerusform>Ten krok pokazuje żądanie %1 z %2, który ma %n żądań.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>pl::ui::LintPanel</name>
    <message>
        <source>error</source>
        <translation>błąd</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>ostrzeżenie</translation>
    </message>
    <message>
        <source>note</source>
        <translation>uwaga</translation>
    </message>
    <message>
        <source>Findings</source>
        <translation>Zgłoszenia</translation>
    </message>
    <message>
        <source>Fix: before → after</source>
        <translation>Poprawka: przed → po</translation>
    </message>
    <message>
        <source>Req.</source>
        <translation>Żąd.</translation>
    </message>
    <message>
        <source>Reused</source>
        <translation>Z cache</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT ms</translation>
    </message>
    <message>
        <source>Cost ¢</source>
        <translation>Koszt ¢</translation>
    </message>
    <message>
        <source>Queued behind the current run…</source>
        <translation>W kolejce za bieżącym przebiegiem…</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>token %1</translation>
    </message>
    <message>
        <source>tokens %1–%2</source>
        <translation>tokeny %1–%2</translation>
    </message>
    <message>
        <source>block %1</source>
        <translation>blok %1</translation>
    </message>
    <message>
        <source>blocks %1–%2</source>
        <translation>bloki %1–%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lint&lt;/b&gt;</source>
        <translation>&lt;b&gt;Lint&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a scenario to lint its prompt layout.</source>
        <translation>Wczytaj scenariusz, aby sprawdzić układ jego promptów.</translation>
    </message>
    <message>
        <source>Linting…</source>
        <translation>Sprawdzanie układu promptów…</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;This scenario could not be linted: %2&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Nie udało się sprawdzić tego scenariusza: %2&lt;/span&gt;</translation>
    </message>
    <message>
        <source>1 error</source>
        <translation>1 błąd</translation>
    </message>
    <message numerus="yes">
        <source>%n errors</source>
        <translation>
            <numerusform>%n błąd</numerusform>
            <numerusform>%n błędy</numerusform>
            <numerusform>%n błędów</numerusform>
        </translation>
    </message>
    <message>
        <source>1 warning</source>
        <translation>1 ostrzeżenie</translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n ostrzeżenie</numerusform>
            <numerusform>%n ostrzeżenia</numerusform>
            <numerusform>%n ostrzeżeń</numerusform>
        </translation>
    </message>
    <message>
        <source>1 note</source>
        <translation>1 uwaga</translation>
    </message>
    <message numerus="yes">
        <source>%n notes</source>
        <translation>
            <numerusform>%n uwaga</numerusform>
            <numerusform>%n uwagi</numerusform>
            <numerusform>%n uwag</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · %2</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · %2</translation>
    </message>
    <message>
        <source>no findings</source>
        <translation>bez zastrzeżeń</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;Other requests with findings: %2&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;Inne żądania ze zgłoszeniami: %2&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;font-size:x-large; color:%1&apos;&gt;✔&lt;/p&gt;&lt;p&gt;&lt;b&gt;No findings for request %2.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Nothing that changes from request to request sits in its cacheable prefix, so every block a previous request cached can be reused.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;font-size:x-large; color:%1&apos;&gt;✔&lt;/p&gt;&lt;p&gt;&lt;b&gt;Żądanie %2 bez zastrzeżeń.&lt;/b&gt;&lt;/p&gt;&lt;p&gt;W prefiksie, który może trafić do cache, nie ma nic, co zmienia się między żądaniami, więc każdy blok zapisany w cache przez wcześniejsze żądanie da się użyć ponownie.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:%1&apos;&gt;Click a finding to select its tokens in the prompt and its blocks in the chain. Hover it for the rule&apos;s explanation.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%1&apos;&gt;Kliknij zgłoszenie, aby zaznaczyć jego tokeny w prompcie i bloki w łańcuchu. Najedź na nie kursorem, aby zobaczyć wyjaśnienie reguły.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Fix:&lt;/b&gt; %1&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Poprawka:&lt;/b&gt; %1&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:%2&apos;&gt;(%3)&lt;/span&gt; — %4&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;%1&lt;/b&gt; &lt;span style=&apos;color:%2&apos;&gt;(%3)&lt;/span&gt; — %4&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Running fix…</source>
        <translation>Sprawdzanie poprawki…</translation>
    </message>
    <message>
        <source>Apply fix</source>
        <translation>Zastosuj poprawkę</translation>
    </message>
    <message>
        <source>Nothing to fix: the --fix rewrite leaves this scenario as it is.</source>
        <translation>Nie ma czego poprawiać: przepisanie przez --fix zostawia ten scenariusz bez zmian.</translation>
    </message>
    <message>
        <source>Rewrite every request as `prefixlens lint --fix` does (dynamic text moved to the final user message, tools in a stable order, canonical keys), play it on the model and compare it with the run on screen.</source>
        <translation>Przepisuje każde żądanie tak jak `prefixlens lint --fix` (tekst dynamiczny do ostatniej wiadomości użytkownika, narzędzia w stałej kolejności, klucze w postaci kanonicznej), odtwarza je na modelu i porównuje z przebiegiem na ekranie.</translation>
    </message>
    <message>
        <source>Could not run the fixed layout: %1</source>
        <translation>Nie udało się uruchomić poprawionego układu: %1</translation>
    </message>
    <message>
        <source>Playing the fixed layout on the model…</source>
        <translation>Odtwarzanie poprawionego układu na modelu…</translation>
    </message>
    <message>
        <source>Waiting for the run on screen…</source>
        <translation>Czekam na przebieg na ekranie…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Apply fix&lt;/b&gt; rewrites the scenario as &lt;code&gt;prefixlens lint --fix&lt;/code&gt; does, plays it on the model and compares each request with the run on screen: reused tokens, time to first token and estimated cost.</source>
        <translation>&lt;b&gt;Zastosuj poprawkę&lt;/b&gt; przepisuje scenariusz tak jak &lt;code&gt;prefixlens lint --fix&lt;/code&gt;, odtwarza go na modelu i porównuje każde żądanie z przebiegiem na ekranie: tokeny z cache, czas do pierwszego tokena i szacowany koszt.</translation>
    </message>
    <message>
        <source>Nothing to fix in this scenario&apos;s layout.</source>
        <translation>W układzie tego scenariusza nie ma czego poprawiać.</translation>
    </message>
    <message>
        <source>Before: the run on screen · after: &lt;code&gt;--fix&lt;/code&gt; · cost of each run&apos;s usage at %1 input prices (%2), in cents</source>
        <translation>Przed: przebieg na ekranie · po: &lt;code&gt;--fix&lt;/code&gt; · koszt zużycia każdego przebiegu według cen wejścia %1 (%2), w centach</translation>
    </message>
    <message>
        <source>Before: %1 tokens reused (%2 blocks hit), %3 computed
After: %4 tokens reused (%5 blocks hit), %6 computed</source>
        <translation>Przed: z cache %1 tok. (trafione bloki: %2), obliczone: %3
Po: z cache %4 tok. (trafione bloki: %5), obliczone: %6</translation>
    </message>
    <message>
        <source>Time to first token, ms: %1 before, %2 after</source>
        <translation>Czas do pierwszego tokena (ms): przed %1, po %2</translation>
    </message>
    <message>
        <source>Estimated input cost: $%1 before, $%2 after</source>
        <translation>Szacowany koszt wejścia: przed $%1, po $%2</translation>
    </message>
    <message>
        <source>All</source>
        <translation>Razem</translation>
    </message>
</context>
<context>
    <name>pl::ui::LintText</name>
    <message>
        <source>%1 contains a %2 value &apos;%3&apos; that changes per request: the ~%4 tokens (estimated) in %5 from here to the %6 can never be reused</source>
        <translation>%1 zawiera wartość typu %2 &apos;%3&apos;, która zmienia się z każdym żądaniem: ok. %4 tokenów (szacunkowo) w %5 stąd do %6 nigdy nie zostanie użytych ponownie</translation>
    </message>
    <message>
        <source>&apos;%1&apos; looks like a %2 that may change per request (nothing in this input shows it does): if it does, the ~%3 tokens (estimated) after it are never reused; if it is fixed (a build hash, a policy&apos;s date), ignore this</source>
        <translation>&apos;%1&apos; wygląda na wartość typu %2, która może się zmieniać z każdym żądaniem (nic w tych danych tego nie pokazuje): jeśli się zmienia, ok. %3 tokenów (szacunkowo) po niej nigdy nie zostanie użytych ponownie; jeśli jest stała (hash kompilacji, data regulaminu), zignoruj to</translation>
    </message>
    <message>
        <source>%1 cache_control breakpoints; the API accepts at most %2 and rejects this request</source>
        <translation>%1 punktów przerwania cache_control; API przyjmuje najwyżej %2 i odrzuci to żądanie</translation>
    </message>
    <message>
        <source>%1 cache_control breakpoints (%2 explicit and 1 from automatic caching, the top-level cache_control); the API accepts at most %3 and rejects this request</source>
        <translation>%1 punktów przerwania cache_control (%2 jawnych i 1 z automatycznego cache, czyli cache_control na najwyższym poziomie); API przyjmuje najwyżej %3 i odrzuci to żądanie</translation>
    </message>
    <message>
        <source>this %1 breakpoint comes after a 5-minute one (%2); the API requires breakpoints with longer TTLs to come first and rejects this request</source>
        <translation>ten punkt przerwania (TTL: %1) stoi po pięciominutowym (%2); API wymaga, by punkty przerwania z dłuższym TTL były pierwsze, i odrzuci to żądanie</translation>
    </message>
    <message>
        <source>the prefix up to this breakpoint is ~%1 tokens (estimated), below the minimum of %2 for %3: it is silently not cached</source>
        <translation>prefiks do tego punktu przerwania ma ok. %1 tokenów (szacunkowo), mniej niż minimum %2 dla %3: po cichu nie trafi do cache</translation>
    </message>
    <message>
        <source>the prefix up to this breakpoint is ~%1-%2 tokens by the provider&apos;s tokenizer (estimated from its length; the built-in tokenizer counts %3), below the minimum of %4 for %5: it is silently not cached</source>
        <translation>prefiks do tego punktu przerwania ma według tokenizera dostawcy ok. %1–%2 tokenów (oszacowane z długości; wbudowany tokenizer liczy %3), mniej niż minimum %4 dla %5: po cichu nie trafi do cache</translation>
    </message>
    <message>
        <source>near the threshold: the prefix up to this breakpoint is ~%1-%2 tokens by the provider&apos;s tokenizer (estimated from its length; the built-in tokenizer counts %3), around the minimum of %4 for %5: it may not be cached; cache_creation_input_tokens in the response tells</source>
        <translation>blisko progu: prefiks do tego punktu przerwania ma według tokenizera dostawcy ok. %1–%2 tokenów (oszacowane z długości; wbudowany tokenizer liczy %3), około minimum %4 dla %5: może nie trafić do cache; powie to cache_creation_input_tokens w odpowiedzi</translation>
    </message>
    <message>
        <source>this breakpoint (content block %1) is %2 blocks after the previous one (block %3); the API checks only %4 blocks counting its own, so a change between them misses every earlier entry</source>
        <translation>ten punkt przerwania (blok treści %1) leży %2 bloków za poprzednim (blok %3); API sprawdza tylko %4 bloków, licząc własny, więc zmiana między nimi chybia każdego wcześniejszego wpisu</translation>
    </message>
    <message>
        <source>the previous request cached ~%1 tokens ending at content block %2, but this breakpoint is at block %3, %4 blocks later; the API checks only 20 blocks counting the breakpoint&apos;s own, so it writes the whole prefix again instead of reading it</source>
        <translation>poprzednie żądanie zapisało w cache ok. %1 tokenów kończących się na bloku treści %2, ale ten punkt przerwania leży w bloku %3, %4 bloków dalej; API sprawdza tylko 20 bloków, licząc blok punktu przerwania, więc zamiast odczytać cały prefiks, zapisuje go od nowa</translation>
    </message>
    <message>
        <source>the same tools come in a different order than in the previous request; every token from the first tool on is new</source>
        <translation>te same narzędzia przychodzą w innej kolejności niż w poprzednim żądaniu; każdy token od pierwszego narzędzia jest nowy</translation>
    </message>
    <message>
        <source>tool &apos;%1&apos; is the same as in the previous request but its keys are in a different order; the cache sees a different tool</source>
        <translation>narzędzie &apos;%1&apos; jest takie samo jak w poprzednim żądaniu, ale jego klucze stoją w innej kolejności; cache widzi inne narzędzie</translation>
    </message>
    <message>
        <source>tool &apos;%1&apos; is the same as in the previous request but its whitespace differs; the cache sees a different tool</source>
        <translation>narzędzie &apos;%1&apos; jest takie samo jak w poprzednim żądaniu, ale różni się białymi znakami; cache widzi inne narzędzie</translation>
    </message>
    <message>
        <source>this schema equals the previous request&apos;s but its keys are in a different order</source>
        <translation>ten schemat jest równy schematowi z poprzedniego żądania, ale jego klucze stoją w innej kolejności</translation>
    </message>
    <message>
        <source>tools are not in a stable (sorted) order; if they are built from a map or set, their order can change between requests and void the whole cache</source>
        <translation>narzędzia nie stoją w stałej (posortowanej) kolejności; jeśli powstają z mapy lub zbioru, ich kolejność może się zmieniać między żądaniami i unieważniać cały cache</translation>
    </message>
    <message>
        <source>prefix changed (%1) at %2</source>
        <translation>prefiks się zmienił (%1) w %2</translation>
    </message>
    <message>
        <source>, character %1</source>
        <translation>, znak %1</translation>
    </message>
    <message>
        <source>, character %1 of its JSON</source>
        <translation>, znak %1 jego JSON-a</translation>
    </message>
    <message>
        <source>, token %1, content block %2: ~%3 tokens (estimated) the previous request cached cannot be reused</source>
        <translation>, token %1, blok treści %2: ok. %3 tokenów (szacunkowo), które poprzednie żądanie zapisało w cache, nie da się użyć ponownie</translation>
    </message>
    <message>
        <source>%1 s since the previous request, longer than the %2 cache lifetime: the ~%3 tokens (estimated) it cached have expired and are written again</source>
        <translation>%1 s od poprzedniego żądania, dłużej niż czas życia cache (%2): ok. %3 tokenów (szacunkowo) zapisanych przez nie w cache wygasło i zostanie zapisanych od nowa</translation>
    </message>
    <message>
        <source>the provider read nothing (cache_read_input_tokens 0) although the prefix was identical to the previous request&apos;s (line %1) for ~%2 tokens (estimated) within its lifetime: the entry was evicted or never written, or the request reached another cache (another workspace or a different beta header; or the first request wrote nothing because its breakpoint was below the minimum)</source>
        <translation>dostawca niczego nie odczytał (cache_read_input_tokens 0), choć prefiks był identyczny z poprzednim żądaniem (wiersz %1) przez ok. %2 tokenów (szacunkowo) w czasie jego życia: wpis został usunięty albo nigdy nie zapisany, albo żądanie trafiło do innego cache (inna przestrzeń robocza lub inny nagłówek beta; albo pierwsze żądanie nic nie zapisało, bo jego punkt przerwania był poniżej minimum)</translation>
    </message>
    <message>
        <source>the provider read nothing (cached_tokens 0) although the prefix was identical to the previous request&apos;s (line %1) for ~%2 tokens (estimated) within its lifetime: the entry was evicted or never written, or the request reached another cache (no or a different prompt_cache_key, or more than about 15 requests per minute on one prefix overflow to other machines)</source>
        <translation>dostawca niczego nie odczytał (cached_tokens 0), choć prefiks był identyczny z poprzednim żądaniem (wiersz %1) przez ok. %2 tokenów (szacunkowo) w czasie jego życia: wpis został usunięty albo nigdy nie zapisany, albo żądanie trafiło do innego cache (brak lub inny prompt_cache_key albo ponad ok. 15 żądań na minutę z jednym prefiksem, które przelewają się na inne maszyny)</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is not in the lint tables: prices from the %2 row (a guess: check the provider&apos;s pages)</source>
        <translation>modelu &apos;%1&apos; nie ma w tabelach lintera: ceny z wiersza %2 (to zgadywanie: sprawdź strony dostawcy)</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is not in the lint tables: minimum cacheable length %2 from the %3 row (a guess: check the provider&apos;s pages)</source>
        <translation>modelu &apos;%1&apos; nie ma w tabelach lintera: minimalna długość do cache %2 z wiersza %3 (to zgadywanie: sprawdź strony dostawcy)</translation>
    </message>
    <message>
        <source>model &apos;%1&apos; is not in the lint tables: prices from the %2 row, minimum cacheable length %3 from the %4 row (a guess: check the provider&apos;s pages)</source>
        <translation>modelu &apos;%1&apos; nie ma w tabelach lintera: ceny z wiersza %2, minimalna długość do cache %3 z wiersza %4 (to zgadywanie: sprawdź strony dostawcy)</translation>
    </message>
    <message>
        <source> (in %1 requests)</source>
        <translation> (w %1 żądaniach)</translation>
    </message>
    <message>
        <source>; ~%1 cached tokens (estimated) are written again here</source>
        <translation>; ok. %1 tokenów z cache (szacunkowo) zostaje tu zapisanych od nowa</translation>
    </message>
    <message>
        <source>; it voids the cache of 1 later request (line %1), ~%2 tokens (estimated) in all</source>
        <translation>; unieważnia cache 1 późniejszego żądania (wiersz %1), łącznie ok. %2 tokenów (szacunkowo)</translation>
    </message>
    <message>
        <source>; it voids the cache of %1 later requests (lines %2), ~%3 tokens (estimated) in all</source>
        <translation>; unieważnia cache późniejszych żądań: %1 (wiersze %2), łącznie ok. %3 tokenów (szacunkowo)</translation>
    </message>
    <message>
        <source>, and the tool after it loses its cache with it</source>
        <translation>, a narzędzie po nim traci razem z nim swój cache</translation>
    </message>
    <message>
        <source>, and the %1 tools after it lose their cache with it</source>
        <translation>, a narzędzia po nim (%1) tracą razem z nim swój cache</translation>
    </message>
    <message>
        <source> (1 more tool after it is serialized differently too)</source>
        <translation> (jeszcze jedno narzędzie po nim jest serializowane inaczej)</translation>
    </message>
    <message>
        <source> (%1 more tools after it are serialized differently too)</source>
        <translation> (kolejne narzędzia po nim, %1, są serializowane inaczej)</translation>
    </message>
    <message>
        <source>tool definition</source>
        <translation>definicja narzędzia</translation>
    </message>
    <message>
        <source>cached prefix</source>
        <translation>prefiks w cache</translation>
    </message>
    <message>
        <source>date</source>
        <translation>data</translation>
    </message>
    <message>
        <source>time</source>
        <translation>godzina</translation>
    </message>
    <message>
        <source>weekday</source>
        <translation>dzień tygodnia</translation>
    </message>
    <message>
        <source>epoch</source>
        <translation>czas uniksowy</translation>
    </message>
    <message>
        <source>uuid</source>
        <translation>UUID</translation>
    </message>
    <message>
        <source>hex-id</source>
        <translation>identyfikator szesnastkowy</translation>
    </message>
    <message>
        <source>random-id</source>
        <translation>losowy identyfikator</translation>
    </message>
    <message>
        <source>labeled-id</source>
        <translation>identyfikator z etykietą</translation>
    </message>
    <message>
        <source>counter</source>
        <translation>licznik</translation>
    </message>
    <message>
        <source>value</source>
        <translation>wartość</translation>
    </message>
    <message>
        <source>1 block</source>
        <translation>1 bloku</translation>
    </message>
    <message>
        <source>%1 blocks</source>
        <translation>%1 blokach</translation>
    </message>
    <message>
        <source>last cache breakpoint</source>
        <translation>ostatniego punktu przerwania cache</translation>
    </message>
    <message>
        <source>final user message</source>
        <translation>ostatniej wiadomości użytkownika</translation>
    </message>
    <message>
        <source>1-hour</source>
        <translation>1 godzina</translation>
    </message>
    <message>
        <source>longer</source>
        <translation>dłuższy</translation>
    </message>
    <message>
        <source>24-hour</source>
        <translation>24 godziny</translation>
    </message>
    <message>
        <source>5-minute</source>
        <translation>5 minut</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>tego modelu</translation>
    </message>
    <message>
        <source>move it into the final user message (prefixlens lint --fix)</source>
        <translation>przenieś ją do ostatniej wiadomości użytkownika (prefixlens lint --fix)</translation>
    </message>
    <message>
        <source>if it changes per request, move it into the final user message</source>
        <translation>jeśli zmienia się z każdym żądaniem, przenieś ją do ostatniej wiadomości użytkownika</translation>
    </message>
    <message>
        <source>keep at most 4: one at the end of each part that changes at its own rate</source>
        <translation>zostaw najwyżej 4: po jednym na końcu każdej części, która zmienia się we własnym tempie</translation>
    </message>
    <message>
        <source>drop an explicit breakpoint, or the top-level cache_control</source>
        <translation>usuń jeden jawny punkt przerwania albo cache_control na najwyższym poziomie</translation>
    </message>
    <message>
        <source>give the earlier breakpoints the longer TTL (&quot;ttl&quot;: &quot;1h&quot; first, 5 minutes after)</source>
        <translation>daj wcześniejszym punktom przerwania dłuższy TTL (najpierw &quot;ttl&quot;: &quot;1h&quot;, potem 5 minut)</translation>
    </message>
    <message>
        <source>move the breakpoint after more stable content, or drop it</source>
        <translation>przesuń punkt przerwania za więcej stałej treści albo go usuń</translation>
    </message>
    <message>
        <source>move the breakpoint after more stable content, or check the usage fields</source>
        <translation>przesuń punkt przerwania za więcej stałej treści albo sprawdź pola usage</translation>
    </message>
    <message>
        <source>add a breakpoint within 20 blocks of the previous one</source>
        <translation>dodaj punkt przerwania najwyżej 20 bloków za poprzednim</translation>
    </message>
    <message>
        <source>also mark the end of the previous turn, or keep breakpoints within 20 blocks of each other</source>
        <translation>oznacz też koniec poprzedniej tury albo trzymaj punkty przerwania najwyżej 20 bloków od siebie</translation>
    </message>
    <message>
        <source>sort tools by name (prefixlens lint --fix)</source>
        <translation>posortuj narzędzia według nazwy (prefixlens lint --fix)</translation>
    </message>
    <message>
        <source>serialize tools with a canonical key order (prefixlens lint --fix)</source>
        <translation>serializuj narzędzia z kanoniczną kolejnością kluczy (prefixlens lint --fix)</translation>
    </message>
    <message>
        <source>serialize schemas with a canonical key order</source>
        <translation>serializuj schematy z kanoniczną kolejnością kluczy</translation>
    </message>
    <message>
        <source>append to the conversation instead of editing earlier turns</source>
        <translation>dopisuj do rozmowy zamiast edytować wcześniejsze tury</translation>
    </message>
    <message>
        <source>a plain user turn after thinking blocks drops them and the messages cache: expect the miss, or keep thinking off in conversations with plain turns</source>
        <translation>zwykła tura użytkownika po blokach thinking usuwa je i cache wiadomości: licz się z chybieniem albo wyłącz thinking w rozmowach ze zwykłymi turami</translation>
    </message>
    <message>
        <source>adding or removing images voids the messages cache: keep images where they are and add new ones only where a miss is acceptable</source>
        <translation>dodanie lub usunięcie obrazu unieważnia cache wiadomości: zostaw obrazy tam, gdzie są, a nowe dodawaj tylko tam, gdzie chybienie jest do przyjęcia</translation>
    </message>
    <message>
        <source>keep prompt_cache_key the same for requests that share a prefix</source>
        <translation>trzymaj ten sam prompt_cache_key dla żądań o wspólnym prefiksie</translation>
    </message>
    <message>
        <source>keep model, tool_choice, thinking, speed, web search and citations fixed within a conversation</source>
        <translation>w obrębie rozmowy nie zmieniaj model, tool_choice, thinking, speed, wyszukiwania w sieci ani cytowań</translation>
    </message>
    <message>
        <source>keep tools and system constant across requests</source>
        <translation>nie zmieniaj narzędzi ani promptu systemowego między żądaniami</translation>
    </message>
    <message>
        <source>use &quot;cache_control&quot;: {&quot;type&quot;: &quot;ephemeral&quot;, &quot;ttl&quot;: &quot;1h&quot;} for sparse traffic</source>
        <translation>przy rzadkim ruchu użyj &quot;cache_control&quot;: {&quot;type&quot;: &quot;ephemeral&quot;, &quot;ttl&quot;: &quot;1h&quot;}</translation>
    </message>
    <message>
        <source>use prompt_cache_retention &quot;24h&quot; where the model supports it</source>
        <translation>użyj prompt_cache_retention &quot;24h&quot;, jeśli model to obsługuje</translation>
    </message>
    <message>
        <source>check that both requests carry the same cache_control breakpoints and workspace</source>
        <translation>sprawdź, czy oba żądania mają te same punkty przerwania cache_control i tę samą przestrzeń roboczą</translation>
    </message>
    <message>
        <source>send a stable prompt_cache_key for requests that share this prefix</source>
        <translation>wysyłaj stały prompt_cache_key dla żądań o wspólnym prefiksie</translation>
    </message>
    <message>
        <source>pass --pricing FILE with this model&apos;s row, and --min-tokens N</source>
        <translation>podaj --pricing FILE z wierszem tego modelu oraz --min-tokens N</translation>
    </message>
    <message>
        <source>A value that changes per request sits inside the cacheable prefix.</source>
        <translation>Wartość zmieniająca się z każdym żądaniem siedzi w prefiksie, który może trafić do cache.</translation>
    </message>
    <message>
        <source>A prompt cache reuses only the longest run of tokens identical to an earlier request, counted from the very first token. A date, a clock time, an epoch timestamp, a UUID, a random or labelled request/session/trace id or a counter such as &quot;Request #1042&quot; that changes with every request therefore ends the reusable prefix where it appears: every token and block after it (up to the last cache_control breakpoint for Anthropic, up to the final user message for OpenAI) is written again and billed at full price (or at the 1.25x/2x cache-write price) on every call. Keep what changes at the end: move the value into the final user message (`--fix` does this). In a log, values that stay the same across requests (a date inside a static policy) are not reported, and a timestamp in the final user message is always fine.</source>
        <translation>Cache promptów używa ponownie tylko najdłuższego ciągu tokenów identycznego z wcześniejszym żądaniem, liczonego od pierwszego tokenu. Data, godzina, znacznik czasu uniksowego, UUID, losowy lub opisany etykietą identyfikator żądania, sesji albo śladu czy licznik w rodzaju &quot;Request #1042&quot;, który zmienia się z każdym żądaniem, kończy więc prefiks do ponownego użycia w miejscu, w którym się pojawia: każdy token i blok po nim (do ostatniego punktu przerwania cache_control u Anthropic, do ostatniej wiadomości użytkownika u OpenAI) jest przy każdym wywołaniu zapisywany od nowa i liczony po pełnej cenie (albo po cenie zapisu do cache, 1,25x/2x). To, co się zmienia, trzymaj na końcu: przenieś wartość do ostatniej wiadomości użytkownika (`--fix` robi to samo). W logu wartości, które nie zmieniają się między żądaniami (data w niezmiennym regulaminie), nie są zgłaszane, a znacznik czasu w ostatniej wiadomości użytkownika zawsze jest w porządku.</translation>
    </message>
    <message>
        <source>A value that changes per request sits inside a tool definition.</source>
        <translation>Wartość zmieniająca się z każdym żądaniem siedzi w definicji narzędzia.</translation>
    </message>
    <message>
        <source>Tools are the first part of the prompt (both providers put them before the system prompt and the messages), so a date, id or counter inside a tool&apos;s name, description or schema makes the very first blocks differ between requests: nothing at all can be reused, not the tools, not the system prompt, not the conversation. Tool definitions should be constant; pass per-request values in the final user message instead.</source>
        <translation>Narzędzia są pierwszą częścią promptu (obaj dostawcy stawiają je przed promptem systemowym i wiadomościami), więc data, identyfikator albo licznik w nazwie, opisie lub schemacie narzędzia sprawia, że już pierwsze bloki różnią się między żądaniami: nic nie może zostać użyte ponownie, ani narzędzia, ani prompt systemowy, ani rozmowa. Definicje narzędzi powinny być stałe; wartości zależne od żądania przekazuj zamiast tego w ostatniej wiadomości użytkownika.</translation>
    </message>
    <message>
        <source>More than 4 cache_control breakpoints in one request.</source>
        <translation>Więcej niż 4 punkty przerwania cache_control w jednym żądaniu.</translation>
    </message>
    <message>
        <source>Anthropic&apos;s Messages API accepts at most four cache_control markers per request (counting tools, system blocks and message content blocks, and automatic caching: a top-level cache_control takes one of the four slots for the breakpoint it puts on the last cacheable block); a request with more is rejected with an invalid_request_error. The automatic 20-block lookback makes extra breakpoints unnecessary: place one at the end of each part that changes at a different rate (tools, system, long documents, the growing conversation).</source>
        <translation>Messages API firmy Anthropic przyjmuje najwyżej cztery znaczniki cache_control na żądanie (licząc narzędzia, bloki system i bloki treści wiadomości, a także automatyczny cache: cache_control na najwyższym poziomie zajmuje jedno z czterech miejsc na punkt przerwania, który stawia na ostatnim bloku nadającym się do cache); żądanie z większą liczbą zostaje odrzucone z invalid_request_error. Automatyczne sprawdzanie 20 bloków wstecz sprawia, że dodatkowe punkty przerwania są zbędne: postaw po jednym na końcu każdej części, która zmienia się w innym tempie (narzędzia, system, długie dokumenty, rosnąca rozmowa).</translation>
    </message>
    <message>
        <source>A breakpoint&apos;s prefix is shorter than the model&apos;s minimum cacheable length.</source>
        <translation>Prefiks punktu przerwania jest krótszy niż minimalna długość, jaką model zapisuje w cache.</translation>
    </message>
    <message>
        <source>Each Anthropic model family caches a prefix only from a minimum length (1,024 tokens for most Sonnet and Opus models, 2,048 or 4,096 for others; the table with its source and date is assets/lint/min_cacheable_tokens.json, and --min-tokens overrides it). A breakpoint on a shorter prefix is not an error: the API silently caches nothing there, so cache_creation_input_tokens stays 0. Move the breakpoint further down, or accept that this part is not cached. Token counts are estimates from the built-in tokenizer.</source>
        <translation>Każda rodzina modeli Anthropic zapisuje w cache prefiks dopiero od pewnej minimalnej długości (1 024 tokeny dla większości modeli Sonnet i Opus, 2 048 lub 4 096 dla innych; tabela ze źródłem i datą to assets/lint/min_cacheable_tokens.json, a --min-tokens ją zastępuje). Punkt przerwania na krótszym prefiksie nie jest błędem: API po cichu niczego tam nie zapisuje, więc cache_creation_input_tokens pozostaje 0. Przesuń punkt przerwania dalej albo pogódź się z tym, że ta część nie trafi do cache. Liczby tokenów są szacunkami wbudowanego tokenizera.</translation>
    </message>
    <message>
        <source>Equal tool or schema definitions are serialized differently between requests.</source>
        <translation>Równe definicje narzędzi lub schematów są serializowane różnie w kolejnych żądaniach.</translation>
    </message>
    <message>
        <source>The cache compares the rendered bytes, not the meaning. Two tool definitions that say the same thing but list their keys in a different order, differ only in whitespace, or come in a different order in the tools array (for example built from a hash map or a set) produce different tokens from the first tool on, so nothing is reused. Serialize tools and JSON schemas deterministically: a fixed tool order (e.g. sorted by name) and a canonical key order; --fix does both. In a single request, an unsorted tools list is reported as a note.</source>
        <translation>Cache porównuje wyrenderowane bajty, nie znaczenie. Dwie definicje narzędzia, które mówią to samo, ale wymieniają klucze w innej kolejności, różnią się tylko białymi znakami albo stoją w innej kolejności w tablicy tools (na przykład zbudowanej z mapy haszującej lub zbioru), dają różne tokeny od pierwszego narzędzia, więc nic nie zostaje użyte ponownie. Serializuj narzędzia i schematy JSON deterministycznie: stała kolejność narzędzi (np. według nazwy) i kanoniczna kolejność kluczy; --fix robi jedno i drugie. W pojedynczym żądaniu nieposortowana lista narzędzi jest zgłaszana jako uwaga.</translation>
    </message>
    <message>
        <source>A breakpoint is 20 or more blocks after the previous cached prefix.</source>
        <translation>Punkt przerwania leży 20 lub więcej bloków za poprzednim prefiksem w cache.</translation>
    </message>
    <message>
        <source>When Anthropic&apos;s API looks for a cache entry it checks the breakpoint&apos;s own prefix and then the ends of the earlier content blocks, 20 positions in all counting the breakpoint&apos;s own block (block numbers count from 1, as the documentation does: a breakpoint at block 35 checks blocks 35 down to 16, so an entry written at block 15 is not found). A prefix cached by an earlier request (or an earlier breakpoint) that ends 20 or more blocks before the next breakpoint cannot be found: the whole prefix is written again instead of read. Add a breakpoint closer to the earlier one (agents that append many tool calls per turn should move the breakpoint to the end of the conversation on every request).</source>
        <translation>Gdy API firmy Anthropic szuka wpisu w cache, sprawdza prefiks samego punktu przerwania, a potem końce wcześniejszych bloków treści, łącznie 20 pozycji, licząc blok punktu przerwania (bloki numerujemy od 1, jak dokumentacja: punkt przerwania w bloku 35 sprawdza bloki od 35 do 16, więc wpis zapisany w bloku 15 nie zostaje znaleziony). Prefiksu zapisanego w cache przez wcześniejsze żądanie (albo wcześniejszy punkt przerwania), który kończy się 20 lub więcej bloków przed następnym punktem przerwania, nie da się znaleźć: cały prefiks jest zapisywany od nowa zamiast odczytany. Dodaj punkt przerwania bliżej poprzedniego (agenci, którzy w każdej turze dopisują wiele wywołań narzędzi, powinni w każdym żądaniu przesuwać punkt przerwania na koniec rozmowy).</translation>
    </message>
    <message>
        <source>A request changes the cached prefix of the request before it.</source>
        <translation>Żądanie zmienia prefiks w cache żądania przed nim.</translation>
    </message>
    <message>
        <source>Across a log, each request is compared with the one before it. When a change lands inside the prefix the earlier request cached, everything after the first difference is written again. The finding names the first divergence (part, JSON pointer, character and token offset, block) and its cause: tools-changed (edits to tool definitions void everything), system-changed, history-rewritten (a non-append change to earlier turns: editing, trimming or summarizing history), params-changed (a different model voids everything; speed the system prompt and messages; tool_choice or thinking the messages), images-changed (adding or removing images voids the messages), thinking-stripped (a plain user turn after assistant thinking blocks makes the API drop them, so the messages no longer match), or cache-key-changed (OpenAI: another prompt_cache_key is another cache). In a log, requests are grouped into conversations (session id, prompt_cache_key, metadata.user_id, else the first user message) and each is compared with the previous request of its conversation. One cause gives one finding: when a dynamic value or a reserialized tool already explains the miss, that finding lists the later requests it affects instead. Append to conversations; keep tools, system and parameters fixed.</source>
        <translation>W logu każde żądanie jest porównywane z poprzednim. Gdy zmiana wypada w prefiksie, który wcześniejsze żądanie zapisało w cache, wszystko po pierwszej różnicy jest zapisywane od nowa. Uwaga wskazuje pierwsze rozejście (część, wskaźnik JSON, przesunięcie w znakach i tokenach, blok) i jego przyczynę: tools-changed (zmiany w definicjach narzędzi unieważniają wszystko), system-changed, history-rewritten (zmiana wcześniejszych tur inna niż dopisanie: edycja, przycinanie lub streszczanie historii), params-changed (inny model unieważnia wszystko; speed prompt systemowy i wiadomości; tool_choice lub thinking wiadomości), images-changed (dodanie lub usunięcie obrazów unieważnia wiadomości), thinking-stripped (zwykła tura użytkownika po blokach thinking asystenta sprawia, że API je usuwa, więc wiadomości przestają pasować) albo cache-key-changed (OpenAI: inny prompt_cache_key to inny cache). W logu żądania są grupowane w rozmowy (identyfikator sesji, prompt_cache_key, metadata.user_id, w ostateczności pierwsza wiadomość użytkownika) i każde jest porównywane z poprzednim żądaniem swojej rozmowy. Jedna przyczyna daje jedną uwagę: gdy chybienie wyjaśnia już zmienna wartość albo na nowo zserializowane narzędzie, ta uwaga wymienia zamiast tego późniejsze żądania, których dotyczy. Dopisuj do rozmów; narzędzia, system i parametry trzymaj stałe.</translation>
    </message>
    <message>
        <source>The time between requests exceeds the cache lifetime.</source>
        <translation>Czas między żądaniami przekracza czas życia cache.</translation>
    </message>
    <message>
        <source>A cached prefix lives for its TTL after its last use: 5 minutes by default on Anthropic (1 hour with &quot;ttl&quot;: &quot;1h&quot; at a 2x write price), roughly 5 to 10 minutes of inactivity on OpenAI (the linter uses 5 minutes; 24 hours with prompt_cache_retention &quot;24h&quot;). When the log&apos;s timestamps show a longer gap, the prefix has expired and is written again. For sparse traffic use the 1-hour TTL, or accept the rewrite.</source>
        <translation>Prefiks w cache żyje przez swój TTL od ostatniego użycia: domyślnie 5 minut u Anthropic (1 godzinę z &quot;ttl&quot;: &quot;1h&quot; za podwójną cenę zapisu), mniej więcej 5 do 10 minut bezczynności u OpenAI (linter przyjmuje 5 minut; 24 godziny z prompt_cache_retention &quot;24h&quot;). Gdy znaczniki czasu w logu pokazują dłuższą przerwę, prefiks wygasł i jest zapisywany od nowa. Przy rzadkim ruchu użyj godzinnego TTL albo pogódź się z ponownym zapisem.</translation>
    </message>
    <message>
        <source>The input could not be read as a request.</source>
        <translation>Danych wejściowych nie dało się odczytać jako żądania.</translation>
    </message>
    <message>
        <source>The file, a line of a JSON Lines log, or a request in it is not valid JSON, is nested too deeply, holds a string over the size limit, or does not have the shape of an Anthropic Messages or OpenAI Chat Completions/Responses request. The message gives the line and column or the JSON pointer. Other lines of a log are still linted; the exit status is 2.</source>
        <translation>Plik, wiersz logu JSON Lines albo żądanie w nim nie jest poprawnym JSON-em, jest zagnieżdżony zbyt głęboko, zawiera napis ponad limit rozmiaru albo nie ma kształtu żądania Anthropic Messages lub OpenAI Chat Completions/Responses. Komunikat podaje wiersz i kolumnę albo wskaźnik JSON. Pozostałe wiersze logu są nadal sprawdzane; kod wyjścia to 2.</translation>
    </message>
    <message>
        <source>A breakpoint with a longer TTL comes after one with a shorter TTL.</source>
        <translation>Punkt przerwania z dłuższym TTL stoi po punkcie z krótszym TTL.</translation>
    </message>
    <message>
        <source>Anthropic&apos;s API accepts mixed cache lifetimes in one request only when the longer ones come first: every &quot;ttl&quot;: &quot;1h&quot; breakpoint must come before any 5-minute one (in the order tools, system, messages, with automatic caching&apos;s breakpoint last). A request with a 1-hour breakpoint after a 5-minute one is rejected with an invalid_request_error. Writes are billed per TTL: the tokens up to a 1-hour breakpoint at 2x the input price, the rest up to a 5-minute breakpoint at 1.25x; the cost estimate does the same.</source>
        <translation>API firmy Anthropic przyjmuje różne czasy życia cache w jednym żądaniu tylko wtedy, gdy dłuższe są pierwsze: każdy punkt przerwania z &quot;ttl&quot;: &quot;1h&quot; musi stać przed każdym pięciominutowym (w kolejności narzędzia, system, wiadomości, z punktem przerwania automatycznego cache na końcu). Żądanie z godzinnym punktem przerwania po pięciominutowym zostaje odrzucone z invalid_request_error. Zapisy są rozliczane według TTL: tokeny do godzinnego punktu przerwania po dwukrotności ceny wejścia, reszta do pięciominutowego po 1,25x; szacunek kosztów liczy tak samo.</translation>
    </message>
    <message>
        <source>The provider read nothing although the prefix was identical to the previous request.</source>
        <translation>Dostawca niczego nie odczytał, choć prefiks był identyczny z poprzednim żądaniem.</translation>
    </message>
    <message>
        <source>When a log record carries the provider&apos;s usage (Anthropic&apos;s cache_read_input_tokens, OpenAI&apos;s prompt_tokens_details.cached_tokens), the linter compares it with its own prediction. This rule fires when the usage reports 0 cached tokens although the previous request of the same conversation cached a prefix that this request repeats unchanged, within its lifetime and above the minimum length. Nothing in the prompt explains the miss, so look outside it: the entry was evicted, the first request wrote nothing (its breakpoint was below the minimum, or it failed), or the request reached another cache (another workspace or organization; on OpenAI no or a different prompt_cache_key, or enough traffic on one prefix to overflow to other machines). Token counts are estimates, so a prefix near the minimum may be a false alarm.</source>
        <translation>Gdy rekord logu zawiera usage dostawcy (cache_read_input_tokens u Anthropic, prompt_tokens_details.cached_tokens u OpenAI), linter porównuje je z własną prognozą. Ta reguła zgłasza się, gdy usage podaje 0 tokenów z cache, choć poprzednie żądanie tej samej rozmowy zapisało w cache prefiks, który to żądanie powtarza bez zmian, w czasie jego życia i powyżej minimalnej długości. Nic w prompcie nie wyjaśnia chybienia, więc szukaj poza nim: wpis został usunięty, pierwsze żądanie nic nie zapisało (jego punkt przerwania był poniżej minimum albo żądanie się nie powiodło) albo żądanie trafiło do innego cache (inna przestrzeń robocza lub organizacja; u OpenAI brak lub inny prompt_cache_key albo tak duży ruch na jednym prefiksie, że przelewa się na inne maszyny). Liczby tokenów są szacunkami, więc przy prefiksie bliskim minimum może to być fałszywy alarm.</translation>
    </message>
    <message>
        <source>The model is not in the lint tables; another row&apos;s figures are used.</source>
        <translation>Modelu nie ma w tabelach lintera; używane są liczby z innego wiersza.</translation>
    </message>
    <message>
        <source>The cost estimate and the minimum cacheable length come from assets/lint/pricing.json and min_cacheable_tokens.json, each row with its source page and the date it was read. A model is matched by its exact id (a dated id such as claude-sonnet-4-5-20250929, a -latest alias, a Bedrock or router prefix included). A model no row names gets the row of its family (by substring) or the default model&apos;s row, and this note names the row used, so a newer model is never priced as an older one silently. Pass --pricing FILE (the shape of pricing.json: your contract&apos;s prices) and --min-tokens N to replace the guess.</source>
        <translation>Szacunek kosztów i minimalna długość do cache pochodzą z assets/lint/pricing.json i min_cacheable_tokens.json, każdy wiersz ze stroną źródłową i datą odczytu. Model jest dopasowywany po dokładnym identyfikatorze (łącznie z identyfikatorem z datą, takim jak claude-sonnet-4-5-20250929, aliasem -latest i prefiksem Bedrock lub routera). Model, którego nie wymienia żaden wiersz, dostaje wiersz swojej rodziny (po podciągu) albo wiersz modelu domyślnego, a ta uwaga wskazuje użyty wiersz, więc nowszy model nigdy nie jest po cichu wyceniany jak starszy. Podaj --pricing FILE (w kształcie pricing.json: ceny z twojej umowy) i --min-tokens N, by zastąpić zgadywanie.</translation>
    </message>
    <message>
        <source>%1 cachePoint blocks; Bedrock accepts at most %2 and rejects this request</source>
        <translation>%1 bloków cachePoint; Bedrock przyjmuje najwyżej %2 i odrzuca to żądanie</translation>
    </message>
    <message>
        <source>Amazon Nova does not cache tool definitions: this cachePoint in toolConfig is not supported by %1</source>
        <translation>Amazon Nova nie zapisuje w cache definicji narzędzi: ten cachePoint w toolConfig nie jest obsługiwany przez %1</translation>
    </message>
    <message>
        <source>the prefix up to this cachePoint is ~%1 tokens (estimated); %2 caches at most %3, so the ~%4 tokens past that are computed on every request</source>
        <translation>prefiks do tego cachePoint ma ~%1 tokenów (szacunkowo); %2 zapisuje w cache najwyżej %3, więc ~%4 tokenów dalej jest liczonych przy każdym żądaniu</translation>
    </message>
    <message>
        <source>this request reads %1 and also sets %2: Gemini refuses that (they belong in the cached content)</source>
        <translation>to żądanie czyta %1 i ustawia też %2: Gemini to odrzuca (należą one do zawartości cache)</translation>
    </message>
    <message>
        <source>the first %1 of these contents repeat what %2 (line %3) already holds: ~%4 tokens (estimated) are sent and billed again at the full price</source>
        <translation>pierwsze %1 z tych treści powtarzają to, co %2 (wiersz %3) już zawiera: ~%4 tokenów (szacunkowo) jest wysyłanych i opłacanych ponownie po pełnej cenie</translation>
    </message>
    <message>
        <source>%1 (created on line %2) expired %3 s before this request: Gemini no longer has it and refuses the request</source>
        <translation>%1 (utworzony w wierszu %2) wygasł %3 s przed tym żądaniem: Gemini już go nie ma i odrzuca żądanie</translation>
    </message>
    <message>
        <source>keep at most 4 cache points: one after each part that changes at its own rate</source>
        <translation>zostaw najwyżej 4 punkty cache: po jednym za każdą częścią, która zmienia się we własnym tempie</translation>
    </message>
    <message>
        <source>remove the cachePoint from toolConfig; put the first one after the system prompt (prefixlens lint --fix)</source>
        <translation>usuń cachePoint z toolConfig; pierwszy postaw po prompcie systemowym (prefixlens lint --fix)</translation>
    </message>
    <message>
        <source>put a cache point before the limit and keep the cached prefix under it</source>
        <translation>postaw punkt cache przed limitem i trzymaj buforowany prefiks poniżej niego</translation>
    </message>
    <message>
        <source>put the system instruction and tools into the cached content when creating it</source>
        <translation>umieść instrukcję systemową i narzędzia w zawartości cache przy jej tworzeniu</translation>
    </message>
    <message>
        <source>send only what follows the cached contents</source>
        <translation>wysyłaj tylko to, co następuje po treściach z cache</translation>
    </message>
    <message>
        <source>create the cache with a ttl that covers the traffic, or extend it (cachedContents patch) before it expires</source>
        <translation>utwórz cache z ttl obejmującym ruch albo przedłuż go (patch cachedContents), zanim wygaśnie</translation>
    </message>
    <message>
        <source>add &quot;ttl&quot;: &quot;1h&quot; to the cachePoint for sparse traffic</source>
        <translation>przy rzadkim ruchu dodaj &quot;ttl&quot;: &quot;1h&quot; do cachePoint</translation>
    </message>
    <message>
        <source>for sparse traffic, create an explicit cache (cachedContents) with a ttl that covers the gaps</source>
        <translation>przy rzadkim ruchu utwórz jawny cache (cachedContents) z ttl obejmującym przerwy</translation>
    </message>
    <message>
        <source>A cache point where the model cannot cache.</source>
        <translation>Punkt cache w miejscu, którego model nie potrafi zapisać w cache.</translation>
    </message>
    <message>
        <source>Amazon Nova models on Bedrock cache the system prompt and the messages but not the tool definitions: a cachePoint inside toolConfig is not supported for them. Put the first cache point after the system prompt instead; --fix removes the one in toolConfig.</source>
        <translation>Modele Amazon Nova w Bedrock zapisują w cache prompt systemowy i wiadomości, ale nie definicje narzędzi: cachePoint wewnątrz toolConfig nie jest dla nich obsługiwany. Pierwszy punkt cache umieść po prompcie systemowym; --fix usuwa ten z toolConfig.</translation>
    </message>
    <message>
        <source>The cached prefix is longer than the model can cache.</source>
        <translation>Buforowany prefiks jest dłuższy, niż model potrafi zapisać w cache.</translation>
    </message>
    <message>
        <source>Amazon Nova models cache at most about 32,000 tokens of prefix. A cache point further into the prompt than that caches no more: the tokens past the limit are computed and billed on every request. Keep the stable part of the prompt under the limit and put the cache point there.</source>
        <translation>Modele Amazon Nova zapisują w cache najwyżej około 32 000 tokenów prefiksu. Punkt cache położony dalej nie zapisuje nic więcej: tokeny poza limitem są liczone i opłacane przy każdym żądaniu. Trzymaj stałą część promptu poniżej limitu i tam postaw punkt cache.</translation>
    </message>
    <message>
        <source>A request that reads a Gemini cached content also sets its own system instruction or tools.</source>
        <translation>Żądanie czytające zawartość z cache Gemini ustawia też własną instrukcję systemową lub narzędzia.</translation>
    </message>
    <message>
        <source>A Gemini explicit cache (cachedContents) holds the system instruction, the tools and the leading contents; a generateContent request that names it with cachedContent may add contents after them but may not set systemInstruction, tools or toolConfig itself: the API refuses the request. Create the cache with them instead.</source>
        <translation>Jawny cache Gemini (cachedContents) przechowuje instrukcję systemową, narzędzia i początkowe treści; żądanie generateContent, które wskazuje go przez cachedContent, może dodać treści po nich, ale nie może samo ustawić systemInstruction, tools ani toolConfig: API odrzuca takie żądanie. Utwórz cache razem z nimi.</translation>
    </message>
    <message>
        <source>A request sends again the contents its Gemini cached content already holds.</source>
        <translation>Żądanie wysyła ponownie treści, które jego cache Gemini już zawiera.</translation>
    </message>
    <message>
        <source>A request that names a cachedContent is read as the cache&apos;s contents followed by the request&apos;s own. When the request starts with the same contents the cache was created with, the model reads them twice and they are billed twice: once at the cached price and once at the full price. Send only what follows the cached contents. The linter knows a cache&apos;s contents when the log holds the cachedContents.create record whose response names it.</source>
        <translation>Żądanie wskazujące cachedContent jest czytane jako treści z cache, a po nich treści samego żądania. Gdy żądanie zaczyna się od tych samych treści, z którymi utworzono cache, model czyta je dwa razy i są opłacane dwa razy: raz po cenie cache i raz po pełnej cenie. Wysyłaj tylko to, co następuje po treściach z cache. Linter zna zawartość cache, gdy log zawiera rekord cachedContents.create, którego odpowiedź podaje jego nazwę.</translation>
    </message>
    <message>
        <source>this prompt is %1 tokens by %2&apos;s count, below the minimum of %3 for %4: implicit caching neither reads nor stores any of it</source>
        <translation>ten prompt ma %1 tokenów według liczenia %2, poniżej minimum %3 dla %4: niejawne cache&apos;owanie niczego z niego nie odczyta ani nie zapisze</translation>
    </message>
    <message>
        <source>near the threshold: this prompt is about %1 tokens by %2&apos;s count (estimated), around the minimum of %3 for %4: it may not be cached; the usage&apos;s cached tokens tell</source>
        <translation>blisko progu: ten prompt ma około %1 tokenów według liczenia %2 (szacunek), w okolicy minimum %3 dla %4: może nie trafić do cache; powie to liczba tokenów z cache w usage</translation>
    </message>
    <message>
        <source>put more stable content (instructions, examples, documents) before what changes, or expect no cache</source>
        <translation>umieść więcej stałej treści (instrukcje, przykłady, dokumenty) przed tym, co się zmienia, albo nie licz na cache</translation>
    </message>
</context>
<context>
    <name>pl::ui::LiveDock</name>
    <message>
        <source>prefix-cache hit rate</source>
        <translation>trafienia w pamięci prefiksów</translation>
    </message>
    <message>
        <source>KV cache in use</source>
        <translation>zajęta pamięć KV</translation>
    </message>
    <message>
        <source>Live server</source>
        <translation>Serwer na żywo</translation>
    </message>
    <message>
        <source>&amp;Connect to a server…</source>
        <translation>&amp;Połącz z serwerem…</translation>
    </message>
    <message>
        <source>&amp;Disconnect from the server</source>
        <translation>&amp;Rozłącz z serwerem</translation>
    </message>
    <message>
        <source>Block</source>
        <translation>Blok</translation>
    </message>
    <message>
        <source>Depth</source>
        <translation>Głębokość</translation>
    </message>
    <message>
        <source>Held below</source>
        <translation>Trzymane niżej</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Tekst</translation>
    </message>
    <message>
        <source>Not connected. File &gt; Connect to a server… subscribes to a vLLM or SGLang server&apos;s KV-cache events.</source>
        <translation>Brak połączenia. Plik &gt; Połącz z serwerem… subskrybuje zdarzenia pamięci KV serwera vLLM lub SGLang.</translation>
    </message>
    <message>
        <source>Connected to %1</source>
        <translation>Połączono z %1</translation>
    </message>
    <message>
        <source>Disconnected from %1</source>
        <translation>Rozłączono z %1</translation>
    </message>
    <message>
        <source>Connect to a server</source>
        <translation>Połącz z serwerem</translation>
    </message>
    <message>
        <source>Tokenizer folder (vocab.json and merges.txt, or tokenizer.json)</source>
        <translation>Folder tokenizera (vocab.json i merges.txt albo tokenizer.json)</translation>
    </message>
    <message>
        <source>Event endpoints (one per server or rank):</source>
        <translation>Punkty zdarzeń (jeden na serwer lub rangę):</translation>
    </message>
    <message>
        <source>Replay endpoint:</source>
        <translation>Punkt powtórki:</translation>
    </message>
    <message>
        <source>Topic:</source>
        <translation>Temat:</translation>
    </message>
    <message>
        <source>Metrics URL:</source>
        <translation>Adres metryk:</translation>
    </message>
    <message>
        <source>Tokenizer folder:</source>
        <translation>Folder tokenizera:</translation>
    </message>
    <message>
        <source>vLLM: --kv-events-config with &quot;publisher&quot;: &quot;zmq&quot;; SGLang: --kv-events-config. The guide lists the exact flags.</source>
        <translation>vLLM: --kv-events-config z &quot;publisher&quot;: &quot;zmq&quot;; SGLang: --kv-events-config. Dokładne flagi podaje przewodnik.</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Połącz</translation>
    </message>
    <message>
        <source>%1 blocks held · +%2 stored/s · −%3 evicted/s · %4 stored, %5 evicted (%6 within 10 s)</source>
        <translation>trzymanych bloków: %1 · +%2 zapisanych/s · −%3 usuniętych/s · zapisanych %4, usuniętych %5 (%6 w ciągu 10 s)</translation>
    </message>
    <message>
        <source> · hit rate %1%</source>
        <translation> · trafienia %1%</translation>
    </message>
    <message>
        <source> · KV %1%</source>
        <translation> · KV %1%</translation>
    </message>
    <message>
        <source> · %1 malformed, %2 unknown, %3 gaps (%4 lost), %5 restarts</source>
        <translation> · błędnych %1, nieznanych %2, luk %3 (utraconych %4), restartów %5</translation>
    </message>
    <message numerus="yes">
        <source>  (+%n colder branch(es))</source>
        <translation>
            <numerusform>  (+%n chłodniejsza gałąź)</numerusform>
            <numerusform>  (+%n chłodniejsze gałęzie)</numerusform>
            <numerusform>  (+%n chłodniejszych gałęzi)</numerusform>
        </translation>
    </message>
    <message>
        <source>No branch point yet: no held block has two held children.</source>
        <translation>Jeszcze brak rozgałęzień: żaden trzymany blok nie ma dwóch trzymanych dzieci.</translation>
    </message>
    <message>
        <source>Where cached prompts diverge</source>
        <translation>Gdzie zapisane prompty się rozchodzą</translation>
    </message>
    <message numerus="yes">
        <source>%n chain(s) split after block %1</source>
        <translation>
            <numerusform>%n łańcuch rozchodzi się po bloku %1</numerusform>
            <numerusform>%n łańcuchy rozchodzą się po bloku %1</numerusform>
            <numerusform>%n łańcuchów rozchodzi się po bloku %1</numerusform>
        </translation>
    </message>
    <message>
        <source>looks like a timestamp</source>
        <translation>wygląda na znacznik czasu</translation>
    </message>
    <message>
        <source>looks like an id</source>
        <translation>wygląda na identyfikator</translation>
    </message>
    <message>
        <source>looks like a counter</source>
        <translation>wygląda na licznik</translation>
    </message>
    <message>
        <source>your request %1&apos;s system prompt, block %2</source>
        <translation>prompt systemowy twojego żądania %1, blok %2</translation>
    </message>
    <message>
        <source>your request %1&apos;s tools, block %2</source>
        <translation>narzędzia twojego żądania %1, blok %2</translation>
    </message>
    <message>
        <source>your request %1&apos;s messages, block %2</source>
        <translation>wiadomości twojego żądania %1, blok %2</translation>
    </message>
    <message>
        <source>a scenario or request file (optional)</source>
        <translation>plik scenariusza lub żądania (opcjonalnie)</translation>
    </message>
    <message>
        <source>Your prompts (a scenario or a request body)</source>
        <translation>Twoje prompty (scenariusz lub treść żądania)</translation>
    </message>
    <message>
        <source>JSON (*.json);;All files (*)</source>
        <translation>JSON (*.json);;Wszystkie pliki (*)</translation>
    </message>
    <message>
        <source>Match blocks to your prompts:</source>
        <translation>Dopasuj bloki do twoich promptów:</translation>
    </message>
    <message>
        <source>Server&apos;s block size (tokens):</source>
        <translation>Rozmiar bloku serwera (tokeny):</translation>
    </message>
    <message>
        <source>vLLM&apos;s PYTHONHASHSEED (sha256_cbor hashes only)</source>
        <translation>PYTHONHASHSEED vLLM (tylko skróty sha256_cbor)</translation>
    </message>
    <message>
        <source>Hash seed:</source>
        <translation>Ziarno skrótu:</translation>
    </message>
</context>
<context>
    <name>pl::ui::LiveSession</name>
    <message>
        <source>Give the server&apos;s event endpoint, e.g. tcp://HOST:5557.</source>
        <translation>Podaj punkt zdarzeń serwera, np. tcp://HOST:5557.</translation>
    </message>
    <message>
        <source>Matching blocks to your prompts needs the tokenizer folder: the server&apos;s own tokenizer, or no block can match.</source>
        <translation>Dopasowanie bloków do promptów wymaga folderu tokenizera: własnego tokenizera serwera, inaczej żaden blok nie pasuje.</translation>
    </message>
    <message>
        <source>The block size must be between 1 and 65536 tokens.</source>
        <translation>Rozmiar bloku musi wynosić od 1 do 65536 tokenów.</translation>
    </message>
</context>
<context>
    <name>pl::ui::LiveWorker</name>
    <message numerus="yes">
        <source>%1: %n message(s) lost (no replay had them)</source>
        <translation>
            <numerusform>%1: utracono %n wiadomość (powtórka jej nie miała)</numerusform>
            <numerusform>%1: utracono %n wiadomości (powtórka ich nie miała)</numerusform>
            <numerusform>%1: utracono %n wiadomości (powtórka ich nie miała)</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: a malformed message: %2</source>
        <translation>%1: błędna wiadomość: %2</translation>
    </message>
</context>
<context>
    <name>pl::ui::MainWindow</name>
    <message>
        <source>Loading model…</source>
        <translation>Wczytywanie modelu…</translation>
    </message>
    <message>
        <source>Stopped early: %1</source>
        <translation>Przerwano: %1</translation>
    </message>
    <message>
        <source>Played %1 requests · %2 events · TTFT from the cost model</source>
        <translation>Żądania: %1 · zdarzenia: %2 · TTFT z modelu kosztów</translation>
    </message>
    <message>
        <source>Played %1 requests in %2 s · %3 events</source>
        <translation>Żądania: %1, odtworzone w %2 s · zdarzenia: %3</translation>
    </message>
    <message>
        <source>Error: %1</source>
        <translation>Błąd: %1</translation>
    </message>
    <message>
        <source>About PrefixLens</source>
        <translation>O programie PrefixLens</translation>
    </message>
    <message>
        <source>&lt;b&gt;PrefixLens %1&lt;/b&gt;&lt;p&gt;See prompt caching happen: a real GPT-2 model, a paged KV cache with vLLM&apos;s prefix caching, and every block hash on screen.&lt;/p&gt;</source>
        <translation>&lt;b&gt;PrefixLens %1&lt;/b&gt;&lt;p&gt;Zobacz, jak działa cache promptów: prawdziwy model GPT-2, stronicowany cache KV z prefix cachingiem jak w vLLM i hash każdego bloku na ekranie.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>New here? &lt;a href=&apos;lesson&apos;&gt;Start the first lesson&lt;/a&gt; or pick one in Lessons.</source>
        <translation>Pierwszy raz? &lt;a href=&apos;lesson&apos;&gt;Zacznij pierwszą lekcję&lt;/a&gt; albo wybierz jedną w menu Lekcje.</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Wyjście</translation>
    </message>
    <message>
        <source>Usage</source>
        <translation>Zużycie</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Wykresy</translation>
    </message>
    <message>
        <source>KV pool</source>
        <translation>Pula KV</translation>
    </message>
    <message>
        <source>Lint</source>
        <translation>Lint</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lekcja</translation>
    </message>
    <message>
        <source>Show lint &amp;findings</source>
        <translation>Pokaż &amp;zgłoszenia lintera</translation>
    </message>
    <message>
        <source>Built-in scenarios, in workshop order</source>
        <translation>Wbudowane scenariusze, w kolejności warsztatów</translation>
    </message>
    <message>
        <source>No scenario</source>
        <translation>Brak scenariusza</translation>
    </message>
    <message>
        <source>PrefixLens</source>
        <translation>PrefixLens</translation>
    </message>
    <message>
        <source>  ·  running on the model…</source>
        <translation>  ·  trwa obliczanie na modelu…</translation>
    </message>
    <message>
        <source>  [%1 requests · blocks of %2 tokens · pool of %3 blocks%4]</source>
        <translation>  [żądania: %1 · bloki %2-tokenowe · bloki w puli: %3%4]</translation>
    </message>
    <message>
        <source> · TTL %1 s</source>
        <translation> · TTL %1 s</translation>
    </message>
    <message>
        <source>%1 — PrefixLens</source>
        <translation>%1 — PrefixLens</translation>
    </message>
    <message>
        <source>model loading…</source>
        <translation>wczytywanie modelu…</translation>
    </message>
    <message>
        <source>model %1 · backend %2</source>
        <translation>model %1 · backend %2</translation>
    </message>
    <message>
        <source>model %1 · backend %2 · %3</source>
        <translation>model %1 · backend %2 · %3</translation>
    </message>
    <message>
        <source>⚠ Vulkan unavailable: %1</source>
        <translation>⚠ Vulkan niedostępny: %1</translation>
    </message>
    <message>
        <source>software Vulkan: CPU twin</source>
        <translation>Vulkan programowy: bliźniak CPU</translation>
    </message>
    <message>
        <source>The only Vulkan device here, %1, runs on the processor. The CPU twin computes the same model several times faster on the same cores, so it runs instead. Start with --backend vulkan to use %1 anyway.</source>
        <translation>Jedyne urządzenie Vulkan tutaj, %1, działa na procesorze. Bliźniak CPU liczy ten sam model kilka razy szybciej na tych samych rdzeniach, więc to on pracuje. Aby mimo to użyć %1, uruchom z --backend vulkan.</translation>
    </message>
    <message>
        <source>%1 requests, as played before in %2 s (kept in the run cache)</source>
        <translation>Żądania: %1, odtworzone wcześniej w %2 s (z pamięci przebiegów)</translation>
    </message>
    <message>
        <source>Policies</source>
        <translation>Polityki</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Pamięć</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>(a scenario of your own)</source>
        <translation>(własny scenariusz)</translation>
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
        <translation>&lt;b&gt;Pamięć w skali&lt;/b&gt;: wagi zostają, cache KV rośnie z każdym tokenem każdej sesji.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Card</source>
        <translation>Karta</translation>
    </message>
    <message>
        <source>Tokens per session</source>
        <translation>Tokeny na sesję</translation>
    </message>
    <message>
        <source>%1 weights: %2 (%3 parameters, %4). %5 KV cache: %6 per token (%7 layers × %8 key/value heads × %9 values, K and V), %10 per session of %11 tokens.</source>
        <translation>%1 Wagi: %2 (%3 parametrów, %4). %5 Cache KV: %6 na token (%7 warstw × %8 głowic klucz/wartość × %9 wartości, K i V), %10 na sesję z %11 tokenów.</translation>
    </message>
    <message>
        <source>Grouped-query attention: %1 query heads share %2 key/value heads, so each token costs %3× less KV.</source>
        <translation>Grouped-query attention: %1 głowic zapytań dzieli %2 głowic klucz/wartość, więc każdy token kosztuje %3× mniej KV.</translation>
    </message>
    <message>
        <source>The weights alone do not fit the %1 card.</source>
        <translation>Same wagi nie mieszczą się na karcie %1.</translation>
    </message>
    <message>
        <source>Sessions of this length that fill the %1 card: %2</source>
        <translation>Sesje tej długości, które zapełniają kartę %1: %2</translation>
    </message>
    <message>
        <source>%1 (this model)</source>
        <translation>%1 (ten model)</translation>
    </message>
</context>
<context>
    <name>pl::ui::ModelPanel</name>
    <message>
        <source>Prefill vs decode</source>
        <translation>Prefill a dekodowanie</translation>
    </message>
    <message>
        <source>When each output token appeared, with the KV cache and with none</source>
        <translation>Kiedy pojawił się każdy token wyjścia, z KV cache i bez</translation>
    </message>
    <message>
        <source>Length sweep</source>
        <translation>Przegląd długości</translation>
    </message>
    <message>
        <source>Prefill time and attention work against KV memory, by prompt length</source>
        <translation>Czas prefillu i praca uwagi wobec pamięci KV, według długości promptu</translation>
    </message>
    <message>
        <source>Measure</source>
        <translation>Zmierz</translation>
    </message>
    <message>
        <source>Prefill prompts from 64 tokens to the model&apos;s whole context on the backend, one after another</source>
        <translation>Prefill promptów od 64 tokenów do pełnego kontekstu modelu na backendzie, jeden po drugim</translation>
    </message>
    <message>
        <source>Prefill and decode times appear as the scenario plays.</source>
        <translation>Czasy prefillu i dekodowania pojawiają się w trakcie odtwarzania scenariusza.</translation>
    </message>
    <message>
        <source>Request %1&apos;s times appear when it finishes.</source>
        <translation>Czasy żądania %1 pojawią się, gdy się zakończy.</translation>
    </message>
    <message>
        <source>Could not serve request %1 without the cache: %2</source>
        <translation>Nie udało się obsłużyć żądania %1 bez cache: %2</translation>
    </message>
    <message>
        <source>Serving request %1 again without the KV cache, every decode step recomputing the whole sequence…</source>
        <translation>Ponowna obsługa żądania %1 bez KV cache, każdy krok dekodowania liczy całą sekwencję od nowa…</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · &lt;span style=&apos;color:%2&apos;&gt;KV cache:&lt;/span&gt; prefill %3 ms + decode %4 ms, %5 K/V rows computed · &lt;span style=&apos;color:%6&apos;&gt;no cache:&lt;/span&gt; prefill %7 ms + decode %8 ms, %9 K/V rows (every step recomputes the whole sequence)</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · &lt;span style=&apos;color:%2&apos;&gt;z KV cache:&lt;/span&gt; prefill %3 ms + dekodowanie %4 ms, obliczono %5 wierszy K/V · &lt;span style=&apos;color:%6&apos;&gt;bez cache:&lt;/span&gt; prefill %7 ms + dekodowanie %8 ms, %9 wierszy K/V (każdy krok liczy całą sekwencję od nowa)</translation>
    </message>
    <message>
        <source>different tokens</source>
        <translation>inne tokeny</translation>
    </message>
    <message>
        <source>same token</source>
        <translation>ten sam token</translation>
    </message>
    <message numerus="yes">
        <source>same %n tokens</source>
        <translation>
            <numerusform>te same %n tokeny</numerusform>
            <numerusform>te same %n tokeny</numerusform>
            <numerusform>tych samych %n tokenów</numerusform>
        </translation>
    </message>
    <message>
        <source>KV cache (ms)</source>
        <translation>z KV cache (ms)</translation>
    </message>
    <message>
        <source>no cache (ms)</source>
        <translation>bez cache (ms)</translation>
    </message>
    <message>
        <source>Measuring prompt %1 of %2 on the worker…</source>
        <translation>Pomiar promptu %1 z %2 w wątku roboczym…</translation>
    </message>
    <message>
        <source>Measuring…</source>
        <translation>Pomiar…</translation>
    </message>
    <message>
        <source>Not measured yet.</source>
        <translation>Jeszcze nie zmierzono.</translation>
    </message>
    <message>
        <source>The sweep stopped: %1</source>
        <translation>Przegląd przerwany: %1</translation>
    </message>
    <message>
        <source>%1 tokens: prefill %2 ms (nominal device), attention %3 GFLOP of %4, KV %5. Each line is a share of its value there.</source>
        <translation>%1 tokenów: prefill %2 ms (urządzenie nominalne), uwaga %3 z %4 GFLOP, KV %5. Każda linia to ułamek swojej wartości w tym punkcie.</translation>
    </message>
    <message>
        <source>%1 tokens: prefill %2 ms on %6, attention %3 GFLOP of %4, KV %5. Each line is a share of its value there.</source>
        <translation>%1 tokenów: prefill %2 ms na %6, uwaga %3 z %4 GFLOP, KV %5. Każda linia to ułamek swojej wartości w tym punkcie.</translation>
    </message>
    <message>
        <source>prefill time</source>
        <translation>czas prefillu</translation>
    </message>
    <message>
        <source>attention FLOPs</source>
        <translation>FLOP-y uwagi</translation>
    </message>
    <message>
        <source>KV bytes</source>
        <translation>bajty KV</translation>
    </message>
</context>
<context>
    <name>pl::ui::OutputView</name>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt;</source>
        <translation>&lt;b&gt;Wyjście&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · output %2 of %3 tokens%4</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · wyjście: %2 z %3 tok.%4</translation>
    </message>
    <message>
        <source> · &lt;span style=&apos;color:%1&apos;&gt;waiting for prefill&lt;/span&gt;</source>
        <translation> · &lt;span style=&apos;color:%1&apos;&gt;czeka na prefill&lt;/span&gt;</translation>
    </message>
    <message>
        <source>temperature %1</source>
        <translation>temperatura %1</translation>
    </message>
    <message>
        <source>greedy</source>
        <translation>zachłannie</translation>
    </message>
    <message>
        <source>repetition penalty %1</source>
        <translation>kara za powtórzenia %1</translation>
    </message>
    <message>
        <source>frequency penalty %1</source>
        <translation>kara za częstość %1</translation>
    </message>
    <message>
        <source>presence penalty %1</source>
        <translation>kara za obecność %1</translation>
    </message>
    <message>
        <source>Penalties against repetition lower the scores of tokens that the prompt or the answer already holds before the next token is chosen. They change the answer, not the model: the KV cache, the scores shown and --verify use the model&apos;s own scores.</source>
        <translation>Kary za powtórzenia obniżają wyniki tokenów, które prompt lub odpowiedź już zawierają, zanim zostanie wybrany następny token. Zmieniają odpowiedź, a nie model: KV cache, pokazane wyniki i --verify korzystają z własnych wyników modelu.</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:%1&apos;&gt;No answer: this prompt of %2 tokens is longer than the built-in model&apos;s context, so it was played without the model. Its blocks were hashed, looked up and stored as in any run; the time to first token is the cost model&apos;s.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:%1&apos;&gt;Brak odpowiedzi: ten prompt ma %2 tokenów, więcej niż kontekst wbudowanego modelu, więc odtworzono go bez modelu. Jego bloki zostały zahaszowane, wyszukane i zapisane jak w każdym przebiegu; czas do pierwszego tokenu pochodzi z modelu kosztów.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>pl::ui::PoliciesPanel</name>
    <message>
        <source>vLLM, blocks of %1</source>
        <translation>vLLM, bloki po %1</translation>
    </message>
    <message>
        <source>SGLang radix tree</source>
        <translation>Drzewo radix SGLang</translation>
    </message>
    <message>
        <source>Anthropic breakpoints</source>
        <translation>Punkty Anthropic</translation>
    </message>
    <message>
        <source>OpenAI automatic</source>
        <translation>OpenAI, auto</translation>
    </message>
    <message>
        <source>shorter than the %1-token minimum: silently not cached</source>
        <translation>krótszy niż minimum %1 tokenów: po cichu nie trafia do cache</translation>
    </message>
    <message>
        <source>no cache_control breakpoint: nothing is cached</source>
        <translation>brak punktu cache_control: nic nie trafia do cache</translation>
    </message>
    <message>
        <source>more than 4 breakpoints: the API refuses the request</source>
        <translation>więcej niż 4 punkty: API odrzuca żądanie</translation>
    </message>
    <message>
        <source>no room beside the running requests: nothing stored</source>
        <translation>brak miejsca obok trwających żądań: nic nie zapisano</translation>
    </message>
    <message>
        <source>&lt;b&gt;Caching policies&lt;/b&gt;</source>
        <translation>&lt;b&gt;Polityki cache&lt;/b&gt;</translation>
    </message>
    <message>
        <source>reused</source>
        <translation>z cache</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT ms</translation>
    </message>
    <message>
        <source>input $</source>
        <translation>wejście $</translation>
    </message>
    <message>
        <source>&lt;b&gt;Semantic cache&lt;/b&gt; (word overlap at or above %1 standing in for an embedding): would skip the model and return request %2&apos;s answer (similarity %3): “%4”, written for “%5”. A prefix cache never returns another question&apos;s answer.</source>
        <translation>&lt;b&gt;Cache semantyczny&lt;/b&gt; (nakładanie się słów co najmniej %1 w miejsce embeddingu): pominąłby model i zwrócił odpowiedź żądania %2 (podobieństwo %3): „%4”, napisaną dla „%5”. Cache prefiksów nigdy nie zwraca odpowiedzi na inne pytanie.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Semantic cache&lt;/b&gt;: no earlier question similar enough (nearest: request %1, similarity %2, below %3): the model answers.</source>
        <translation>&lt;b&gt;Cache semantyczny&lt;/b&gt;: brak dość podobnego wcześniejszego pytania (najbliższe: żądanie %1, podobieństwo %2, poniżej %3): odpowiada model.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Semantic cache&lt;/b&gt;: no earlier question to compare with.</source>
        <translation>&lt;b&gt;Cache semantyczny&lt;/b&gt;: brak wcześniejszego pytania do porównania.</translation>
    </message>
    <message>
        <source>Whole scenario, prompt tokens reused: %1</source>
        <translation>Cały scenariusz, ponownie użyte tokeny promptu: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;Radix tree&lt;/b&gt; after request %1 was admitted: %2 of %3 tokens held. %4 reused path, %5 added by this request, %6 cached; outlined: held by a running request. Each box is a node with its token count.</source>
        <translation>&lt;b&gt;Drzewo radix&lt;/b&gt; po przyjęciu żądania %1: %2 z %3 tokenów zajętych. %4 ścieżka użyta ponownie, %5 dodane przez to żądanie, %6 w cache; obrysowane: trzymane przez trwające żądanie. Każde pole to węzeł z liczbą tokenów.</translation>
    </message>
    <message>
        <source>Gemini implicit</source>
        <translation>Gemini, niejawny</translation>
    </message>
    <message>
        <source>Bedrock cache points</source>
        <translation>Punkty cache Bedrock</translation>
    </message>
    <message>
        <source>DeepSeek disk cache</source>
        <translation>DeepSeek, cache dyskowy</translation>
    </message>
    <message>
        <source>this model has no implicit caching: nothing is cached</source>
        <translation>ten model nie ma niejawnego cache: nic nie trafia do cache</translation>
    </message>
    <message>
        <source>The caching policies are compared once the whole scenario has played.</source>
        <translation>Polityki cache są porównywane, gdy cały scenariusz się odtworzy.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · one trace, seven caching policies</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · jeden ślad, siedem polityk cache</translation>
    </message>
</context>
<context>
    <name>pl::ui::PoolView</name>
    <message>
        <source>in use, ref count %1</source>
        <translation>w użyciu, licznik referencji %1</translation>
    </message>
    <message>
        <source>cached, free (LRU position %1)</source>
        <translation>w cache, wolny (pozycja LRU %1)</translation>
    </message>
    <message>
        <source>free, empty</source>
        <translation>wolny, pusty</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pool block %1&lt;/b&gt; — %2</source>
        <translation>&lt;b&gt;Blok puli %1&lt;/b&gt; — %2</translation>
    </message>
    <message>
        <source>hash &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>hash &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>last used by request %1 (%2) at t = %3 s</source>
        <translation>ostatnio użyty przez żądanie %1 (%2) w t = %3 s</translation>
    </message>
    <message>
        <source>the next block the pool hands out: its cached data is evicted then</source>
        <translation>następny blok wydawany przez pulę: wtedy jego dane znikną z cache</translation>
    </message>
    <message>
        <source>evicted by the current request</source>
        <translation>usunięty przez bieżące żądanie</translation>
    </message>
    <message>
        <source>The KV pool appears once the scenario runs.</source>
        <translation>Pula KV pojawi się po uruchomieniu scenariusza.</translation>
    </message>
    <message>
        <source>%1 blocks × %2 tokens</source>
        <translation>%1 × blok %2-tokenowy</translation>
    </message>
    <message>
        <source> · %1 each</source>
        <translation> · po %1</translation>
    </message>
    <message>
        <source>in use %1</source>
        <translation>w użyciu %1</translation>
    </message>
    <message>
        <source>cached %1</source>
        <translation>w cache %1</translation>
    </message>
    <message>
        <source>free %1</source>
        <translation>wolne %1</translation>
    </message>
    <message>
        <source>next victim</source>
        <translation>następna ofiara</translation>
    </message>
    <message>
        <source>evicted %1</source>
        <translation>usunięte %1</translation>
    </message>
    <message>
        <source>Blocks in use now belong to: %1</source>
        <translation>Bloki w użyciu należą teraz do: %1</translation>
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
        <translation>Tokeny</translation>
    </message>
    <message>
        <source>Edit request %1</source>
        <translation>Edycja żądania %1</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Edycja</translation>
    </message>
    <message>
        <source>Edit the text, then Run again (Ctrl+R): the whole scenario re-plays on the model with your change. Red wavy text looks dynamic.</source>
        <translation>Zmień tekst i kliknij „Uruchom ponownie” (Ctrl+R): cały scenariusz zostanie odtworzony na modelu z Twoją zmianą. Czerwony falisty tekst wygląda na dynamiczny.</translation>
    </message>
    <message>
        <source>Put the time at the start</source>
        <translation>Czas na początek</translation>
    </message>
    <message>
        <source>Insert the current time at the head of this text: the classic way to break a cached prefix.</source>
        <translation>Wstawia bieżący czas na początek tekstu: klasyczny sposób na zepsucie prefiksu w cache.</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>Uruchom ponownie</translation>
    </message>
    <message>
        <source>Re-play the scenario with this edit (Ctrl+R)</source>
        <translation>Odtwórz scenariusz ponownie z tą zmianą (Ctrl+R)</translation>
    </message>
    <message>
        <source>tools</source>
        <translation>narzędzia</translation>
    </message>
    <message>
        <source>system</source>
        <translation>system</translation>
    </message>
    <message>
        <source>messages</source>
        <translation>wiadomości</translation>
    </message>
    <message>
        <source>template</source>
        <translation>szablon</translation>
    </message>
    <message>
        <source>dynamic text</source>
        <translation>tekst dynamiczny</translation>
    </message>
    <message>
        <source>Current time: %1.

</source>
        <translation>Aktualny czas: %1.

</translation>
    </message>
    <message>
        <source>&lt;i&gt;No scenario loaded.&lt;/i&gt;</source>
        <translation>&lt;i&gt;Nie wczytano scenariusza.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;Tokenizing and playing on the model…&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;Tokenizacja i odtwarzanie na modelu…&lt;/i&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;Not played: see the message below the requests.&lt;/i&gt;</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;&lt;i&gt;Nie odtworzono: zobacz komunikat pod żądaniami.&lt;/i&gt;</translation>
    </message>
    <message>
        <source>Request %1 was not played.</source>
        <translation>Żądanie %1 nie zostało odtworzone.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · %2 · %3 tokens&lt;br&gt;&lt;span style=&apos;color:%4&apos;&gt;tools %5 · system %6 · messages %7&lt;/span&gt;</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · %2 · tokeny: %3&lt;br&gt;&lt;span style=&apos;color:%4&apos;&gt;narzędzia %5 · system %6 · wiadomości %7&lt;/span&gt;</translation>
    </message>
    <message>
        <source>%1 tokens that share a character: %2</source>
        <translation>tokeny dzielące jeden znak (%1): %2</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;⚠ %2 tokens look dynamic (time, date or id): everything after the first one can only be reused by an identical request.&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;⚠ Tokeny wyglądające na dynamiczne (czas, data lub id): %2. Wszystko od pierwszego z nich da się ponownie użyć tylko w identycznym żądaniu.&lt;/span&gt;</translation>
    </message>
    <message>
        <source>Send again</source>
        <translation>Wyślij ponownie</translation>
    </message>
    <message>
        <source>Send this request once more, after the others, to the pool as they left it (Ctrl+Shift+R): unchanged, its blocks hit; changed near the start, they miss.</source>
        <translation>Wyślij to żądanie jeszcze raz, po pozostałych, do puli w stanie, w jakim ją zostawiły (Ctrl+Shift+R): bez zmian jego bloki trafiają; zmienione blisko początku — chybiają.</translation>
    </message>
    <message>
        <source>Looks dynamic, but lies after the cached prefix: it changes nothing that is reused.</source>
        <translation>Wygląda na dynamiczne, ale leży za buforowanym prefiksem: nie zmienia niczego, co jest ponownie używane.</translation>
    </message>
    <message>
        <source>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;%2 tokens look dynamic but come after the cached prefix: they cost no reuse.&lt;/span&gt;</source>
        <translation>&lt;br&gt;&lt;span style=&apos;color:%1&apos;&gt;Tokeny wyglądające na dynamiczne (%2) stoją za buforowanym prefiksem: nie odbierają żadnego ponownego użycia.&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>pl::ui::RadixTreeView</name>
    <message>
        <source>Root of the tree (no salt)</source>
        <translation>Korzeń drzewa (bez soli)</translation>
    </message>
    <message>
        <source>Root of the tree for salt “%1”</source>
        <translation>Korzeń drzewa dla soli „%1”</translation>
    </message>
    <message>
        <source>Tokens: %1, from token %2 of the path</source>
        <translation>Tokeny: %1, od tokenu %2 ścieżki</translation>
    </message>
    <message>
        <source>Held by running requests (%1): never evicted</source>
        <translation>Trzymany przez trwające żądania (%1): nigdy nie usuwany</translation>
    </message>
</context>
<context>
    <name>pl::ui::ScenarioContext</name>
    <message>
        <source>There is no request %1.</source>
        <translation>Nie ma żądania %1.</translation>
    </message>
    <message>
        <source>%1 is not a text field of the request.</source>
        <translation>%1 nie jest polem tekstowym żądania.</translation>
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
        <translation>bloki vLLM</translation>
    </message>
    <message>
        <source>SGLang radix</source>
        <translation>drzewo radix SGLang</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s) skipped; the first: %1</source>
        <translation>
            <numerusform>Pominięto %n wiersz; pierwszy: %1</numerusform>
            <numerusform>Pominięto %n wiersze; pierwszy: %1</numerusform>
            <numerusform>Pominięto %n wierszy; pierwszy: %1</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Policy:</source>
        <translation>&amp;Polityka:</translation>
    </message>
    <message>
        <source>The cache the log is replayed under; another one recomputes it</source>
        <translation>Pamięć podręczna, w której log jest odtwarzany; wybór innej liczy go od nowa</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Anuluj</translation>
    </message>
    <message>
        <source>Stop reading the log (Esc); the requests read so far stay</source>
        <translation>Przerwij czytanie logu (Esc); wczytane dotąd żądania zostają</translation>
    </message>
    <message>
        <source>the provider&apos;s usage disagrees</source>
        <translation>użycie podane przez dostawcę się nie zgadza</translation>
    </message>
    <message>
        <source>Open a log (File &gt; Open) to see its requests here.</source>
        <translation>Otwórz log (Plik &gt; Otwórz), aby zobaczyć tu jego żądania.</translation>
    </message>
    <message numerus="yes">
        <source>Reading… %n request(s) so far</source>
        <translation>
            <numerusform>Czytanie… dotąd %n żądanie</numerusform>
            <numerusform>Czytanie… dotąd %n żądania</numerusform>
            <numerusform>Czytanie… dotąd %n żądań</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n żądanie</numerusform>
            <numerusform>%n żądania</numerusform>
            <numerusform>%n żądań</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>in %n conversation(s)</source>
        <translation>
            <numerusform>w %n rozmowie</numerusform>
            <numerusform>w %n rozmowach</numerusform>
            <numerusform>w %n rozmowach</numerusform>
        </translation>
    </message>
    <message>
        <source> · hit rate &lt;b&gt;%1%&lt;/b&gt; · cost &lt;b&gt;%2&lt;/b&gt; (no cache: %3) · leaked &lt;b&gt;%4&lt;/b&gt;</source>
        <translation> · trafienia &lt;b&gt;%1%&lt;/b&gt; · koszt &lt;b&gt;%2&lt;/b&gt; (bez pamięci podręcznej: %3) · stracone &lt;b&gt;%4&lt;/b&gt;</translation>
    </message>
    <message>
        <source> · as reported: %1</source>
        <translation> · według dostawcy: %1</translation>
    </message>
    <message numerus="yes">
        <source>the provider disagrees on %n request(s)</source>
        <translation>
            <numerusform>dostawca nie zgadza się w %n żądaniu</numerusform>
            <numerusform>dostawca nie zgadza się w %n żądaniach</numerusform>
            <numerusform>dostawca nie zgadza się w %n żądaniach</numerusform>
        </translation>
    </message>
    <message>
        <source>cancelled: the rest of the file was not read</source>
        <translation>anulowano: reszta pliku nie została wczytana</translation>
    </message>
    <message>
        <source>Cost over the requests</source>
        <translation>Koszt kolejnych żądań</translation>
    </message>
    <message>
        <source>no cache</source>
        <translation>bez pamięci podręcznej</translation>
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
        <translation>tokeny: liczone jak u dostawcy</translation>
    </message>
    <message>
        <source>tokens: calibrated to the log&apos;s usage (±%1%)</source>
        <translation>tokeny: skalibrowane według usage z logu (±%1%)</translation>
    </message>
    <message>
        <source>tokens: estimated (±%1%)</source>
        <translation>tokeny: szacowane (±%1%)</translation>
    </message>
    <message>
        <source>tokens: the built-in model&apos;s</source>
        <translation>tokeny: liczone jak we wbudowanym modelu</translation>
    </message>
</context>
<context>
    <name>pl::ui::TrafficView</name>
    <message>
        <source>read from the cache</source>
        <translation>odczytane z pamięci podręcznej</translation>
    </message>
    <message>
        <source>expired (TTL gap)</source>
        <translation>wygasłe (przerwa dłuższa niż TTL)</translation>
    </message>
    <message>
        <source>written to the cache</source>
        <translation>zapisane w pamięci podręcznej</translation>
    </message>
    <message>
        <source>uncached</source>
        <translation>poza pamięcią podręczną</translation>
    </message>
    <message>
        <source>diverged here</source>
        <translation>tu się rozchodzi</translation>
    </message>
    <message>
        <source>Request %1 · line %2 · %3 · %4</source>
        <translation>Żądanie %1 · wiersz %2 · %3 · %4</translation>
    </message>
    <message>
        <source>prompt</source>
        <translation>prompt</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 tokenów</translation>
    </message>
    <message>
        <source>read</source>
        <translation>odczytane</translation>
    </message>
    <message>
        <source>expired</source>
        <translation>wygasłe</translation>
    </message>
    <message>
        <source>written</source>
        <translation>zapisane</translation>
    </message>
    <message>
        <source>cost</source>
        <translation>koszt</translation>
    </message>
    <message>
        <source>without caching</source>
        <translation>bez pamięci podręcznej</translation>
    </message>
    <message>
        <source>leaked</source>
        <translation>stracone</translation>
    </message>
    <message>
        <source>Left the previous prompt at token %1.</source>
        <translation>Odchodzi od poprzedniego promptu przy tokenie %1.</translation>
    </message>
    <message>
        <source>Cause: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Przyczyna: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Reported by the provider: %1 input, %2 read, %3 written</source>
        <translation>Według dostawcy: %1 wejściowych, %2 odczytanych, %3 zapisanych</translation>
    </message>
    <message>
        <source>⚠ The provider read %1 tokens where the emulation expected %2.</source>
        <translation>⚠ Dostawca odczytał %1 tokenów tam, gdzie emulacja oczekiwała %2.</translation>
    </message>
    <message>
        <source>No requests yet</source>
        <translation>Jeszcze brak żądań</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s) · hit rate %1 · %2</source>
        <translation>
            <numerusform>%n żądanie · trafienia %1 · %2</numerusform>
            <numerusform>%n żądania · trafienia %1 · %2</numerusform>
            <numerusform>%n żądań · trafienia %1 · %2</numerusform>
        </translation>
    </message>
    <message>
        <source> · leaked %1</source>
        <translation> · stracone %1</translation>
    </message>
    <message>
        <source>The provider&apos;s own reason: &lt;b&gt;%1&lt;/b&gt;</source>
        <translation>Powód podany przez dostawcę: &lt;b&gt;%1&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Tokens calibrated from the log&apos;s usage (the provider&apos;s tokenizer is not public).</source>
        <translation>Liczba tokenów skalibrowana według usage z logu (tokenizer dostawcy nie jest publiczny).</translation>
    </message>
    <message>
        <source>Tokens estimated (the provider&apos;s tokenizer is not public or not installed).</source>
        <translation>Liczba tokenów szacowana (tokenizer dostawcy nie jest publiczny albo nie jest zainstalowany).</translation>
    </message>
</context>
<context>
    <name>pl::ui::TransportBar</name>
    <message>
        <source>Drag to scrub through every event of the run</source>
        <translation>Przeciągnij, aby przewijać wszystkie zdarzenia przebiegu</translation>
    </message>
    <message>
        <source>start</source>
        <translation>początek</translation>
    </message>
    <message>
        <source>%1 / %2 · request %3 / %4 · %5</source>
        <translation>%1 / %2 · żądanie %3 / %4 · %5</translation>
    </message>
    <message>
        <source>no run yet</source>
        <translation>jeszcze nie uruchomiono</translation>
    </message>
    <message>
        <source>Playback speed (at 1×, each new token stays %1 s on screen)</source>
        <translation>Prędkość odtwarzania (przy 1× każdy nowy token zostaje na ekranie %1 s)</translation>
    </message>
</context>
<context>
    <name>pl::ui::UsagePanel</name>
    <message>
        <source>&lt;b&gt;Usage&lt;/b&gt;</source>
        <translation>&lt;b&gt;Zużycie&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Token counts appear as the scenario plays.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Liczby tokenów pojawią się w trakcie odtwarzania scenariusza.&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · usage</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · zużycie</translation>
    </message>
    <message>
        <source>reused</source>
        <translation>z&#xa0;cache</translation>
    </message>
    <message>
        <source>computed</source>
        <translation>obliczone</translation>
    </message>
    <message>
        <source>output</source>
        <translation>wyjście</translation>
    </message>
    <message>
        <source>TTFT ms</source>
        <translation>TTFT ms</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;API usage fields appear when the request finishes.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Pola usage z API pojawią się po zakończeniu żądania.&lt;/span&gt;</translation>
    </message>
    <message>
        <source>0 (bit-identical)</source>
        <translation>0 (identyczne co do bitu)</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Not verified against a full recompute.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Nie sprawdzono względem pełnego przeliczenia.&lt;/span&gt;</translation>
    </message>
    <message>
        <source>this model</source>
        <translation>tego modelu</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Working out what the API would bill…&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Obliczam, ile naliczyłoby API…&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;API bill: $%4 input (%2, caches prefixes from %3 tokens)&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Rachunek API: wejście $%4 (%2, buforuje prefiksy od %3 tokenów)&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;✔ Computed %2 of %3 tokens, same next-token scores: max |diff| = %4&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;✔ Obliczono %2 z %3 tokenów, te same wyniki następnego tokenu: max |diff| = %4&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;✘ Computed %2 of %3 tokens, different next-token scores: max |diff| = %4&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;✘ Obliczono %2 z %3 tokenów, inne wyniki następnego tokenu: max |diff| = %4&lt;/span&gt;</translation>
    </message>
    <message>
        <source>next token</source>
        <translation>następny token</translation>
    </message>
    <message>
        <source>cached</source>
        <translation>z cache</translation>
    </message>
    <message>
        <source>full</source>
        <translation>pełne</translation>
    </message>
    <message>
        <source>prob.</source>
        <translation>prawd.</translation>
    </message>
    <message>
        <source>&lt;span style=&apos;color:%1&apos;&gt;Played without the model (the prompt is longer than its context): hits and writes are the cache&apos;s, the TTFT is modelled.&lt;/span&gt;</source>
        <translation>&lt;span style=&apos;color:%1&apos;&gt;Odtworzono bez modelu (prompt jest dłuższy niż jego kontekst): trafienia i zapisy pochodzą z cache, TTFT jest modelowany.&lt;/span&gt;</translation>
    </message>
</context>
<context>
    <name>pl::ui::WindowActions</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Plik</translation>
    </message>
    <message>
        <source>Save &amp;screenshot…</source>
        <translation>Zapisz &amp;zrzut ekranu…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>Za&amp;kończ</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Edycja</translation>
    </message>
    <message>
        <source>&amp;Undo the edit</source>
        <translation>&amp;Cofnij edycję</translation>
    </message>
    <message>
        <source>&amp;Redo the edit</source>
        <translation>&amp;Ponów edycję</translation>
    </message>
    <message>
        <source>&amp;Send the request again</source>
        <translation>&amp;Wyślij żądanie ponownie</translation>
    </message>
    <message>
        <source>Re&amp;vert to the scenario&apos;s requests</source>
        <translation>P&amp;rzywróć żądania scenariusza</translation>
    </message>
    <message>
        <source>&amp;Playback</source>
        <translation>&amp;Odtwarzanie</translation>
    </message>
    <message>
        <source>Step back one event</source>
        <translation>Jedno zdarzenie wstecz</translation>
    </message>
    <message>
        <source>Step forward one event</source>
        <translation>Jedno zdarzenie dalej</translation>
    </message>
    <message>
        <source>Previous request</source>
        <translation>Poprzednie żądanie</translation>
    </message>
    <message>
        <source>Next request</source>
        <translation>Następne żądanie</translation>
    </message>
    <message>
        <source>To the start</source>
        <translation>Na początek</translation>
    </message>
    <message>
        <source>To the end</source>
        <translation>Na koniec</translation>
    </message>
    <message>
        <source>Faster</source>
        <translation>Szybciej</translation>
    </message>
    <message>
        <source>Slower</source>
        <translation>Wolniej</translation>
    </message>
    <message>
        <source>&amp;Run again with the edit</source>
        <translation>&amp;Uruchom ponownie ze zmianą</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Widok</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>&amp;Ciemny motyw</translation>
    </message>
    <message>
        <source>Zoom &amp;in</source>
        <translation>Powięk&amp;sz</translation>
    </message>
    <message>
        <source>Zoom &amp;out</source>
        <translation>Po&amp;mniejsz</translation>
    </message>
    <message>
        <source>&amp;Reset zoom</source>
        <translation>&amp;Domyślne powiększenie</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Język</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>&amp;Lekcje</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Pomo&amp;c</translation>
    </message>
    <message>
        <source>&amp;About PrefixLens</source>
        <translation>&amp;O programie PrefixLens</translation>
    </message>
    <message>
        <source>&amp;Start the first lesson</source>
        <translation>&amp;Zacznij pierwszą lekcję</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>S&amp;króty klawiszowe</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pauza</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>Odtwórz</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>Skróty klawiszowe</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Klawisz</translation>
    </message>
    <message>
        <source>Does</source>
        <translation>Działanie</translation>
    </message>
    <message>
        <source>Reset the doc&amp;k layout</source>
        <translation>Przywróć układ do&amp;ków</translation>
    </message>
    <message>
        <source>&amp;Open scenario, request or log…</source>
        <translation>&amp;Otwórz scenariusz, żądanie lub log…</translation>
    </message>
</context>
<context>
    <name>pl::ui::WindowTraffic</name>
    <message numerus="yes">
        <source>Stopped reading %1 after %n request(s)</source>
        <translation>
            <numerusform>Przerwano czytanie %1 po %n żądaniu</numerusform>
            <numerusform>Przerwano czytanie %1 po %n żądaniach</numerusform>
            <numerusform>Przerwano czytanie %1 po %n żądaniach</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Read %n request(s) of %1, replayed under %2</source>
        <translation>
            <numerusform>Wczytano %n żądanie z %1, odtworzone w %2</numerusform>
            <numerusform>Wczytano %n żądania z %1, odtworzone w %2</numerusform>
            <numerusform>Wczytano %n żądań z %1, odtworzone w %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Block chain</source>
        <translation>Łańcuch bloków</translation>
    </message>
    <message>
        <source>Traffic</source>
        <translation>Ruch</translation>
    </message>
    <message>
        <source>Traffic · %1</source>
        <translation>Ruch · %1</translation>
    </message>
    <message>
        <source>Each row is a request of the log, replayed under the policy picked on the right, without the model. Click a row (or press Enter) to open that request in the docks and the block chain.</source>
        <translation>Każdy wiersz to jedno żądanie z logu, odtworzone bez modelu według polityki wybranej po prawej. Kliknij wiersz (lub naciśnij Enter), aby otworzyć to żądanie w panelach i w łańcuchu bloków.</translation>
    </message>
    <message>
        <source>%1 — PrefixLens</source>
        <translation>%1 — PrefixLens</translation>
    </message>
</context>
</TS>
