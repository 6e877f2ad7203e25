#include "core/device/device.h"

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
    if (text == "cpu")
        return cpu();
    if (text == "cuda")
        return cuda(0);
    if (text.rfind("cuda:", 0) == 0 && text.size() > 5) {
        const std::string digits = text.substr(5);
        bool allDigits = !digits.empty() && digits.size() < 6;
        for (char c : digits)
            allDigits = allDigits && c >= '0' && c <= '9';
        if (allDigits)
            return cuda(std::stoi(digits));
    }
    AGV_RAISE(RuntimeError,
              "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, ort, xla, lazy, "
              "vulkan, mps, meta, hpu, privateuseone device type at start of device string: ",
              text);
}

}  // namespace agv
