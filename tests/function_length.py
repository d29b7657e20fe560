#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""No function over 150 lines (issue 42 item 5).

Scans the .cpp files of every layer (core/, print/, catalogue/, geo/, vassal/, importers/, app/, cli/, editor/) under SOURCE_DIR with a brace-matching
reader (comments, string, character and raw string literals and preprocessor lines are skipped) and lists
every function whose body, from the line of its opening brace to the line of its closing brace, is longer
than the limit. Functions are the braces at namespace level (or inside a class body) whose head holds a
parameter list; a lambda or a local class counts as part of the function that holds it.

    function_length.py SOURCE_DIR [--allow FILE] [--limit N] [--list]

--allow names the functions still allowed over the limit, one "path:function" a line ('#' comments).
Exit 1, naming file, line, function and length, when a function not in that list is over the limit, or
when a listed function is no longer over it (then the line is to be removed: the list only shrinks).
--list prints every function over the limit, longest first, and exits 0.
"""
import argparse
import os
import re
import sys

FOLDERS = ("core", "print", "catalogue", "geo", "vassal", "importers", "app", "cli", "editor")
CONTAINER = re.compile(r"\b(namespace|class|struct|union|enum)\b[^(){};=]*$|\bextern\s*\"\"\s*$")


def strip_code(text):
    """The text with comments, literals and preprocessor lines blanked (newlines kept, so line numbers hold)."""
    out = []
    i, n = 0, len(text)
    line_start = True
    while i < n:
        c = text[i]
        if line_start and c in " \t":
            out.append(c)
            i += 1
            continue
        if line_start and c == "#":
            # A preprocessor line, with its continuations.
            while i < n and text[i] != "\n":
                if text[i] == "\\" and i + 1 < n and text[i + 1] == "\n":
                    out.append("\n")
                    i += 2
                    continue
                i += 1
            continue
        line_start = False
        if c == "\n":
            out.append(c)
            line_start = True
            i += 1
        elif text.startswith("//", i):
            while i < n and text[i] != "\n":
                i += 1
        elif text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            out.append("\n" * text.count("\n", i, end))
            i = end
        elif c == "R" and i + 1 < n and text[i + 1] == '"' and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren]
            end = text.find(")" + delimiter + '"', open_paren)
            end = n if end < 0 else end + len(delimiter) + 2
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum() and i + 1 < n and text[i + 1].isalnum())):
            # A string or character literal (a ' between two digits or letters is a digit separator).
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def matching(code, open_at):
    """Index of the brace closing the one at `open_at`."""
    depth = 0
    for j in range(open_at, len(code)):
        if code[j] == "{":
            depth += 1
        elif code[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(code) - 1


def function_name(head):
    """The (qualified) name before a function head's parameter list."""
    flat = " ".join(head.split())
    m = re.search(r"((?:[\w:~<>]*::)?operator\s*(?:\(\)|[^\s(]+))\s*\(", flat)
    if m:
        return m.group(1).replace(" ", "")
    depth = 0
    for k, ch in enumerate(flat):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif ch == "(" and depth == 0:
            m = re.search(r"([A-Za-z_~][\w:~]*(?:<[^()]*>)?)\s*$", flat[:k])
            if m and m.group(1) not in ("if", "for", "while", "switch", "return"):
                return m.group(1)
    return None


def is_initialiser_brace(head):
    """True for the brace of a member initialiser (`A() : m_x{1}`) or of a variable (`T x = {...}`, `T x{...}`)."""
    flat = " ".join(head.split())
    depth, first_close = 0, -1
    for k, ch in enumerate(flat):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                first_close = k
                break
    if first_close >= 0:
        after = flat[first_close + 1:]
        if re.search(r"(^|[^:]):([^:]|$)", after) and re.search(r"[\w>]\s*$", flat):
            return True  # a member initialiser's braces: the head goes on
        return False
    return True  # no parameter list: an aggregate or array initialiser


def functions(code):
    """(name, first line of body, body length in lines) of each function in stripped code."""
    found = []
    head_start = 0
    i, n = 0, len(code)
    while i < n:
        c = code[i]
        if c in ";}":
            head_start = i + 1
            i += 1
            continue
        if c != "{":
            i += 1
            continue
        head = code[head_start:i]
        if CONTAINER.search(head):
            head_start = i + 1  # a namespace, class or enum body (or extern "C"): its members are read one by one
            i += 1
            continue
        end = matching(code, i)
        if "(" in head and not is_initialiser_brace(head):
            name = function_name(head)
            if name:
                first = code.count("\n", 0, i) + 1
                last = code.count("\n", 0, end) + 1
                found.append((name, first, last - first + 1))
            head_start = end + 1
        elif "(" in head and is_initialiser_brace(head) and re.search(r"\)\s*:", " ".join(head.split())):
            pass  # a member initialiser: keep the head, the body brace follows
        else:
            head_start = end + 1
        i = end + 1
    return found


def scan(source_dir):
    results = []
    for folder in FOLDERS:
        for root, _dirs, files in os.walk(os.path.join(source_dir, folder)):
            for f in files:
                if not f.endswith(".cpp"):
                    continue
                path = os.path.join(root, f)
                rel = os.path.relpath(path, source_dir).replace(os.sep, "/")
                with open(path, encoding="utf-8", errors="replace") as handle:
                    code = strip_code(handle.read())
                for name, line, length in functions(code):
                    results.append((rel, name, line, length))
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source_dir")
    parser.add_argument("--allow")
    parser.add_argument("--limit", type=int, default=150)
    parser.add_argument("--list", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.source_dir, "core")):
        print(f"function_length: {args.source_dir}: no core/ folder: not a sandtable tree", file=sys.stderr)
        return 1
    results = scan(args.source_dir)
    over = sorted((r for r in results if r[3] > args.limit), key=lambda r: -r[3])
    if args.list:
        for rel, name, line, length in over:
            print(f"{length:5d}  {rel}:{line}: {name}")
        return 0
    allowed = set()
    if args.allow:
        with open(args.allow, encoding="utf-8") as handle:
            for raw in handle:
                entry = raw.split("#", 1)[0].strip()
                if entry:
                    allowed.add(entry)
    problems = []
    seen = set()
    for rel, name, line, length in over:
        key = f"{rel}:{name}"
        seen.add(key)
        if key not in allowed:
            problems.append(f"{rel}:{line}: {name} is {length} lines long (at most {args.limit}): split it by concern")
    for key in sorted(allowed - seen):
        problems.append(f"{args.allow}: '{key}' is no longer over {args.limit} lines (or is gone): remove it from the list")
    for p in problems:
        print(p, file=sys.stderr)
    if problems:
        return 1
    print(f"function_length: no function over {args.limit} lines outside the {len(allowed)} allowed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
