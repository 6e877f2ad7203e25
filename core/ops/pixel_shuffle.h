#pragma once
// torch.pixel_shuffle / pixel_unshuffle (nn.PixelShuffle, nn.PixelUnshuffle): sub-pixel
// rearrangements between channels and space, each the other's gradient
// (PixelShuffleBackward0, PixelUnshuffleBackward0), with 1.13's checks and its output
// layout (the input's suggested memory format: channels_last stays channels_last);
// and torch.channel_shuffle, which lays its output out the same way.

#include <cstdint>

#include "core/tensor/tensor.h"

namespace agv::ops {

/// (*, C*r*r, H, W) -> (*, C, H*r, W*r).
Tensor pixelShuffle(const Tensor& self, int64_t upscaleFactor);
/// (*, C, H*r, W*r) -> (*, C*r*r, H, W).
Tensor pixelUnshuffle(const Tensor& self, int64_t downscaleFactor);

/// torch.channel_shuffle (nn.ChannelShuffle): (N, g*k, *) -> channel i*g + j from channel
/// j*k + i. 1.13 has no derivative for it: a NotImplemented node whose backward raises.
Tensor channelShuffle(const Tensor& self, int64_t groups);

}  // namespace agv::ops
