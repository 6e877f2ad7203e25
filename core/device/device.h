#pragma once
// A device as PyTorch names it: "cpu", "cuda:0".

#include <cstdint>
#include <string>

namespace agv {

enum class DeviceType : uint8_t { CPU, CUDA };

struct Device {
    DeviceType type = DeviceType::CPU;
    int index = -1;  ///< -1: the current device of that type

    static Device cpu() { return {}; }
    static Device cuda(int idx = 0) { return {DeviceType::CUDA, idx}; }

    bool isCpu() const { return type == DeviceType::CPU; }
    bool isCuda() const { return type == DeviceType::CUDA; }

    /// "cpu", "cuda:0" (a CUDA device always prints with its index, as tensors show it).
    std::string str() const;

    /// Parses "cpu", "cuda", "cuda:1"; throws RuntimeError like torch.device() otherwise.
    static Device parse(const std::string& text);

    friend bool operator==(const Device& a, const Device& b)
    {
        return a.type == b.type && (a.isCpu() || a.normalizedIndex() == b.normalizedIndex());
    }
    int normalizedIndex() const { return index < 0 ? 0 : index; }
};

}  // namespace agv
