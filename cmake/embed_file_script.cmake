# SPDX-License-Identifier: GPL-3.0-or-later
# Writes OUTPUT, a C++ file defining SYMBOL (namespace sandtable::embedded) from INPUT's bytes, as hex.
file(READ "${INPUT}" hex HEX)
string(LENGTH "${hex}" hex_length)
math(EXPR byte_count "${hex_length} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
file(WRITE "${OUTPUT}" "// Generated from ${INPUT}; do not edit.\n#include <string_view>\nnamespace sandtable::embedded {\nstatic const char ${SYMBOL}_bytes[] = {${bytes} 0};\nextern const std::string_view ${SYMBOL};\nconst std::string_view ${SYMBOL}{${SYMBOL}_bytes, ${byte_count}};\n}\n")
