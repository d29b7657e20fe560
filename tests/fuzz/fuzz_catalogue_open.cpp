// SPDX-License-Identifier: GPL-3.0-or-later
// The catalogue open path on a hostile SQLite file: the bytes go to a temporary file, which is opened,
// listed, searched, and every listed package shown and its document read.
#include "fuzz_support.hpp"
#include "sandtable/catalogue/catalogue.hpp"

#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace sandtable::catalogue;
    try {
        Catalogue catalogue = Catalogue::open(sandtable::fuzz::scratchFile("fuzz.gpkg", data, size));
        const auto packages = catalogue.list();
        for (std::size_t i = 0; i < packages.size() && i < 4; ++i) {
            (void)catalogue.show(packages[i].id);
            (void)catalogue.document(packages[i].id);
        }
        SearchQuery query;
        query.text = "battle";
        (void)catalogue.search(query);
    } catch (const std::exception&) {
    }
    return 0;
}
