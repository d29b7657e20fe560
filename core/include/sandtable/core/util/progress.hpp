// SPDX-License-Identifier: GPL-3.0-or-later
// Progress and cancellation for long work (warp, contour, derive, print, export).
#pragma once

#include <functional>
#include <string_view>

namespace sandtable::core::util {

/// Called with the fraction done (0..1) and what is being done; returns false to ask the work to stop
/// (it then throws sandtable::core::util::Cancelled). An empty callback reports nothing.
using ProgressCallback = std::function<bool(double fraction, std::string_view what)>;

/// Thrown by long work when its ProgressCallback asked it to stop; nothing partial is left behind.
struct Cancelled : std::exception {
    const char* what() const noexcept override { return "cancelled"; }
};

/// Reports progress; throws Cancelled when the callback says stop.
inline void reportProgress(const ProgressCallback& progress, double fraction, std::string_view what)
{
    if (progress && !progress(fraction, what))
        throw Cancelled{};
}

} // namespace sandtable::core::util
