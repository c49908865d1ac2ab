// With no usable Vulkan driver the default backend falls back to the CPU and says why; an
// explicit --backend vulkan fails cleanly; --backend cpu never needs Vulkan.
#include <QProcess>
#include <QTest>

namespace {

struct Run {
    int exit_code = -1;
    QString out, err;
};

Run eval_without_vulkan(const QStringList& extra) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    // The loader finds no driver at all: what a laptop without Vulkan support looks like.
    env.insert("VK_DRIVER_FILES", "/nonexistent/icd.json");
    env.insert("VK_ICD_FILENAMES", "/nonexistent/icd.json");
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
            QStringList{"eval", "--tokens", "1,2,3", "--json"} + extra);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

}  // namespace

class TestBackendFallback : public QObject {
    Q_OBJECT

  private slots:
    void defaultBackendFallsBackAndSaysWhy() {
        const Run r = eval_without_vulkan({});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(r.err.contains("Vulkan unavailable") && r.err.contains("CPU backend"),
                 qPrintable(r.err));
        QVERIFY(r.out.contains("\"backend\":\"cpu\""));
    }

    void explicitVulkanFailsWithAMessage() {
        const Run r = eval_without_vulkan({"--backend", "vulkan"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY(r.out.isEmpty());
        const QString err = r.err.trimmed();
        QVERIFY2(!err.isEmpty() && !err.contains('\n'), qPrintable(err));
    }

    void cpuBackendNeedsNoVulkan() {
        const Run r = eval_without_vulkan({"--backend", "cpu"});
        QCOMPARE(r.exit_code, 0);
        QVERIFY2(!r.err.contains("Vulkan"), qPrintable(r.err));
    }

    void missingDeviceIndexIsAnError() {
        QProcess p;
        p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
                {"eval", "--tokens", "1,2,3", "--device", "42"});
        p.waitForFinished(120000);
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(!QString::fromUtf8(p.readAllStandardError()).trimmed().isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestBackendFallback)
#include "test_backend_fallback.moc"
