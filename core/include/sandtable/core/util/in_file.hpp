// SPDX-License-Identifier: GPL-3.0-or-later
// Naming the file an error is about, for callers that know it when the operation does not.
#pragma once

#include "sandtable/core/util/error.hpp"

#include <string>

namespace sandtable::core::util {

/// `operation()`, whose core::util::OperationError without a file (core operations and print functions work on a
/// scenario and know no file) is thrown again naming `file`; the error's object and reason are kept. Every
/// other exception, and an OperationError that names its file, passes unchanged.
template <class F>
auto inFile(const std::string& file, F&& operation)
{
    try {
        return operation();
    } catch (const OperationError& e) {
        if (!e.file().empty())
            throw;
        throw OperationError(file, e.object(), e.reason());
    }
}

} // namespace sandtable::core::util
