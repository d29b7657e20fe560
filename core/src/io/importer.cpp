// SPDX-License-Identifier: GPL-3.0-or-later
// The importer registry: probes, choice by content then by name, settings checked against declared options.
#include "sandtable/core/io/importer.hpp"

#include "sandtable/core/util/error.hpp"
#include "sandtable/core/i18n/i18n.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <stdexcept>
#include <system_error>

namespace sandtable::core::io {

const char* toString(ImportTarget target)
{
    switch (target) {
    case ImportTarget::Terrain: return "terrain";
    case ImportTarget::OrderOfBattle: return "order of battle";
    case ImportTarget::Cards: return "cards";
    case ImportTarget::Scenario: return "scenario";
    }
    return "?";
}

namespace {

/// The CLI command that imports `target`, for the hint of a file given to the wrong one.
const char* commandOf(ImportTarget target)
{
    switch (target) {
    case ImportTarget::Terrain: return "terrain import";
    case ImportTarget::OrderOfBattle: return "oob import";
    case ImportTarget::Cards: return "cards import";
    case ImportTarget::Scenario: return "vassal import";
    }
    return "?";
}

std::string lowerExtension(const std::filesystem::path& path)
{
    std::string ext = path.extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

std::string joined(const std::vector<std::string>& items)
{
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : ", ") + item;
    return out;
}

std::string formatsOf(const std::vector<const Importer*>& importers)
{
    std::string out;
    for (const Importer* i : importers)
        out += std::string(out.empty() ? "" : "; ") + std::string(i->name()) + ": " + i->description();
    return out;
}

} // namespace

FileProbe FileProbe::of(const std::filesystem::path& path)
{
    FileProbe probe;
    probe.path = path;
    probe.extension = lowerExtension(path);
    std::error_code ec;
    const std::filesystem::file_status status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        throw util::IoError(path.string(), "", _("no such file"));
    if (std::filesystem::is_directory(status)) {
        probe.directory = true;
        for (const auto& entry : std::filesystem::directory_iterator(path, ec))
            probe.entries.push_back(entry.path().filename().string());
        if (ec)
            throw util::IoError(path.string(), "", ec.message());
        std::sort(probe.entries.begin(), probe.entries.end());
        return probe;
    }
    probe.size = std::filesystem::file_size(path, ec);
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw util::IoError(path.string(), "", _("cannot be read"));
    probe.head.resize(kHeadBytes);
    in.read(probe.head.data(), static_cast<std::streamsize>(kHeadBytes));
    probe.head.resize(static_cast<std::size_t>(in.gcount()));
    return probe;
}

std::string_view FileProbe::text() const
{
    std::string_view t = head;
    if (t.starts_with("\xEF\xBB\xBF"))
        t.remove_prefix(3);
    return t;
}

std::string_view FileProbe::firstLine() const
{
    std::string_view t = text();
    t = t.substr(0, t.find('\n'));
    if (t.ends_with('\r'))
        t.remove_suffix(1);
    return t;
}

std::string ImportRequest::value(std::string_view key, const std::string& fallback) const
{
    for (auto it = settings.rbegin(); it != settings.rend(); ++it)
        if (it->first == key)
            return it->second;
    return fallback;
}

std::vector<std::string> ImportRequest::values(std::string_view key) const
{
    std::vector<std::string> out;
    for (const auto& setting : settings)
        if (setting.first == key)
            out.push_back(setting.second);
    return out;
}

bool ImportRequest::has(std::string_view key) const
{
    return std::any_of(settings.begin(), settings.end(), [key](const auto& s) { return s.first == key; });
}

void ImporterRegistry::add(std::unique_ptr<Importer> importer)
{
    if (!importer)
        throw std::invalid_argument("ImporterRegistry::add: null importer");
    if (find(importer->name()))
        throw std::invalid_argument("ImporterRegistry::add: an importer named '" + std::string(importer->name()) + "' is there already");
    m_importers.push_back(std::move(importer));
}

const Importer* ImporterRegistry::find(std::string_view name) const
{
    for (const auto& i : m_importers)
        if (i->name() == name)
            return i.get();
    return nullptr;
}

const Importer& ImporterRegistry::choose(ImportTarget target, const FileProbe& probe) const
{
    const Importer* best = nullptr;
    Match bestMatch = Match::No;
    const Importer* elsewhere = nullptr; // an importer of another target that reads it by content
    std::vector<const Importer*> ofTarget;
    for (const auto& i : m_importers) {
        const Match m = i->identify(probe);
        if (i->target() != target) {
            if (m == Match::ByContent && !elsewhere)
                elsewhere = i.get();
            continue;
        }
        ofTarget.push_back(i.get());
        if (m > bestMatch) {
            best = i.get();
            bestMatch = m;
        }
    }
    if (best)
        return *best;
    std::string reason = i18n::format(_("not a file any {1} importer reads ({2})"), {toString(target), formatsOf(ofTarget)});
    if (elsewhere)
        reason += i18n::format(_("; it looks like {1} for '{2}' ({3})"),
            {std::string(elsewhere->name()), commandOf(elsewhere->target()), toString(elsewhere->target())});
    throw util::FormatError(probe.path.string(), "", reason);
}

const Importer& ImporterRegistry::choose(const FileProbe& probe) const
{
    const Importer* best = nullptr;
    Match bestMatch = Match::No;
    std::vector<const Importer*> all;
    for (const auto& i : m_importers) {
        all.push_back(i.get());
        const Match m = i->identify(probe);
        if (m > bestMatch) {
            best = i.get();
            bestMatch = m;
        }
    }
    if (best)
        return *best;
    throw util::FormatError(probe.path.string(), "", i18n::format(_("not a file any importer reads ({1})"), {formatsOf(all)}));
}

std::vector<ImportOptionGroup> optionGroups(const Importer& importer)
{
    std::vector<ImportOptionGroup> groups;
    for (const ImportOption& o : importer.options()) {
        if (o.group.empty())
            continue;
        auto it = std::find_if(groups.begin(), groups.end(), [&](const ImportOptionGroup& g) { return g.question == o.group; });
        if (it == groups.end())
            it = groups.insert(groups.end(), ImportOptionGroup{o.group, {}});
        it->options.push_back(&o);
    }
    return groups;
}

void checkSettings(const Importer& importer, const ImportRequest& request)
{
    const auto declared = [&](const std::string& key) -> const ImportOption* {
        for (const ImportOption& o : importer.options())
            if (o.key == key)
                return &o;
        return nullptr;
    };
    for (const auto& setting : request.settings) {
        const std::string& key = setting.first;
        const ImportOption* option = declared(key);
        if (!option)
            throw util::OperationError(request.input.string(), "--" + key,
                i18n::format(_("not a setting of the {1} importer, which reads this file ({2})"), {std::string(importer.name()), importer.description()}));
        if (!option->repeatable && request.values(key).size() > 1)
            throw util::OperationError(request.input.string(), "--" + key, _("given more than once"));
    }
    for (const ImportOption& o : importer.options()) {
        if (o.required && !request.has(o.key))
            throw util::OperationError(request.input.string(), "--" + o.key,
                i18n::format(_("the {1} importer needs it: {2}"), {std::string(importer.name()), _(o.help.c_str())}));
    }
    for (const ImportOptionGroup& group : optionGroups(importer)) {
        std::vector<std::string> keys, given;
        for (const ImportOption* o : group.options) {
            keys.push_back("--" + o->key);
            if (request.has(o->key))
                given.push_back("--" + o->key);
        }
        if (given.size() > 1)
            throw util::OperationError(request.input.string(), joined(given), i18n::format(_("give only one of {1}"), {joined(keys)}));
        if (given.empty())
            throw util::OperationError(request.input.string(), joined(keys),
                i18n::format(_("the {1} importer needs one of them ({2})"), {std::string(importer.name()), _(group.question.c_str())}));
    }
}

} // namespace sandtable::core::io
