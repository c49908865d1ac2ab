// prefixlens shot: renders the real app window at one step of a scenario, or at one step of a
// lesson (the lesson panel, its scenario and moment or its log, and the spotlight), into a PNG,
// offscreen, with no window system needed. Every argument is checked before the scenario is
// played, and the image is written to a temporary file next to OUT and renamed over it only when
// complete, so a failure never leaves a file behind.
#include <QApplication>
#include <QBuffer>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QHashFunctions>
#include <QImageWriter>
#include <QLocale>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <regex>

#include "cli_args.h"
#include "cli_common.h"
#include "cli_table.h"
#include "commands.h"
#include "common/i18n.h"
#include "core/file_util.h"
#include "cpu/cpu_ops.h"
#include "lessons/lesson.h"
#include "lessons/lesson_panel.h"
#include "panels/live_panel.h"
#include "session/scenario_import.h"
#include "shell/main_window.h"
#include "shell/window_traffic.h"
#include "state/scenario_context.h"
#include "traffic/traffic_panel.h"
#include "traffic/traffic_view.h"

namespace pl::cli {

namespace {

constexpr int kMinSide = 320;
constexpr int kMaxSide = 8192;
constexpr double kMinScale = 0.5;
constexpr double kMaxScale = 4.0;
constexpr int kRunTimeoutMs = 10 * 60 * 1000;

struct ShotOptions {
    std::string scenario;  // empty with --lesson: the step names its scenario
    QString out;
    std::optional<long> step;  // request index, 0-based; none: the last request
    std::string lesson;        // a built-in lesson's name or a lesson file; empty: none
    long lessonStep = 1;       // 1-based, as the lesson panel's "Step N of M"
    int width = 1280;
    int height = 800;
    double scale = 1.0;
    ui::Theme theme = ui::Theme::Light;
    bool deterministic = false;
    std::string lang;
    // A log: the traffic view once the whole log is read, under this policy (unset: the
    // provider's own).
    bool traffic = false;
    std::optional<CachePolicy> policy;
    ui::EngineOptions engine;
    // --connect: the live view connected to a server (the test publisher, for docs), shown
    // after --connect-wait seconds of its stream.
    ui::LiveConnectSpec live;
    double connectWaitS = 3;
};

std::string parse_size(const std::string& text, int& w, int& h) {
    static const std::regex re("([0-9]{1,6})x([0-9]{1,6})");
    std::smatch m;
    const std::string bad = "--size must be WxH with each side from " + std::to_string(kMinSide) +
                            " to " + std::to_string(kMaxSide) + " (e.g. 1280x800), not '" + text +
                            "'";
    if (!std::regex_match(text, m, re))
        return bad;
    const long wv = std::stol(m[1].str());
    const long hv = std::stol(m[2].str());
    if (wv < kMinSide || wv > kMaxSide || hv < kMinSide || hv > kMaxSide)
        return bad;
    w = static_cast<int>(wv);
    h = static_cast<int>(hv);
    return {};
}

std::string parse_scale(const std::string& text, double& out) {
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || errno == ERANGE || !std::isfinite(v) || v < kMinScale ||
        v > kMaxScale) {
        return "--scale must be a number from 0.5 to 4 (device pixels per window pixel), not '" +
               text + "'";
    }
    out = v;
    return {};
}

// Refuses an output the shot could not write, before minutes go into playing the scenario.
std::string check_output(const QString& out) {
    const QFileInfo fi(out);
    if (fi.exists() && fi.isDir())
        return "-o " + out.toStdString() + " is a directory; give a file name such as shot.png";
    const QFileInfo dir(fi.absolutePath());
    if (!dir.exists())
        return "cannot write " + out.toStdString() + ": the folder " +
               dir.absoluteFilePath().toStdString() + " does not exist";
    if (!dir.isDir())
        return "cannot write " + out.toStdString() + ": " + dir.absoluteFilePath().toStdString() +
               " is not a folder";
    if (!dir.isWritable())
        return "cannot write " + out.toStdString() + ": the folder " +
               dir.absoluteFilePath().toStdString() + " is not writable";
    return {};
}

std::string parse_options(const std::vector<std::string>& args, ShotOptions& o) {
    ParsedArgs a;
    if (auto err = parse(args, flag_spec("shot"), a); !err.empty())
        return "shot: " + err;
    if (auto err = parse_sampling_flags(a, o.engine.sampling); !err.empty())
        return "shot: " + err;
    if (auto c = a.get("--connect")) {
        o.live.endpoints = QString::fromStdString(*c).split(u' ', Qt::SkipEmptyParts);
        o.live.replay = QString::fromStdString(a.get("--replay").value_or(""));
        o.live.topic = QString::fromStdString(a.get("--topic").value_or(""));
        o.live.tokenizerDir = QString::fromStdString(a.get("--tokenizer").value_or(""));
        o.live.metricsUrl = QString::fromStdString(a.get("--metrics").value_or(""));
        o.live.matchFile = QString::fromStdString(a.get("--match").value_or(""));
        o.live.hashSeed = QString::fromStdString(a.get("--hash-seed").value_or(""));
        if (auto b = a.get("--block-size")) {
            long n = 0;
            if (auto err = parse_int("--block-size", *b, 1, 65536, n); !err.empty())
                return "shot: " + err;
            o.live.blockSize = static_cast<int>(n);
        }
        if (auto w = a.get("--connect-wait")) {
            long ms = 0;
            if (auto err = parse_int("--connect-wait", *w, 0, 600, ms); !err.empty())
                return "shot: " + err;
            o.connectWaitS = static_cast<double>(ms);
        }
    } else {
        for (const char* f : {"--replay", "--topic", "--tokenizer", "--metrics", "--connect-wait",
                              "--match", "--block-size", "--hash-seed"})
            if (a.has(f))
                return std::string("shot: ") + f + " goes with --connect ENDPOINT";
    }
    if (auto l = a.get("--lesson")) {
        // The step names the scenario and the request: a second source for either could only
        // disagree with it.
        if (l->empty())
            return "--lesson needs a built-in lesson's name or a lesson file";
        if (!a.positional.empty())
            return "shot: give a SCENARIO or --lesson, not both (the lesson step names its "
                   "scenario)";
        if (a.has("--step"))
            return "shot: --step does not go with --lesson (the lesson step names its request; "
                   "choose the step with --lesson-step)";
        o.lesson = *l;
        if (auto s = a.get("--lesson-step")) {
            if (*s == "0")
                return "--lesson-step 0 is out of range: lesson steps count from 1, as the "
                       "lesson panel shows them";
            if (auto err = parse_int("--lesson-step", *s, 1, 1 << 20, o.lessonStep); !err.empty())
                return err;
        }
    } else {
        if (a.has("--lesson-step"))
            return "shot: --lesson-step needs --lesson NAME|FILE (the lesson whose step to show)";
        if (a.positional.size() != 1)
            return "shot: give one SCENARIO (a file or a built-in name; see 'prefixlens run "
                   "--list') or --lesson NAME|FILE";
        o.scenario = a.positional[0];
        o.traffic = ui::WindowTraffic::isTrafficFile(QString::fromStdString(o.scenario));
    }
    if (auto p = a.get("--policy")) {
        if (!o.traffic)
            return "shot: --policy goes with a LOG (a JSON Lines log, shown as traffic)";
        o.policy = parse_policy(*p);
        if (!o.policy)
            return "shot: --policy must be anthropic, openai, gemini, bedrock, deepseek, vllm or "
                   "radix, not '" +
                   *p + "'";
    }
    const auto out = a.get("-o");
    if (!out || out->empty())
        return "shot: give the output image with -o OUT.png";
    o.out = QString::fromStdString(*out);
    if (auto err = check_output(o.out); !err.empty())
        return err;
    if (auto s = a.get("--step")) {
        long v = 0;
        if (auto err = parse_int("--step", *s, 0, 1 << 20, v); !err.empty())
            return err;
        o.step = v;
    }
    if (auto s = a.get("--size")) {
        if (auto err = parse_size(*s, o.width, o.height); !err.empty())
            return err;
    }
    if (auto s = a.get("--scale")) {
        if (auto err = parse_scale(*s, o.scale); !err.empty())
            return err;
    }
    if (auto t = a.get("--theme")) {
        if (*t == "light")
            o.theme = ui::Theme::Light;
        else if (*t == "dark")
            o.theme = ui::Theme::Dark;
        else
            return "--theme must be 'light' or 'dark', not '" + *t + "'";
    }
    if (auto l = a.get("--lang")) {
        if (*l != "en" && *l != "ja" && *l != "pl")
            return "--lang must be 'en', 'ja' or 'pl', not '" + *l + "'";
        o.lang = *l;
    }
    o.deterministic = a.has("--deterministic");
    BackendRequest backend;
    if (auto err = parse_backend_flags(a, backend); !err.empty())
        return err;
    o.engine.model_dir = QString::fromStdString(a.get("--model").value_or(""));
    o.engine.backend = backend.kind;
    o.engine.explicit_backend = backend.explicit_kind;
    o.engine.device_index = backend.device_index;
    if (o.deterministic && !backend.explicit_kind) {
        // The CPU twin is on every machine: no Vulkan fallback notice that depends on the GPU.
        o.engine.backend = BackendKind::Cpu;
        o.engine.explicit_backend = true;
    }
    return {};
}

// Qt's own chatter (the offscreen platform has no size hints; containers lack XDG_RUNTIME_DIR)
// is not the user's business and would break the one-line error contract; real failures are.
void quiet_qt_messages(QtMsgType type, const QMessageLogContext&, const QString& message) {
    if (type == QtCriticalMsg || type == QtFatalMsg)
        std::fprintf(stderr, "prefixlens: %s\n", message.toLocal8Bit().constData());
}

// Empty when the window's contents fit in w x h, else their minimum size as "WxH": smaller, and
// panels would be cut off.
std::string check_fits(const QWidget& window, int w, int h) {
    const QSize min = window.minimumSizeHint();
    if (min.width() <= w && min.height() <= h)
        return {};
    return std::to_string(min.width()) + "x" + std::to_string(min.height());
}

// Encodes the PNG in memory and writes it atomically (core/file_util.h): a reader never sees half
// an image, and a failed shot leaves the old one in place.
std::string save_png(const QImage& image, const QString& path) {
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.setQuality(0);  // for PNG: the strongest zlib level; docs images stay small
    // The window is opaque: three channels, not four.
    if (!writer.write(image.convertToFormat(QImage::Format_RGB32)))
        return "cannot write " + path.toStdString() + ": " + writer.errorString().toStdString();
    if (auto w = write_file_atomically(path.toStdString(),
                                       std::string_view(bytes.constData(), bytes.size()));
        !w)
        return w.error().message;
    return {};
}

// Settles the window, grabs it until two grabs agree and writes the PNG.
int shoot(ui::MainWindow& window, const ShotOptions& o, const std::string& too_small,
          const std::string& where) {
    window.settle();
    QApplication::processEvents();
    if (auto err = check_fits(window, o.width, o.height); !err.empty())
        return fail_usage(too_small + err + " at " + where);
    // Anything still arriving on a later event-loop turn (a chart built lazily, the last slice
    // of the prompt's text, a layout pass) must be in the picture: grab until two grabs agree.
    QImage image = window.grabToImage(o.scale);
    for (int i = 0; i < 20 && !image.isNull(); ++i) {
        QElapsedTimer wait;
        wait.start();
        while (wait.elapsed() < 100)
            QApplication::processEvents(QEventLoop::AllEvents, 20);
        window.settle();
        QImage again = window.grabToImage(o.scale);
        const bool same = again == image;
        image = std::move(again);
        if (same)
            break;
    }
    if (image.isNull())
        return fail_usage("could not draw the window");
    if (auto err = save_png(image, o.out); !err.empty())
        return fail_usage(err);
    return 0;
}

}  // namespace

