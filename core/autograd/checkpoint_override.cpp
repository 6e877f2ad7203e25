#include "core/autograd/checkpoint_override.h"

#include <charconv>

namespace agv {

namespace {
// Set once from the command line before the script starts; read by the script's thread.
CheckpointOverride g_override;
}  // namespace

std::string CheckpointOverride::text() const
{
    switch (mode) {
    case Mode::AsWritten: return "as-written";
    case Mode::Off: return "off";
    case Mode::Segments: return "segments=" + std::to_string(segments);
    case Mode::SacRecomputeAll: return "sac=recompute-all";
    case Mode::SacSaveAll: return "sac=save-all";
    }
    return "as-written";
}

std::optional<CheckpointOverride> CheckpointOverride::parse(std::string_view text)
{
    if (text == "as-written")
        return CheckpointOverride{};
    if (text == "off")
        return CheckpointOverride{Mode::Off, 0};
    if (text == "sac=recompute-all")
        return CheckpointOverride{Mode::SacRecomputeAll, 0};
    if (text == "sac=save-all")
        return CheckpointOverride{Mode::SacSaveAll, 0};
    constexpr std::string_view prefix = "segments=";
    if (!text.starts_with(prefix))
        return std::nullopt;
    const std::string_view number = text.substr(prefix.size());
    int segments = 0;
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), segments);
    if (error != std::errc() || end != number.data() + number.size() || segments < 1)
        return std::nullopt;
    return CheckpointOverride{Mode::Segments, segments};
}

CheckpointOverride checkpointOverride() { return g_override; }

void setCheckpointOverride(CheckpointOverride configuration) { g_override = configuration; }

std::string configureCheckpointOverride(std::string_view text)
{
    const std::optional<CheckpointOverride> parsed = CheckpointOverride::parse(text);
    if (!parsed)
        return "--checkpoint-config takes as-written, off, segments=K (K >= 1), sac=recompute-all or sac=save-all, "
               "not '" +
               std::string(text) + "'";
    setCheckpointOverride(*parsed);
    return {};
}

}  // namespace agv
