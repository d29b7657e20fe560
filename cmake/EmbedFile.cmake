# SPDX-License-Identifier: GPL-3.0-or-later
# sandtable_embed_file(OUT_CPP SYMBOL INPUT): a .cpp defining `extern const std::string_view SYMBOL`
# with INPUT's bytes, so the binary needs no installed schema files at run time.
function(sandtable_embed_file out_cpp symbol input)
  add_custom_command(
    OUTPUT "${out_cpp}"
    COMMAND "${CMAKE_COMMAND}" -DINPUT=${input} -DOUTPUT=${out_cpp} -DSYMBOL=${symbol}
            -P "${CMAKE_SOURCE_DIR}/cmake/embed_file_script.cmake"
    DEPENDS "${input}" "${CMAKE_SOURCE_DIR}/cmake/embed_file_script.cmake"
    COMMENT "Embedding ${input}")
endfunction()
