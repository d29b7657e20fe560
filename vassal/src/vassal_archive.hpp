// SPDX-License-Identifier: GPL-3.0-or-later
// The zip and XML plumbing of VASSAL modules through GDAL's CPL (minizip and minixml), wrapped once.
#pragma once

#include "sandtable/core/model/scenario.hpp"

#include <cpl_minixml.h>

#include <array>

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace sandtable::vassal::detail {

struct XmlTreeDeleter {
    void operator()(CPLXMLNode* node) const noexcept { CPLDestroyXMLNode(node); }
};
/// Owns a CPL XML tree.
using XmlTree = std::unique_ptr<CPLXMLNode, XmlTreeDeleter>;

/// Appends an element `name` to `parent` (nullptr: a new root) with the attributes in order.
CPLXMLNode* xmlElement(CPLXMLNode* parent, const char* name,
    const std::vector<std::pair<const char*, std::string>>& attributes = {});
/// Appends a child element holding only `text`.
CPLXMLNode* xmlTextElement(CPLXMLNode* parent, const char* name, const std::string& text);
/// Sets the element's text (a text node after its attributes).
void xmlSetText(CPLXMLNode* element, const std::string& text);
/// The document as VASSAL writes it: the XML declaration, then the tree.
std::string xmlDocument(const CPLXMLNode* root);

/// Parses `text` (the file `file`, for messages): the root element, the XML declaration skipped. Throws
/// core::util::FormatError naming the file and GDAL's reason when it does not parse.
XmlTree parseXml(const std::string& text, const std::string& file);
/// An attribute's value ("" when absent).
std::string xmlAttribute(const CPLXMLNode* element, const char* name);
/// The element's text (its text children joined).
std::string xmlText(const CPLXMLNode* element);

/// Writes a zip of `entries` (name, bytes; deflated) to `output` through a temporary file in its folder,
/// renamed into place: on failure nothing is left. Throws core::util::IoError.
void writeZip(const std::filesystem::path& output, const std::vector<std::pair<std::string, std::string>>& entries);

/// The bytes of a zip of `entries` (a saved game inside a module), made in memory; `name` names it in messages.
/// Throws core::util::IoError.
std::string zipBytes(const std::string& name, const std::vector<std::pair<std::string, std::string>>& entries);

/// True when `path` is a folder (an unpacked module), false for a file (a zip).
bool isFolder(const std::filesystem::path& path);
/// True when the archive (zip or folder) has the entry.
bool hasEntry(const std::filesystem::path& archive, const std::string& entry);
/// The entry's bytes. Throws core::util::FormatError naming the archive and the entry when it is missing,
/// core::util::IoError when it cannot be read.
std::string readEntry(const std::filesystem::path& archive, const std::string& entry);


} // namespace sandtable::vassal::detail
