// SPDX-License-Identifier: GPL-3.0-or-later
// Message assembly for sandtable's typed failures.
#include "sandtable/core/util/error.hpp"

namespace sandtable::core::util {
namespace {
std::string joinMessage(const std::string& file, const std::string& object, const std::string& reason)
{
    std::string out;
    for (const std::string* part : {&file, &object, &reason}) {
        if (part->empty())
            continue;
        if (!out.empty())
            out += ": ";
        out += *part;
    }
    return out;
}
} // namespace

Error::Error(std::string file, std::string object, std::string reason)
    : std::runtime_error(joinMessage(file, object, reason))
    , m_file(std::move(file))
    , m_object(std::move(object))
    , m_reason(std::move(reason))
{
}

} // namespace sandtable::core::util
