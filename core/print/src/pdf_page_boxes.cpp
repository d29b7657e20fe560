// SPDX-License-Identifier: GPL-3.0-or-later
// The incremental update that gives cairo's PDF pages a TrimBox and a BleedBox.
#include "sandtable/print/pdf_page_boxes.hpp"

#include "sandtable/core/util/error.hpp"

#include <cctype>
#include <cstdio>
#include <map>

namespace sandtable::print {
namespace {

[[noreturn]] void fail(const std::string& reason)
{
    throw core::OperationError("", "PDF page boxes", reason);
}

std::string number(double v)
{
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.4f", v);
    return buffer;
}

std::string box(const PdfBox& b)
{
    return "[ " + number(b.x0) + " " + number(b.y0) + " " + number(b.x1) + " " + number(b.y1) + " ]";
}

bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f'; }

/// Reads the integer value following `key` inside `dict` ("/Size 12" -> 12), or -1.
long long valueAfter(const std::string& dict, const std::string& key)
{
    std::size_t at = dict.find(key);
    while (at != std::string::npos) {
        const std::size_t next = at + key.size();
        if (next < dict.size() && isSpace(dict[next]))
            return std::stoll(dict.substr(next));
        at = dict.find(key, next);
    }
    return -1;
}

struct PageObject {
    long long number = 0;
    long long generation = 0;
    std::string body;  // the dictionary text, from "<<" to just before "endobj"
};

} // namespace

std::string addPdfPageBoxes(const std::string& pdf, const PdfBox& trim, const PdfBox& bleed)
{
    const std::size_t startxref = pdf.rfind("startxref");
    if (startxref == std::string::npos)
        fail("no startxref: not a complete PDF");
    const long long previousXref = std::stoll(pdf.substr(startxref + 9));
    if (previousXref <= 0 || static_cast<std::size_t>(previousXref) >= pdf.size()
        || pdf.compare(static_cast<std::size_t>(previousXref), 4, "xref") != 0)
        fail("the cross-reference is not a classic xref table (an xref stream cannot be updated here)");
    const std::size_t trailer = pdf.rfind("trailer", startxref);
    if (trailer == std::string::npos)
        fail("no trailer dictionary");
    const std::string trailerDict = pdf.substr(trailer, startxref - trailer);
    const long long size = valueAfter(trailerDict, "/Size");
    const long long root = valueAfter(trailerDict, "/Root");
    const long long info = valueAfter(trailerDict, "/Info");
    if (size <= 0 || root <= 0)
        fail("the trailer has no /Size or /Root");

    // Page objects: "N G obj << /Type /Page ..." (not /Pages). Later definitions replace earlier ones.
    std::map<long long, PageObject> pages;
    const std::string typePage = "/Type /Page";
    for (std::size_t at = pdf.find(typePage); at != std::string::npos; at = pdf.find(typePage, at + 1)) {
        const std::size_t after = at + typePage.size();
        if (after < pdf.size() && std::isalnum(static_cast<unsigned char>(pdf[after])))
            continue;
        const std::size_t obj = pdf.rfind(" obj", at);
        const std::size_t open = pdf.rfind("<<", at);
        if (obj == std::string::npos || open == std::string::npos || open < obj)
            fail("a page dictionary that is not a direct object");
        // Back from " obj" over "G" and "N".
        std::size_t p = obj;
        auto readBack = [&]() {
            while (p > 0 && isSpace(pdf[p - 1]))
                --p;
            std::size_t end = p;
            while (p > 0 && std::isdigit(static_cast<unsigned char>(pdf[p - 1])))
                --p;
            if (p == end)
                fail("a page object without an object number");
            return std::stoll(pdf.substr(p, end - p));
        };
        const long long generation = readBack();
        const long long objectNumber = readBack();
        const std::size_t end = pdf.find("endobj", at);
        if (end == std::string::npos)
            fail("a page object without endobj");
        std::string body = pdf.substr(open, end - open);
        if (body.find("/TrimBox") != std::string::npos)
            fail("page object " + std::to_string(objectNumber) + " has a TrimBox already");
        pages[objectNumber] = PageObject{objectNumber, generation, std::move(body)};
    }
    if (pages.empty())
        fail("no page objects found");

    std::string out = pdf;
    if (out.back() != '\n')
        out += '\n';
    std::map<long long, std::size_t> offsets;
    for (const auto& [objectNumber, page] : pages) {
        offsets[objectNumber] = out.size();
        std::string body = page.body;
        body.insert(2, " /TrimBox " + box(trim) + " /BleedBox " + box(bleed) + "\n  ");
        out += std::to_string(objectNumber) + " " + std::to_string(page.generation) + " obj\n" + body + "endobj\n";
    }
    const std::size_t xref = out.size();
    out += "xref\n";
    for (const auto& [objectNumber, offset] : offsets) {
        char entry[32];
        std::snprintf(entry, sizeof entry, "%010zu %05lld n \n", offset, pages[objectNumber].generation);
        out += std::to_string(objectNumber) + " 1\n" + entry;
    }
    out += "trailer\n<< /Size " + std::to_string(size) + " /Root " + std::to_string(root) + " 0 R";
    if (info > 0)
        out += " /Info " + std::to_string(info) + " 0 R";
    out += " /Prev " + std::to_string(previousXref) + " >>\nstartxref\n" + std::to_string(xref) + "\n%%EOF\n";
    return out;
}

} // namespace sandtable::print
