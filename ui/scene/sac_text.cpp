#include "ui/scene/sac_text.h"

#include <QCoreApplication>

namespace agv::ui {

QString sacPolicyName(trace::SacPolicy policy)
{
    switch (policy) {
    case trace::SacPolicy::MustSave: return QStringLiteral("MUST_SAVE");
    case trace::SacPolicy::PreferSave: return QStringLiteral("PREFER_SAVE");
    case trace::SacPolicy::MustRecompute: return QStringLiteral("MUST_RECOMPUTE");
    case trace::SacPolicy::PreferRecompute: return QStringLiteral("PREFER_RECOMPUTE");
    }
    return {};
}

QString sacTagText(const trace::NodeView& node)
{
    if (!node.underSac)
        return {};
    switch (node.sacAction) {
    case trace::SacAction::Cached:
    case trace::SacAction::LeftToRecompute: return sacPolicyName(node.sacPolicy);
    case trace::SacAction::Restored: return QCoreApplication::translate("SacText", "from cache");
    case trace::SacAction::Recomputed: return QCoreApplication::translate("SacText", "recomputed");
    }
    return {};
}

QString sacTooltip(const trace::NodeView& node)
{
    const QString policy = sacPolicyName(node.sacPolicy);
    switch (node.sacAction) {
    case trace::SacAction::Cached:
        return QCoreApplication::translate("SacText", "Selective checkpointing (%1): the output is kept for the "
                                                      "recompute, which will not run this op again.")
            .arg(policy);
    case trace::SacAction::LeftToRecompute:
        return QCoreApplication::translate("SacText", "Selective checkpointing (%1): the output is not kept; the "
                                                      "recompute runs this op again.")
            .arg(policy);
    case trace::SacAction::Restored:
        return QCoreApplication::translate("SacText", "Recompute (%1): the output kept at forward was used; the "
                                                      "op did not run again.")
            .arg(policy);
    case trace::SacAction::Recomputed:
        return QCoreApplication::translate("SacText", "Recompute (%1): this op ran again.").arg(policy);
    }
    return {};
}

}  // namespace agv::ui
