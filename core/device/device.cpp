#include "core/device/device.h"

#include <cctype>
#include <stdexcept>

#include "core/error.h"

namespace agv {

std::string Device::str() const
{
    if (isCpu())
        return "cpu";
    return "cuda:" + std::to_string(normalizedIndex());
}

Device Device::parse(const std::string& text)
{
    // c10::Device reads ([a-zA-Z_]+)(?::([1-9]\d*|0))? first, then the type's name.
    AGV_CHECK(!text.empty(), RuntimeError, "Device string must not be empty");
    enum class State { Name, IndexStart, IndexRest, Error } state = State::Name;
    std::string name, index;
    for (char ch : text) {
        if (state == State::Name) {
            if (ch == ':')
                state = State::IndexStart;
            else if (std::isalpha(static_cast<unsigned char>(ch)) || ch == '_')
                name.push_back(ch);
            else
                state = State::Error;
        } else if (state == State::IndexStart || state == State::IndexRest) {
            const bool leadingZero = state == State::IndexRest && index.front() == '0';
            if (!leadingZero && std::isdigit(static_cast<unsigned char>(ch))) {
                index.push_back(ch);
                state = State::IndexRest;
            } else {
                state = State::Error;
            }
        }
    }
    const bool invalid = name.empty() || state == State::Error || (state == State::IndexStart && index.empty());
    AGV_CHECK(!invalid, RuntimeError, "Invalid device string: '", text, "'");
    int indexValue = -1;
    if (!index.empty()) {
        try {
            indexValue = std::stoi(index);
        } catch (const std::exception&) {
            AGV_RAISE(RuntimeError, "Could not parse device index '", index, "' in device string '", text, "'");
        }
    }
    if (name == "cpu")
        return {DeviceType::CPU, indexValue};
    if (name == "cuda")
        return cuda(indexValue);  // "cuda" keeps no index: torch.device('cuda').index is None
    AGV_RAISE(RuntimeError,
              "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, lazy, "
              "vulkan, mps, meta, hpu, privateuseone device type at start of device string: ",
              name);
}

}  // namespace agv
