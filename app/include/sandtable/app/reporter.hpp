// SPDX-License-Identifier: GPL-3.0-or-later
// How a product function talks to whoever called it (the CLI's stderr, the editor's status bar and job
// dialog): progress with cancellation, and notices a person should read.
#pragma once

#include "sandtable/core/util/progress.hpp"

#include <functional>
#include <string>

namespace sandtable::app {

/// What a product function reports while it works. Both members may be empty (nothing is reported).
struct Reporter {
    /// Fraction done 0..1 and what is being done; returning false cancels (core::util::Cancelled is thrown,
    /// nothing is written).
    core::util::ProgressCallback progress;
    /// A notice in the person's language, starting "notice: " as the CLI prints it after "sandtable: " (for
    /// example "notice: map raster X not found: printing terrain only"): the product is still made.
    std::function<void(const std::string& text)> notice;

    /// Calls `notice` when set.
    void tell(const std::string& text) const;
    /// A progress callback covering [from, to] of this one (for a product made in several steps).
    core::util::ProgressCallback part(double from, double to) const;
};

} // namespace sandtable::app
