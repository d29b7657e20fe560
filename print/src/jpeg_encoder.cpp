// SPDX-License-Identifier: GPL-3.0-or-later
// JPEG encoding through qpdf's Pl_DCT (libjpeg underneath; qpdf is linked here already for the page boxes).
#include "jpeg_encoder.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <qpdf/Pl_DCT.hh>
#include <qpdf/Pl_String.hh>

#include <exception>
#include <vector>

namespace sandtable::print {
namespace {

class Quality final : public Pl_DCT::CompressConfig {
public:
    explicit Quality(int quality) : m_quality(quality) {}
    void apply(jpeg_compress_struct* info) override { jpeg_set_quality(info, m_quality, TRUE); }

private:
    int m_quality;
};

} // namespace

std::string encodeJpeg(const std::uint8_t* rgb, int width, int height, int quality)
{
    // JPEG's frame header holds 16-bit dimensions.
    if (width <= 0 || height <= 0 || width > 65500 || height > 65500)
        throw core::util::OperationError("", _("JPEG scan"), core::i18n::format(_("cannot encode a {1} x {2} pixel image (1 to 65500 pixels a side)"),
                {std::to_string(width), std::to_string(height)}));
    if (quality < 1 || quality > 100)
        throw core::util::OperationError("", _("JPEG scan"), core::i18n::format(_("the JPEG quality {1} is not 1 to 100"), {std::to_string(quality)}));
    std::string out;
    try {
        Pl_String sink("jpeg", nullptr, out);
        Quality config(quality);
        Pl_DCT encoder("dct", &sink, static_cast<JDIMENSION>(width), static_cast<JDIMENSION>(height), 3, JCS_RGB, &config);
        encoder.write(rgb, static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 3);
        encoder.finish();
    } catch (const std::exception& e) {
        throw core::util::OperationError("", _("JPEG scan"), core::i18n::format(_("the JPEG encoder failed: {1}"), {e.what()}));
    }
    return out;
}

void attachJpeg(cairo_surface_t* image, int quality, const std::string& object)
{
    const int w = cairo_image_surface_get_width(image), h = cairo_image_surface_get_height(image);
    const int stride = cairo_image_surface_get_stride(image);
    const unsigned char* data = cairo_image_surface_get_data(image);
    std::vector<std::uint8_t> rgb(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3);
    for (int y = 0; y < h; ++y) {
        const auto* row = reinterpret_cast<const std::uint32_t*>(data + static_cast<std::size_t>(y) * static_cast<std::size_t>(stride));
        std::uint8_t* out = rgb.data() + static_cast<std::size_t>(y) * static_cast<std::size_t>(w) * 3;
        for (int x = 0; x < w; ++x) {
            out[3 * x] = static_cast<std::uint8_t>(row[x] >> 16);
            out[3 * x + 1] = static_cast<std::uint8_t>(row[x] >> 8);
            out[3 * x + 2] = static_cast<std::uint8_t>(row[x]);
        }
    }
    auto* bytes = new std::string(encodeJpeg(rgb.data(), w, h, quality));
    const cairo_status_t status = cairo_surface_set_mime_data(image, CAIRO_MIME_TYPE_JPEG,
        reinterpret_cast<const unsigned char*>(bytes->data()), bytes->size(), [](void* p) { delete static_cast<std::string*>(p); }, bytes);
    if (status != CAIRO_STATUS_SUCCESS) {
        delete bytes;
        throw core::util::OperationError("", object, core::i18n::format(_("cairo refused the JPEG: {1}"), {cairo_status_to_string(status)}));
    }
}

} // namespace sandtable::print
