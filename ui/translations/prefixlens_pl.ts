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
        <source>Open a scenario or an Anthropic request</source>
        <translation>Otwórz scenariusz lub żądanie Anthropic</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>Pliki JSON (*.json)</translation>
    </message>
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
        <source>all reused</source>
        <translation>całe z bufora</translation>
    </message>
    <message>
        <source>part reused</source>
        <translation>część z bufora</translation>
    </message>
    <message>
        <source>none reused</source>
        <translation>nic z bufora</translation>
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
        <source>Which attention head, or the average of all heads</source>
        <translation>Która głowa uwagi albo średnia ze wszystkich głów</translation>
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
        <source>The four policies are compared once the whole scenario has played.</source>
        <translation>Cztery polityki są porównywane, gdy cały scenariusz się odtworzy.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Request %1&lt;/b&gt; · one trace, four caching policies</source>
        <translation>&lt;b&gt;Żądanie %1&lt;/b&gt; · jeden ślad, cztery polityki cache</translation>
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
</context>
<context>
    <name>pl::ui::WindowActions</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Plik</translation>
    </message>
    <message>
        <source>&amp;Open scenario or request…</source>
        <translation>&amp;Otwórz scenariusz lub żądanie…</translation>
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
</context>
</TS>
