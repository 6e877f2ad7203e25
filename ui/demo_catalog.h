#pragma once
// Demos are plain PyTorch scripts (resources/demos/*.py) that start with a comment
// header the start page and File > Demos read:
//
//   # Title: Saved tensors and in-place ops
//   # Watch: MulBackward0 saves `l1`. The in-place `l1 += 1` bumps its version,
//   #        the badge turns red, and backward() fails at that node.
//   # Level: beginner                      (optional)
//   # Device: gpu                          (optional: the demo wants a GPU)
//
// A key line is `# Key: text`; following `#` lines without a key continue the previous
// value. The header ends at the first line that is not a comment. Title and Watch may
// come again per interface language, `# Title[zh_CN]: ...`, `# Watch[ru]: ...`: those
// replace the English text when that language is in use.

#include <QList>
#include <QString>

namespace agv::ui {

struct DemoInfo {
    QString path;      ///< file or resource path (":/demos/01_classic.py")
    QString fileName;  ///< "01_classic.py"
    QString title;     ///< from "# Title:", else the file name
    QString watch;     ///< from "# Watch:"
    QString level;     ///< from "# Level:" (optional)
    QString device;    ///< from "# Device:" (optional; "gpu": offer the simulated GPU)
};

/// `language` picks the translated Title/Watch ("en": the plain keys); the default is
/// the interface language in use.
DemoInfo parseDemoHeader(const QString& source, const QString& path, const QString& language = {});
/// All *.py files in `directory` (a filesystem path or a ":/" resource path), by name.
QList<DemoInfo> scanDemos(const QString& directory, const QString& language = {});
/// The built-in demos plus those in $AGV_DEMOS_DIR.
QList<DemoInfo> availableDemos();

}  // namespace agv::ui
