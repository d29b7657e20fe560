// SPDX-License-Identifier: GPL-3.0-or-later
#include "sandtable/core/util/text_encoding.hpp"

#include "sandtable/core/util/error.hpp"

#include <boost/test/unit_test.hpp>

using namespace sandtable;

BOOST_AUTO_TEST_SUITE(text_encoding)

BOOST_AUTO_TEST_CASE(utf8_passes_and_windows_1252_is_named_by_row_and_column)
{
    BOOST_TEST(!core::util::findEncodingProblem("name,army\nRedoute d'Eu,Fran\xC3\xA7" "ais\n"));
    BOOST_TEST(!core::util::findEncodingProblem("\xEF\xBB\xBFname\n")); // a UTF-8 byte order mark is fine
    // c-cedilla is E7 in Windows-1252: row 2, the second field; a quoted comma does not count as a field.
    const auto p = core::util::findEncodingProblem("name,army\n\"Redoute, d'Eu\",Fran\xE7" "ais\n");
    BOOST_REQUIRE(p);
    BOOST_TEST(p->row == 2u);
    BOOST_TEST(p->column == 2u);
    BOOST_TEST(p->offset == 30u); // 10 (first line) + 15 (the quoted field) + 1 (comma) + 4 (Fran)
    BOOST_TEST(p->encoding == "Windows-1252");
    BOOST_TEST(p->message.find("byte 0xE7 is not UTF-8") != std::string::npos, p->message);
    BOOST_TEST(p->message.find("--encoding windows-1252") != std::string::npos);
    // Tab-delimited: the third field.
    BOOST_TEST(core::util::findEncodingProblem("a\tb\t\xE9\n", '\t')->column == 3u);
}

BOOST_AUTO_TEST_CASE(utf16_is_recognised_with_and_without_its_byte_order_mark)
{
    BOOST_TEST(core::util::findEncodingProblem(std::string("\xFF\xFEn\0a\0", 6))->encoding == "UTF-16LE");
    BOOST_TEST(core::util::findEncodingProblem(std::string("\xFE\xFF\0n\0a", 6))->encoding == "UTF-16BE");
    BOOST_TEST(core::util::findEncodingProblem(std::string("n\0a\0m\0", 6))->encoding == "UTF-16LE");
}

BOOST_AUTO_TEST_CASE(named_encodings_convert_to_utf8)
{
    BOOST_TEST(core::util::convertToUtf8("Fran\xE7" "ais", "windows-1252", "x.csv") == "Fran\xC3\xA7" "ais");
    // 0x80 is the euro sign in Windows-1252 (E2 82 AC in UTF-8), a control character in Latin-1.
    BOOST_TEST(core::util::convertToUtf8("\x80", "cp1252", "x.csv") == "\xE2\x82\xAC");
    BOOST_TEST(core::util::convertToUtf8(std::string("\xFF\xFEO\0\xFC\0", 6), "utf-16", "x.csv") == "O\xC3\xBC");
    BOOST_CHECK_THROW(core::util::convertToUtf8("x", "klingon", "x.csv"), core::util::FormatError);
    // 0x81 has no character in Windows-1252: refused, naming the offset.
    try {
        core::util::convertToUtf8("ab\x81", "windows-1252", "x.csv");
        BOOST_FAIL("expected an error");
    } catch (const core::util::FormatError& e) {
        BOOST_TEST(std::string(e.what()).find("byte 2") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_SUITE_END()
