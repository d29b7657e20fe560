// SPDX-License-Identifier: GPL-3.0-or-later
// SHA-256 through OpenSSL's EVP interface.
#include "sandtable/core/util/sha256.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <openssl/evp.h>

#include <array>
#include <fstream>
#include <memory>

namespace sandtable::core::util {
namespace {

struct DigestContext {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx{EVP_MD_CTX_new(), &EVP_MD_CTX_free};
    DigestContext()
    {
        if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
            throw OperationError("", "SHA-256", _("libcrypto could not start a digest"));
    }
    void update(const char* data, std::size_t size) { EVP_DigestUpdate(ctx.get(), data, size); }
    std::string hex()
    {
        std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
        unsigned int length = 0;
        EVP_DigestFinal_ex(ctx.get(), digest.data(), &length);
        static const char* digits = "0123456789abcdef";
        std::string out;
        for (unsigned int i = 0; i < length; ++i) {
            out += digits[digest[i] >> 4];
            out += digits[digest[i] & 15];
        }
        return out;
    }
};

} // namespace

std::string sha256Hex(std::string_view bytes)
{
    DigestContext digest;
    digest.update(bytes.data(), bytes.size());
    return digest.hex();
}

std::string sha256File(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw IoError(path.string(), "", _("cannot open for reading"));
    DigestContext digest;
    std::array<char, 1 << 16> buffer{};
    while (in.read(buffer.data(), buffer.size()) || in.gcount() > 0)
        digest.update(buffer.data(), static_cast<std::size_t>(in.gcount()));
    if (in.bad())
        throw IoError(path.string(), "", _("read failed"));
    return digest.hex();
}

} // namespace sandtable::core::util
