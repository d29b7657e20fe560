// SPDX-License-Identifier: GPL-3.0-or-later
// All the images of a VASSAL module drawn at once: board, unit pieces, campaign counters, card faces.
#include "sandtable/print/vassal_images.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include "sandtable/core/io/atomic_file.hpp"
#include "sandtable/core/model/campaign.hpp"
#include "sandtable/print/card_print.hpp"

#include <filesystem>
#include <random>

namespace sandtable::print {
namespace {

/// Width and height of a PNG file from its IHDR chunk (0 x 0 when it is not a PNG).
std::pair<int, int> pngSize(const std::string& png)
{
    if (png.size() < 24 || png.compare(1, 3, "PNG") != 0)
        return {0, 0};
    const auto be = [&](std::size_t at) {
        return static_cast<int>((static_cast<unsigned>(static_cast<unsigned char>(png[at])) << 24)
            | (static_cast<unsigned>(static_cast<unsigned char>(png[at + 1])) << 16)
            | (static_cast<unsigned>(static_cast<unsigned char>(png[at + 2])) << 8)
            | static_cast<unsigned>(static_cast<unsigned char>(png[at + 3])));
    };
    return {be(16), be(20)};
}

} // namespace

VassalImages drawVassalImages(const core::Scenario& s, double pxPerM, const std::optional<PrintRaster>& scan,
    const core::util::ProgressCallback& progress)
{
    VassalImages out;
    core::util::reportProgress(progress, 0.0, N_("drawing the module's images"));
    if (s.settings.extent)
        out.board = renderBoardImage(s, pxPerM, scan, true);
    for (const core::Unit& u : s.units)
        out.pieces[u.id.str()] = renderPieceImage(s, u, pxPerM);
    if (s.campaign && s.settings.extent)
        for (const core::CampaignForce& f : s.campaign->forces)
            out.forces[f.id] = renderForceImage(s, f, pxPerM);
    if (s.tableBattles) {
        // writeCardImages writes files: into a private temporary folder, read back, removed again.
        std::random_device random;
        const auto folder = std::filesystem::temp_directory_path() / ("sandtable-vassal-cards-" + std::to_string(random()));
        struct Cleanup {
            std::filesystem::path path;
            ~Cleanup()
            {
                std::error_code ec;
                std::filesystem::remove_all(path, ec);
            }
        } cleanup{folder};
        CardImageRequest request;
        request.format = CardImageFormat::Png;
        request.dpi = 150.0;
        request.title = s.settings.title;
        for (const auto& file : writeCardImages(*s.tableBattles, request, folder)) {
            PngImage image;
            image.bytes = core::io::readFile(file);
            std::tie(image.width, image.height) = pngSize(image.bytes);
            out.cardFaces[file.filename().string()] = std::move(image);
        }
    }
    core::util::reportProgress(progress, 1.0, N_("drawing the module's images"));
    return out;
}

} // namespace sandtable::print
