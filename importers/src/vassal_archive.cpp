// SPDX-License-Identifier: GPL-3.0-or-later
// The zip and XML plumbing of VASSAL modules through GDAL's CPL (minizip and minixml).
#include "vassal_archive.hpp"

#include "gdal_support.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/util/i18n.hpp"

#include <cpl_conv.h>
#include <cpl_vsi.h>

#include <atomic>
#include <system_error>

namespace sandtable::importers::detail {

CPLXMLNode* xmlElement(CPLXMLNode* parent, const char* name, const std::vector<std::pair<const char*, std::string>>& attributes)
{
    CPLXMLNode* node = CPLCreateXMLNode(parent, CXT_Element, name);
    for (const auto& [key, value] : attributes)
        CPLAddXMLAttributeAndValue(node, key, value.c_str());
    return node;
}

CPLXMLNode* xmlTextElement(CPLXMLNode* parent, const char* name, const std::string& text)
{
    CPLXMLNode* node = xmlElement(parent, name);
    xmlSetText(node, text);
    return node;
}

void xmlSetText(CPLXMLNode* element, const std::string& text)
{
    if (!text.empty())
        CPLCreateXMLNode(element, CXT_Text, text.c_str());
}

std::string xmlDocument(const CPLXMLNode* root)
{
    char* text = CPLSerializeXMLTree(root);
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
    if (text)
        out += text;
    CPLFree(text);
    return out;
}

XmlTree parseXml(const std::string& text, const std::string& file)
{
    GdalErrorScope errors;
    XmlTree tree(CPLParseXMLString(text.c_str()));
    if (!tree)
        throw core::FormatError(file, "XML", errors.reason(_("not an XML document")));
    // The declaration (<?xml ...?>) and comments are siblings before the root element: keep the root alone.
    CPLXMLNode* root = tree.get();
    while (root && (root->eType != CXT_Element || root->pszValue[0] == '?'))
        root = root->psNext;
    if (!root)
        throw core::FormatError(file, "XML", _("no root element"));
    if (root != tree.get()) {
        CPLXMLNode* before = tree.get();
        while (before->psNext != root)
            before = before->psNext;
        before->psNext = nullptr; // the declaration is freed with `tree`, the root goes on alone
        XmlTree rest(root);
        return rest;
    }
    return tree;
}

std::string xmlAttribute(const CPLXMLNode* element, const char* name)
{
    for (const CPLXMLNode* c = element->psChild; c; c = c->psNext)
        if (c->eType == CXT_Attribute && std::string(c->pszValue) == name)
            return c->psChild && c->psChild->pszValue ? c->psChild->pszValue : "";
    return {};
}

std::string xmlText(const CPLXMLNode* element)
{
    std::string out;
    for (const CPLXMLNode* c = element->psChild; c; c = c->psNext)
        if (c->eType == CXT_Text && c->pszValue)
            out += c->pszValue;
    return out;
}

namespace {

/// Writes the entries as a zip at `vsiPath` (a file or /vsimem/); `output` names it in messages.
void writeZipAt(const std::string& vsiPath, const std::string& output, const std::vector<std::pair<std::string, std::string>>& entries)
{
    GdalErrorScope errors;
    void* zip = CPLCreateZip(vsiPath.c_str(), nullptr);
    if (!zip)
        throw core::IoError(output, "", errors.reason(_("cannot create the zip")));
    for (const auto& [name, bytes] : entries) {
        if (CPLCreateFileInZip(zip, name.c_str(), nullptr) != CE_None
            || CPLWriteFileInZip(zip, bytes.data(), static_cast<int>(bytes.size())) != CE_None
            || CPLCloseFileInZip(zip) != CE_None) {
            CPLCloseZip(zip);
            throw core::IoError(output, name, errors.reason(_("cannot write the entry")));
        }
    }
    if (CPLCloseZip(zip) != CE_None)
        throw core::IoError(output, "", errors.reason(_("cannot finish the zip")));
}

} // namespace

void writeZip(const std::filesystem::path& output, const std::vector<std::pair<std::string, std::string>>& entries)
{
    core::AtomicFile file(output);
    // CPLCreateZip refuses an existing file: the reserved temporary is empty, write over it fresh.
    std::error_code ignored;
    std::filesystem::remove(file.temporaryPath(), ignored);
    writeZipAt(file.temporaryPath().string(), output.string(), entries);
    file.commit();
}

std::string zipBytes(const std::string& name, const std::vector<std::pair<std::string, std::string>>& entries)
{
    // A name of its own in GDAL's memory file system for each call (threads may export at once).
    static std::atomic<unsigned long long> counter{0};
    const std::string memory = "/vsimem/sandtable-zip-" + std::to_string(++counter) + ".zip";
    struct Unlink {
        std::string path;
        ~Unlink() { VSIUnlink(path.c_str()); }
    } unlink{memory};
    writeZipAt(memory, name, entries);
    vsi_l_offset size = 0;
    const GByte* data = VSIGetMemFileBuffer(memory.c_str(), &size, FALSE);
    if (!data)
        throw core::IoError(name, "", _("cannot finish the zip"));
    return std::string(reinterpret_cast<const char*>(data), static_cast<std::size_t>(size));
}

bool isFolder(const std::filesystem::path& path)
{
    std::error_code ec;
    return std::filesystem::is_directory(path, ec);
}

namespace {
std::string vsiPath(const std::filesystem::path& archive, const std::string& entry)
{
    if (isFolder(archive))
        return (archive / entry).string();
    return "/vsizip/{" + std::filesystem::absolute(archive).string() + "}/" + entry;
}
} // namespace

bool hasEntry(const std::filesystem::path& archive, const std::string& entry)
{
    GdalErrorScope errors;
    VSIStatBufL stat;
    return VSIStatL(vsiPath(archive, entry).c_str(), &stat) == 0 && !VSI_ISDIR(stat.st_mode);
}

std::string readEntry(const std::filesystem::path& archive, const std::string& entry)
{
    if (!hasEntry(archive, entry))
        throw core::FormatError(archive.string(), entry, _("the module has no such file"));
    GdalErrorScope errors;
    VSILFILE* f = VSIFOpenL(vsiPath(archive, entry).c_str(), "rb");
    if (!f)
        throw core::IoError(archive.string(), entry, errors.reason(_("cannot open")));
    std::string bytes;
    char buffer[65536];
    for (;;) {
        const std::size_t n = VSIFReadL(buffer, 1, sizeof buffer, f);
        bytes.append(buffer, n);
        if (n < sizeof buffer)
            break;
        if (bytes.size() > (std::size_t{1} << 31)) {
            VSIFCloseL(f);
            throw core::IoError(archive.string(), entry, _("larger than 2 GiB"));
        }
    }
    VSIFCloseL(f);
    return bytes;
}

} // namespace sandtable::importers::detail
