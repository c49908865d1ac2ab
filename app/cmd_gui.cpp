// prefixlens [gui]: the desktop app.
//
// Flags for measurements (help lists them apart, cli_table.cpp):
//   --measure-latency [--tokens N]  plays a ~N-token prompt (default 2000) while a 5 ms timer
//                                   watches the UI thread; prints one JSON object and exits.
//   --measure-live-latency --connect ENDPOINT [--replay E] [--topic T] [--seconds S]
//                                   connects the live view (File > Connect to a server…) and
//                                   watches the UI thread with a 5 ms timer for S seconds
//                                   (default 10) while the stream arrives; prints one JSON
//                                   object (tests/live/bench_app.sh offers it 50,000 events/s).
//   --measure-startup [--scenario NAME] [--lesson NAME]
//                                   times launch to window, to the first request drawn and to
//                                   the whole scenario, then a lesson step that changes scenario
//                                   (first time and again); prints one JSON object and exits.
//   --measure-traffic LOG           opens LOG in the traffic view and times the first rows, the
//                                   whole view and its cost chart, then opens the request with
//                                   the longest prompt into the docks and the chain, while a 5 ms
//                                   timer watches the UI thread; prints one JSON object and exits.
//   --report-layout [--scenario NAME]
//                                   a launch as any other (settings read and, on closing,
//                                   written), until the first run is shown; prints the screen, the
//                                   window's frame and every dock's place as one JSON object, then
//                                   closes the window (tests/test_first_launch.cpp).
// Images of the window come from `prefixlens shot` (cmd_shot.cpp).
#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QLocale>
#include <QSettings>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cli_args.h"
#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "common/i18n.h"
#include "panels/live_panel.h"
#include "session/run_store.h"
#include "session/scenario_import.h"
#include "shell/latency_probe.h"
#include "shell/layout_report.h"
#include "shell/main_window.h"
#include "shell/window_traffic.h"

