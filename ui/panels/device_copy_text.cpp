#include "ui/panels/device_copy_text.h"

#include <QCoreApplication>

#include "ui/panels/memory_chart.h"

namespace agv::ui {

/// The translation context of these texts.
class DeviceCopyText {
    Q_DECLARE_TR_FUNCTIONS(DeviceCopyText)
};

QString formatDuration(uint64_t nanos)
{
    const double v = static_cast<double>(nanos);
    if (nanos < 1'000)
        return DeviceCopyText::tr("%1 ns").arg(nanos);
    if (nanos < 1'000'000)
        return DeviceCopyText::tr("%1 µs").arg(v / 1e3, 0, 'f', v < 1e5 ? 1 : 0);
    if (nanos < 1'000'000'000)
        return DeviceCopyText::tr("%1 ms").arg(v / 1e6, 0, 'f', v < 1e7 ? 2 : 1);
    return DeviceCopyText::tr("%1 s").arg(v / 1e9, 0, 'f', 2);
}

QString formatBandwidth(uint64_t bytesPerSecond)
{
    return DeviceCopyText::tr("%1 GB/s").arg(static_cast<double>(bytesPerSecond) / 1e9, 0, 'g', 4);
}

QString copyTotalsText(const trace::CopyTotals& totals)
{
    return DeviceCopyText::tr("%n copies, %1, %2 modelled", nullptr, int(totals.copies))
        .arg(formatBytes(totals.bytes), formatDuration(totals.nanos));
}

QString copyEndText(const std::string& device, bool pinnedHost)
{
    const QString name = QString::fromStdString(device);
    if (device == "cpu")
        return pinnedHost ? DeviceCopyText::tr("%1 (pinned)").arg(name) : name;
    return DeviceCopyText::tr("%1 (simulated GPU)").arg(name);
}

QString copyRateText(bool pinnedHost)
{
    return pinnedHost ? DeviceCopyText::tr("pinned host memory: the link's full rate")
                      : DeviceCopyText::tr("pageable host memory: half the link's rate");
}

}  // namespace agv::ui
