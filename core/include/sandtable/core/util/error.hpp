// SPDX-License-Identifier: GPL-3.0-or-later
// Typed failures of sandtable: every one names the file, the object and the reason.
#pragma once

#include <stdexcept>
#include <string>

namespace sandtable::core::util {

/// Root of sandtable's failures. what() reads "<file>: <object>: <reason>" (parts left out when empty),
/// which the CLI prints after "sandtable: error: " and the editor shows as a dialog's primary message.
class Error : public std::runtime_error {
public:
    Error(std::string file, std::string object, std::string reason);

    const std::string& file() const noexcept { return m_file; }
    const std::string& object() const noexcept { return m_object; }
    const std::string& reason() const noexcept { return m_reason; }

private:
    std::string m_file;
    std::string m_object;
    std::string m_reason;
};

/// A file could not be read or written (missing, unreadable, unwritable, disk full).
class IoError : public Error {
public:
    using Error::Error;
};

/// A document is malformed: not JSON, fails the schema, or is of a newer format version.
class FormatError : public Error {
public:
    using Error::Error;
};

/// An operation cannot be carried out on valid input (a fit that cannot be solved, an unknown id, ...).
class OperationError : public Error {
public:
    using Error::Error;
};

} // namespace sandtable::core::util
