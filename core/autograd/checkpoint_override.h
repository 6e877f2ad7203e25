#pragma once
// Runs an unchanged script with its gradient checkpointing switched off or re-split
// (`autogradviz --checkpoint-config as-written|off|segments=K|sac=recompute-all|sac=save-all`),
// so that "Compare Runs"
// can show what checkpointing trades: torch/utils/checkpoint.py asks at the top of
// checkpoint() and checkpoint_sequential() which configuration is in force, and the
// trace says which one was used (core/trace/run_configuration.h).

#include <optional>
#include <string>
#include <string_view>

namespace agv {

struct CheckpointOverride {
    enum class Mode {
        AsWritten,  ///< the script's own checkpoint() / checkpoint_sequential() calls
        Off,        ///< checkpoint(fn, *args) calls fn; checkpoint_sequential runs its functions in order
        Segments,   ///< checkpoint_sequential splits into `segments` parts, whatever the script asks
        SacRecomputeAll,  ///< selective checkpointing's policy says PREFER_RECOMPUTE to every op
        SacSaveAll,       ///< ... and PREFER_SAVE to every op
    };
    Mode mode = Mode::AsWritten;
    int segments = 0;  ///< Mode::Segments only, >= 1

    /// "as-written", "off", "segments=K", "sac=recompute-all" or "sac=save-all": the
    /// command-line spelling, parsed back by parse().
    std::string text() const;
    /// std::nullopt for anything else than text() can produce.
    static std::optional<CheckpointOverride> parse(std::string_view text);

    bool operator==(const CheckpointOverride&) const = default;
};

/// The configuration of this process's run (as-written unless --checkpoint-config said otherwise).
CheckpointOverride checkpointOverride();
void setCheckpointOverride(CheckpointOverride configuration);
/// Parses and sets `text`; returns an error message to print ("" on success).
std::string configureCheckpointOverride(std::string_view text);

}  // namespace agv