int run_shot(const char* argv0, const std::vector<std::string>& args) {
    ShotOptions o;
    if (auto err = parse_options(args, o); !err.empty())
        return fail_usage(err);
    // What the shot shows: a scenario at the end of one request, or a lesson's step (which names
    // its scenario, request and moment). Both are loaded and checked before any window exists.
    std::optional<ui::Lesson> lesson;
    std::optional<Scenario> plain;
    std::string where;  // names the shot in messages
    int request = -1;   // the request to show, for a plain scenario
    if (!o.lesson.empty()) {
        auto loaded = ui::loadLesson(o.lesson);
        if (!loaded)
            return fail_usage(loaded.error().message);
        lesson = std::move(loaded.value());
        const long steps = static_cast<long>(lesson->steps.size());
        if (o.lessonStep > steps) {
            return fail_usage("--lesson-step " + std::to_string(o.lessonStep) +
                              " is out of range: lesson " + lesson->name + " has steps 1 to " +
                              std::to_string(steps));
        }
        const ui::LessonStep& step = lesson->steps[static_cast<std::size_t>(o.lessonStep - 1)];
        where = "lesson " + lesson->name + " step " + std::to_string(o.lessonStep) + " (";
        if (step.isLog()) {
            where += step.log + ")";
        } else {
            const Scenario& sc = lesson->scenarios[static_cast<std::size_t>(step.scenarioIndex)];
            if (sc.requests.empty())
                return fail_usage(step.where + ": the scenario has no requests to show");
            where += sc.name + ")";
        }
    } else if (o.traffic) {
        where = o.scenario;
    } else {
        auto scenario = ui::loadScenarioNameOrFile(QString::fromStdString(o.scenario));
        if (!scenario)
            return fail_usage(scenario.error().message);
        plain = std::move(scenario.value());
        const Scenario& sc = *plain;
        const long requests = static_cast<long>(sc.requests.size());
        if (requests == 0)
            return fail_usage(o.scenario + ": the scenario has no requests to show");
        if (o.step && *o.step >= requests) {
            return fail_usage("--step " + std::to_string(*o.step) + " is out of range: " + sc.name +
                              " has requests 0 to " + std::to_string(requests - 1));
        }
        request = static_cast<int>(o.step.value_or(requests - 1));
        where = "request " + std::to_string(request) + " of " + sc.name;
    }

    // `shot` needs no window system: the offscreen platform unless the user chose one.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    if (o.deterministic) {
        cpu::set_blas_threads(1);                 // the same bits whatever the core count
        QHashSeed::setDeterministicGlobalSeed();  // the same hash order in every process
    }
    qInstallMessageHandler(quiet_qt_messages);
    // Qt sees only the program name: our arguments are not Qt's (-o, a file named -style...).
    int qargc = 1;
    char* qargv[] = {const_cast<char*>(argv0), nullptr};
    QApplication app(qargc, qargv);
    QApplication::setApplicationName(QStringLiteral("PrefixLens"));
    QApplication::setOrganizationName(QStringLiteral("PrefixLens"));
    // A blinking text cursor would make two shots of the same step differ.
    QApplication::setCursorFlashTime(0);
    ui::registerUiMetaTypes();
    // The window's language: --lang, else English (never the machine's locale, so that a docs
    // build gives the same images everywhere).
    if (QString error; !ui::setLanguage(
            o.lang.empty() ? QStringLiteral("en") : QString::fromStdString(o.lang), &error)) {
        std::fprintf(stderr, "prefixlens: %s\n", error.toStdString().c_str());
        return 2;
    }

    ui::MainWindowOptions options;
    options.engine = o.engine;
    options.useSettings = false;
    options.loadInitialScenario = false;
    options.deterministic = o.deterministic;
    // A first launch on a screen of exactly the size asked for: the window fills it, and its
    // docks are shared out by the same code as a user's first start (MainWindow::setVisible).
    options.screenArea = QRect(0, 0, o.width, o.height);
    ui::MainWindow window(options);
    window.setTheme(o.theme);
    window.show();
    QApplication::processEvents();  // the layouts settle the window's minimum size
    const std::string too_small = "--size " + std::to_string(o.width) + "x" +
                                  std::to_string(o.height) +
                                  " is smaller than the window's minimum of ";
    if (auto err = check_fits(window, o.width, o.height); !err.empty())
        return fail_usage(too_small + err);
    // Exactly the size asked for from here on: a long status text while the scenario plays
    // must not widen the window, and the PNG's size must not depend on it.
    window.setFixedSize(o.width, o.height);
    // The model loads at start: its status text settles first, then a log is read to its end,
    // with the chart's curves under every policy, before the shot.
    auto waitForEngine = [&window] {
        QElapsedTimer engine;
        engine.start();
        while (!window.engine()->engineInfo() && engine.elapsed() < kRunTimeoutMs &&
               window.lastError().isEmpty())
            QApplication::processEvents(QEventLoop::AllEvents, 20);
    };
    ui::LessonPanel* panel = window.lessonPanel();
    if (lesson && lesson->steps[static_cast<std::size_t>(o.lessonStep - 1)].isLog()) {
        // A step on a log: the Traffic tab reads it, and the step's request is selected once it
        // is read, exactly as PageDown does for a presenter.
        waitForEngine();
        const int row = lesson->steps[static_cast<std::size_t>(o.lessonStep - 1)].row;
        panel->setLesson(std::move(*lesson), static_cast<int>(o.lessonStep - 1));
        ui::TrafficPanel* traffic = window.traffic()->panel();
        if (!traffic || !traffic->waitForLoad(kRunTimeoutMs)) {
            const std::string why = traffic ? traffic->error().toStdString() : std::string();
            return fail_usage(where + ": " + (why.empty() ? "the log was not read in time" : why));
        }
        QApplication::processEvents();
        if (!panel->isStepShown()) {
            const int n = traffic->view()->rowCount();
            return fail_usage(where + ": row " + std::to_string(row) + " is not in the log (" +
                              std::to_string(n) + " requests, rows 0 to " + std::to_string(n - 1) +
                              ")");
        }
        return shoot(window, o, too_small, where);
    }
    if (o.traffic) {
        waitForEngine();
        ui::TrafficPanel* traffic =
            window.traffic()->open(QString::fromStdString(o.scenario), o.policy);
        if (!traffic->waitForLoad(kRunTimeoutMs)) {
            const std::string why = traffic->error().toStdString();
            return fail_usage(why.empty() ? o.scenario + ": the log was not read in time" : why);
        }
        if (o.step) {
            // One request opened from the log, as a click on its row does: the block chain of it
            // after the previous request of its conversation.
            const int rows = traffic->view()->rowCount();
            if (*o.step >= rows) {
                return fail_usage("--step " + std::to_string(*o.step) + " is out of range: " +
                                  o.scenario + " has requests 0 to " + std::to_string(rows - 1));
            }
            traffic->view()->selectRow(static_cast<int>(*o.step));
            traffic->openSelected();
            QElapsedTimer opened;
            opened.start();
            while (!window.context()->hasScenario() && opened.elapsed() < kRunTimeoutMs &&
                   window.lastError().isEmpty())
                QApplication::processEvents(QEventLoop::AllEvents, 20);
            if (!window.waitForRun(kRunTimeoutMs)) {
                const QString why = window.lastError().isEmpty()
                                        ? QStringLiteral("the request did not finish in time")
                                        : window.lastError();
                return fail_usage(o.scenario + ": request " + std::to_string(*o.step) + ": " +
                                  why.toStdString());
            }
            window.traffic()->showChain();
            window.setCursorToRequestEnd(window.context()->run()->requestCount() - 1);
            where = "request " + std::to_string(*o.step) + " of " + o.scenario;
        }
        return shoot(window, o, too_small, where);
    }
    const bool isLesson = lesson.has_value();
    // A lesson step loads its scenario and, once the run is there, puts the cursor on its moment
    // and the spotlight on its widget, exactly as PageDown does for a presenter.
    if (isLesson)
        panel->setLesson(std::move(*lesson), static_cast<int>(o.lessonStep - 1));
    else
        window.loadScenario(*plain);
    if (!window.waitForRun(kRunTimeoutMs)) {
        const QString why = window.lastError().isEmpty()
                                ? QStringLiteral("the scenario did not finish playing in time")
                                : window.lastError();
        return fail_usage(where + ": " + why.toStdString());
    }
    const ui::ScenarioRun& run = *window.context()->run();
    if (!run.error.empty())
        return fail_usage(run.error);
    if (isLesson) {
        if (!panel->isStepShown())
            panel->goToStep(panel->step());  // the run arrived before the step could take it
        if (!panel->isStepShown())
            return fail_usage(where + ": the step's moment is not in the run");
    } else {
        if (run.requestEndCursor(request) < 0)
            return fail_usage(where + ": the request did not finish");
        window.setCursorToRequestEnd(request);
    }
    if (!o.live.endpoints.isEmpty()) {
        auto* dock = window.findChild<ui::LiveDock*>();
        if (const QString err = dock->connectTo(o.live); !err.isEmpty())
            return fail_usage("shot: --connect: " + err.toStdString());
        QElapsedTimer wait;
        wait.start();
        while (wait.elapsed() < static_cast<qint64>(o.connectWaitS * 1000))
            QApplication::processEvents(QEventLoop::AllEvents, 50);
        if (dock->framesShown() == 0)
            return fail_usage("shot: --connect: no frame from the live view in time");
    }
    return shoot(window, o, too_small, where);
}

}  // namespace pl::cli
