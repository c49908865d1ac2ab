// With no usable Vulkan driver the default backend falls back to the CPU and says why; an
// explicit --backend vulkan fails cleanly; --backend cpu never needs Vulkan. With only a software
// Vulkan device (lavapipe) the default runs the CPU twin, which is faster there, without a word
// on stderr; --backend vulkan still reaches the device.
#include <QFileInfo>
#include <QProcess>
#include <QTest>

namespace {

struct Run {
    int exit_code = -1;
    QString out, err;
};

Run eval_with_driver(const QString& icd, const QStringList& extra) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("VK_DRIVER_FILES", icd);
    env.insert("VK_ICD_FILENAMES", icd);
    p.setProcessEnvironment(env);
    p.start(qEnvironmentVariable("PREFIXLENS_BIN"),
            QStringList{"eval", "--tokens", "1,2,3", "--json"} + extra);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError())};
}

// The loader finds no driver at all: what a laptop without Vulkan support looks like.
Run eval_without_vulkan(const QStringList& extra) {
    return eval_with_driver("/nonexistent/icd.json", extra);
}

// Mesa's lavapipe as the only driver: a laptop with no Vulkan GPU driver, or CI.
QString lavapipe_icd() {
    for (const char* dir : {"/usr/share/vulkan/icd.d", "/etc/vulkan/icd.d"}) {
        for (const char* arch : {"x86_64", "aarch64", "i686", "armv7l"}) {
            const QString path = QString("%1/lvp_icd.%2.json").arg(dir, arch);
            if (QFileInfo::exists(path))
                return path;
        }
    }
    return {};
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

    void defaultPassesOverASoftwareDevice() {
        const QString icd = lavapipe_icd();
        if (icd.isEmpty())
            QSKIP("lavapipe is not installed");
        for (const QStringList& extra : {QStringList{}, QStringList{"--backend", "auto"}}) {
            const Run r = eval_with_driver(icd, extra);
            QCOMPARE(r.exit_code, 0);
            QVERIFY2(r.out.contains("\"backend\":\"cpu\""), qPrintable(r.out.left(200)));
            QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
        }
        const Run vk = eval_with_driver(icd, {"--backend", "vulkan"});
        QCOMPARE(vk.exit_code, 0);
        QVERIFY2(vk.out.contains("\"backend\":\"vulkan\"") && vk.out.contains("llvmpipe"),
                 qPrintable(vk.out.left(200)));
        const Run device = eval_with_driver(icd, {"--device", "0"});
        QCOMPARE(device.exit_code, 0);
        QVERIFY2(device.out.contains("\"backend\":\"vulkan\""), qPrintable(device.out.left(200)));
    }

    void unknownBackendNamesTheChoices() {
        const Run r = eval_without_vulkan({"--backend", "gpu"});
        QCOMPARE(r.exit_code, 2);
        QVERIFY2(r.err.contains("'auto'") && r.err.contains("'gpu'"), qPrintable(r.err));
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