namespace pl::cli {

int run_gui(int argc, char** argv, const std::vector<std::string>& args) {
    QElapsedTimer launch;  // --measure-startup counts from here
    launch.start();
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("gui"), a); !err.empty())
        return fail_usage(err);
    ui::EngineOptions engine;
    if (auto err = parse_sampling_flags(a, engine.sampling); !err.empty())
        return fail_usage(err);
    engine.model_dir = QString::fromStdString(a.get("--model").value_or(""));
    // Finished runs outlive the launch (ui/session/run_store.h); PREFIXLENS_RUN_CACHE=0 keeps them
    // in memory only, e.g. to measure a first play.
    if (qEnvironmentVariable("PREFIXLENS_RUN_CACHE") != QLatin1String("0"))
        engine.run_store_dir = ui::RunStore::defaultDir();
    if (auto b = a.get("--backend")) {
        auto kind = parse_backend_kind(*b);
        if (!kind)
            return fail_usage(kind.error().message);
        engine.backend = kind->kind;
        engine.explicit_backend = kind->explicit_kind;
    }
    if (auto d = a.get("--device")) {
        long v = 0;
        if (auto err = parse_int("--device", *d, 0, 64, v); !err.empty())
            return fail_usage(err);
        engine.device_index = static_cast<int>(v);
    }
    const QString lang = QString::fromStdString(a.get("--lang").value_or(""));
    if (a.has("--lang") && !ui::availableLanguages().contains(lang))
        return fail_usage("--lang must be 'en', 'ja' or 'pl'");
    long tokens = 2000;
    if (auto t = a.get("--tokens")) {
        if (auto err = parse_int("--tokens", *t, 16, 2040, tokens); !err.empty())
            return fail_usage(err);
    }
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("PrefixLens"));
    QApplication::setOrganizationName(QStringLiteral("PrefixLens"));
    ui::registerUiMetaTypes();

    if (a.has("--measure-latency")) {
        const ui::LatencyReport rep = ui::measureUiLatency(engine, static_cast<int>(tokens));
        std::printf("%s\n", rep.toJson().toStdString().c_str());
        return rep.ok ? 0 : 1;
    }

    if (auto log = a.get("--measure-traffic")) {
        const ui::TrafficReport rep = ui::measureTraffic(engine, QString::fromStdString(*log));
        std::printf("%s\n", rep.toJson().toStdString().c_str());
        return rep.ok ? 0 : 1;
    }

    // The served model's tokenizer also counts the traffic view's requests (its worker reads
    // it where lint and replay read --tokenizer's default).
    if (auto t = a.get("--tokenizer"))
        ::setenv("PREFIXLENS_TOKENIZER", t->c_str(), 1);

    ui::LiveConnectSpec live;
    if (auto c = a.get("--connect")) {
        live.endpoints = QString::fromStdString(*c).split(u' ', Qt::SkipEmptyParts);
        live.replay = QString::fromStdString(a.get("--replay").value_or(""));
        live.topic = QString::fromStdString(a.get("--topic").value_or(""));
        live.tokenizerDir = QString::fromStdString(a.get("--tokenizer").value_or(""));
        live.metricsUrl = QString::fromStdString(a.get("--metrics").value_or(""));
        live.matchFile = QString::fromStdString(a.get("--match").value_or(""));
        live.hashSeed = QString::fromStdString(a.get("--hash-seed").value_or(""));
        if (auto b = a.get("--block-size")) {
            long n = 0;
            if (auto err = parse_int("--block-size", *b, 1, 65536, n); !err.empty())
                return fail_usage("gui: " + err);
            live.blockSize = static_cast<int>(n);
        }
    }
    if (a.has("--measure-live-latency")) {
        if (live.endpoints.isEmpty())
            return fail_usage("--measure-live-latency needs --connect ENDPOINT");
        long seconds = 10;
        if (auto t = a.get("--seconds"))
            if (auto err = parse_int("--seconds", *t, 1, 600, seconds); !err.empty())
                return fail_usage(err);
        ui::MainWindowOptions o;
        o.engine = engine;
        o.useSettings = false;
        o.loadInitialScenario = false;  // only the live view works on the UI thread meanwhile
        ui::MainWindow window(o);
        window.resize(1280, 800);
        window.show();
        auto* dock = window.findChild<ui::LiveDock*>();
        if (const QString err = dock->connectTo(live); !err.isEmpty())
            return fail_usage(err.toStdString());
        QElapsedTimer clock;
        clock.start();
        qint64 last = 0;
        std::vector<double> gaps;
        QTimer tick;
        tick.setInterval(5);
        QObject::connect(&tick, &QTimer::timeout, [&] {
            const qint64 now = clock.nsecsElapsed();
            gaps.push_back(static_cast<double>(now - last) / 1e6);
            last = now;
        });
        tick.start();
        QTimer::singleShot(static_cast<int>(seconds * 1000), &app, &QApplication::quit);
        QApplication::exec();
        std::sort(gaps.begin(), gaps.end());
        double sum = 0;
        for (double g : gaps)
            sum += g;
        const ui::LiveFrame& f = dock->lastFrame();
        std::printf(
            "{\"seconds\": %ld, \"ticks\": %zu, \"longest_gap_ms\": %.1f, \"p99_gap_ms\": %.1f, "
            "\"mean_gap_ms\": %.2f, \"frames\": %d, \"events\": %lld, \"events_per_s\": %.0f, "
            "\"held\": %lld, \"malformed\": %lld, \"gaps_unfilled\": %lld}\n",
            seconds, gaps.size(), gaps.empty() ? 0.0 : gaps.back(),
            gaps.empty() ? 0.0 : gaps[gaps.size() * 99 / 100],
            gaps.empty() ? 0.0 : sum / static_cast<double>(gaps.size()), dock->framesShown(),
            static_cast<long long>(f.counters.events),
            static_cast<double>(f.counters.events) / static_cast<double>(seconds),
            static_cast<long long>(f.held), static_cast<long long>(f.counters.malformed),
            static_cast<long long>(f.counters.gaps_unfilled));
        return 0;
    }

    if (a.has("--measure-startup")) {
        const ui::StartupReport rep = ui::measureStartup(
            engine, launch, QString::fromStdString(a.get("--scenario").value_or("")),
            QString::fromStdString(a.get("--lesson").value_or("")));
        std::printf("%s\n", rep.toJson().toStdString().c_str());
        return rep.ok ? 0 : 1;
    }

    ui::MainWindowOptions options;
    options.engine = engine;
    // --lang, else the language chosen in the menu last time, else the system's, else English.
    const QString saved =
        options.useSettings ? QSettings().value(ui::languageSettingsKey()).toString() : QString();
    if (QString error; !ui::setLanguage(ui::chooseLanguage(lang, saved, QLocale::system()), &error))
        std::fprintf(stderr, "prefixlens: %s; the app stays in English\n",
                     error.toStdString().c_str());
    // `prefixlens FILE`: a log opens as traffic, a scenario or a request as --scenario would.
    if (a.positional.size() > 1 || (a.positional.size() == 1 && a.has("--scenario")))
        return fail_usage("gui: give one FILE to open (a log, a scenario or a request)");
    if (a.positional.size() == 1) {
        const QString file = QString::fromStdString(a.positional.front());
        if (!QFileInfo(file).isFile())
            return fail_usage(a.positional.front() + ": no such file");
        if (!ui::WindowTraffic::isTrafficFile(file)) {
            if (auto sc = ui::loadScenarioFile(file); !sc)
                return fail_usage(sc.error().message);
        }
        options.initialScenario = file;
    }
    if (auto s = a.get("--scenario")) {
        // Fail early and clearly on a bad file, as the headless commands do.
        auto sc = ui::loadScenarioNameOrFile(QString::fromStdString(*s));
        if (!sc)
            return fail_usage(sc.error().message);
        options.initialScenario = QString::fromStdString(*s);
    }
    ui::MainWindow window(options);
    window.show();
    if (a.has("--report-layout")) {
        // The first run shown, then a few turns more for anything laid out after it.
        const bool shown = window.waitForRun(300000);
        for (int i = 0; i < 10; ++i)
            QApplication::processEvents(QEventLoop::AllEvents, 20);
        std::printf("%s\n", QJsonDocument(ui::layoutReport(window)).toJson().constData());
        window.close();
        return shown ? 0 : 1;
    }
    if (!live.endpoints.isEmpty())
        if (const QString err = window.findChild<ui::LiveDock*>()->connectTo(live); !err.isEmpty())
            return fail_usage(err.toStdString());
    return QApplication::exec();
}

}  // namespace pl::cli
