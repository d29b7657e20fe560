// SPDX-License-Identifier: GPL-3.0-or-later
// The zip and XML plumbing of VASSAL modules through GDAL's CPL (minizip and minixml).
#include "vassal_archive.hpp"

#include "sandtable/geo/gdal_support.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <cpl_conv.h>
#include <cpl_vsi.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <optional>
#include <string_view>
#include <system_error>

namespace sandtable::vassal::detail {

using geo::gdal::GdalErrorScope;

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
        throw core::util::FormatError(file, "XML", errors.reason(_("not an XML document")));
    // The declaration (<?xml ...?>) and comments are siblings before the root element: keep the root alone.
    CPLXMLNode* root = tree.get();
    while (root && (root->eType != CXT_Element || root->pszValue[0] == '?'))
        root = root->psNext;
    if (!root)
        throw core::util::FormatError(file, "XML", _("no root element"));
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
        throw core::util::IoError(output, "", errors.reason(_("cannot create the zip")));
    for (const auto& [name, bytes] : entries) {
        if (CPLCreateFileInZip(zip, name.c_str(), nullptr) != CE_None
            || CPLWriteFileInZip(zip, bytes.data(), static_cast<int>(bytes.size())) != CE_None
            || CPLCloseFileInZip(zip) != CE_None) {
            CPLCloseZip(zip);
            throw core::util::IoError(output, name, errors.reason(_("cannot write the entry")));
        }
    }
    if (CPLCloseZip(zip) != CE_None)
        throw core::util::IoError(output, "", errors.reason(_("cannot finish the zip")));
}

} // namespace

void writeZip(const std::filesystem::path& output, const std::vector<std::pair<std::string, std::string>>& entries)
{
    core::io::AtomicFile file(output);
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
        throw core::util::IoError(name, "", _("cannot finish the zip"));
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

bool validUtf8(std::string_view text)
{
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xe ? 3 : (c >> 3) == 0x1e ? 4 : 0;
        if (n == 0 || i + n > text.size())
            return false;
        for (std::size_t k = 1; k < n; ++k)
            if ((static_cast<unsigned char>(text[i + k]) >> 6) != 0x2)
                return false;
        i += n;
    }
    return true;
}

/// True when the zip names entries in UTF-8 without saying so (general purpose flag bit 11 clear, as macOS's
/// Archive Utility writes them): some such name has bytes above 127 and every such name is valid UTF-8. Read
/// from the central directory (APPNOTE 4.3.12 and 4.3.16); a zip64 or unreadable directory is not.
bool unflaggedUtf8Names(const std::filesystem::path& archive)
{
    std::ifstream in(archive, std::ios::binary);
    if (!in)
        return false;
    in.seekg(0, std::ios::end);
    const auto size = static_cast<std::uint64_t>(in.tellg());
    const std::uint64_t tail = std::min<std::uint64_t>(size, 22 + 65535);
    std::string end(tail, '\0');
    in.seekg(static_cast<std::streamoff>(size - tail));
    in.read(end.data(), static_cast<std::streamsize>(tail));
    const auto u16 = [](const std::string& b, std::size_t at) {
        return static_cast<unsigned>(static_cast<unsigned char>(b[at])) | static_cast<unsigned>(static_cast<unsigned char>(b[at + 1])) << 8;
    };
    const auto u32 = [&](const std::string& b, std::size_t at) { return u16(b, at) | u16(b, at + 2) << 16; };
    const auto eocd = end.rfind(std::string("PK\x05\x06", 4));
    if (eocd == std::string::npos || eocd + 22 > end.size())
        return false;
    const std::uint64_t dirSize = u32(end, eocd + 12), dirOffset = u32(end, eocd + 16);
    if (dirOffset == 0xffffffffu || dirOffset + dirSize > size || dirSize > (std::uint64_t{64} << 20))
        return false;
    std::string dir(dirSize, '\0');
    in.seekg(static_cast<std::streamoff>(dirOffset));
    if (!in.read(dir.data(), static_cast<std::streamsize>(dirSize)))
        return false;
    bool any = false;
    for (std::size_t at = 0; at + 46 <= dir.size() && dir.compare(at, 4, std::string("PK\x01\x02", 4)) == 0;) {
        const unsigned flags = u16(dir, at + 8), nameLength = u16(dir, at + 28);
        const std::size_t next = at + 46 + nameLength + u16(dir, at + 30) + u16(dir, at + 32);
        if (at + 46 + nameLength > dir.size())
            return false;
        const std::string_view name(dir.data() + at + 46, nameLength);
        const bool high = std::any_of(name.begin(), name.end(), [](char c) { return static_cast<unsigned char>(c) > 127; });
        if (!(flags & 0x800) && high) {
            if (!validUtf8(name))
                return false; // a real CP437 name: GDAL's default reading is right
            any = true;
        }
        at = next;
    }
    return any;
}

/// GDAL reads a zip entry name without the UTF-8 flag as CP437 (CPL_ZIP_ENCODING); for an archive whose such
/// names are all valid UTF-8 this sets UTF-8 on this thread while it is read (every access, so that GDAL's
/// listing of the archive is made the same way whichever comes first).
class ZipNames {
public:
    explicit ZipNames(const std::filesystem::path& archive)
    {
        if (!isFolder(archive) && unflaggedUtf8Names(archive)) {
            const char* before = CPLGetThreadLocalConfigOption("CPL_ZIP_ENCODING", nullptr);
            m_before = before ? std::optional<std::string>(before) : std::nullopt;
            CPLSetThreadLocalConfigOption("CPL_ZIP_ENCODING", "UTF-8");
            m_set = true;
        }
    }
    ~ZipNames()
    {
        if (m_set)
            CPLSetThreadLocalConfigOption("CPL_ZIP_ENCODING", m_before ? m_before->c_str() : nullptr);
    }
    ZipNames(const ZipNames&) = delete;
    ZipNames& operator=(const ZipNames&) = delete;

private:
    bool m_set = false;
    std::optional<std::string> m_before;
};

} // namespace

bool hasEntry(const std::filesystem::path& archive, const std::string& entry)
{
    const ZipNames names(archive);
    GdalErrorScope errors;
    VSIStatBufL stat;
    return VSIStatL(vsiPath(archive, entry).c_str(), &stat) == 0 && !VSI_ISDIR(stat.st_mode);
}

std::string readEntry(const std::filesystem::path& archive, const std::string& entry)
{
    if (!hasEntry(archive, entry))
        throw core::util::FormatError(archive.string(), entry, _("the module has no such file"));
    const ZipNames names(archive);
    GdalErrorScope errors;
    VSILFILE* f = VSIFOpenL(vsiPath(archive, entry).c_str(), "rb");
    if (!f)
        throw core::util::IoError(archive.string(), entry, errors.reason(_("cannot open")));
    std::string bytes;
    char buffer[65536];
    for (;;) {
        const std::size_t n = VSIFReadL(buffer, 1, sizeof buffer, f);
        bytes.append(buffer, n);
        if (n < sizeof buffer)
            break;
        if (bytes.size() > (std::size_t{1} << 31)) {
            VSIFCloseL(f);
            throw core::util::IoError(archive.string(), entry, _("larger than 2 GiB"));
        }
    }
    VSIFCloseL(f);
    return bytes;
}

} // namespace sandtable::vassal::detail
