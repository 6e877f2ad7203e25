#include "core/trace/trace_file.h"

#include <cctype>
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string_view>

#include "core/trace/trace_binary.h"
#include "core/trace/trace_jsonl.h"

namespace agv::trace {

namespace {

bool endsWithIgnoringCase(const std::string& path, std::string_view suffix)
{
    if (path.size() < suffix.size())
        return false;
    for (size_t i = 0; i < suffix.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(path[path.size() - suffix.size() + i])) != suffix[i])
            return false;
    return true;
}

}  // namespace

TraceFormat traceFormatForPath(const std::string& path)
{
    return endsWithIgnoringCase(path, ".jsonl") || endsWithIgnoringCase(path, ".json") ? TraceFormat::Jsonl
                                                                                        : TraceFormat::Binary;
}

bool isTracePath(const std::string& path)
{
    return endsWithIgnoringCase(path, ".agvtrace") || traceFormatForPath(path) == TraceFormat::Jsonl;
}

bool saveTrace(const Recording& recording, const std::string& path, std::string* error, const std::vector<Note>* notes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) {
        if (error)
            *error = "cannot open " + path + " for writing";
        return false;
    }
    if (traceFormatForPath(path) == TraceFormat::Jsonl)
        writeJsonl(recording, out, notes);
    else
        writeBinaryTrace(recording, out, notes);
    out.flush();
    if (!out) {
        if (error)
            *error = "write error on " + path;
        return false;
    }
    return true;
}

bool loadTrace(const std::string& path, Recording& recording, std::string* error, uint64_t budgetBytes)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (error)
            *error = "cannot open " + path;
        return false;
    }
    char head[8] = {};
    in.read(head, sizeof head);
    const std::string_view start(head, size_t(in.gcount()));
    in.clear();
    in.seekg(0);
    if (looksLikeBinaryTrace(start)) {
        // Records take 10 bytes or more: reserving for that many (within the budget)
        // spares regrowing a vector of a million events. Pages never written cost nothing.
        std::error_code ec;
        const uint64_t bytes = std::filesystem::file_size(path, ec);
        if (!ec)
            recording.reserve(size_t(std::min<uint64_t>(bytes / 10, budgetBytes / sizeof(Event))));
        return readBinaryTrace(in, recording, error, budgetBytes);
    }
    return readJsonl(in, recording, error, budgetBytes);
}

}  // namespace agv::trace
