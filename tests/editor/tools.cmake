# Tests of the terrain and set-up tools: their wx-free logic (drawing, snapping, vertex editing, placing,
# OOB tree) and, with the editor, an Xvfb drive that draws a polygon.
sandtable_add_test_suite(sandtable_editor_tools_tests
  LIBRARIES sandtable_editor_logic
  SOURCES
    tools/test_drawing.cpp
    tools/test_vertex_edit.cpp
    tools/test_placing_oob.cpp
)

if(TARGET sandtable-editor AND TARGET sandtable_screenshot_check)
  # The real editor under Xvfb: pick the village's class, draw a rectangle with the polygon tool, save,
  # undo, save, redo, save (tools/drive_draw_polygon.sh checks each saved file; screenshots in the work dir).
  add_test(NAME editor_drive_draw_polygon_undo_redo_save
    COMMAND "${XVFB_RUN}" -a -s "-screen 0 1400x900x24" "${CMAKE_CURRENT_SOURCE_DIR}/tools/drive_draw_polygon.sh"
      $<TARGET_FILE:sandtable-editor> $<TARGET_FILE:sandtable_screenshot_check>
      ${SANDTABLE_TESTS_DIR}/data/editor/small_terrain.sandtable.json ${CMAKE_CURRENT_BINARY_DIR}/drive_draw_polygon)
  set_tests_properties(editor_drive_draw_polygon_undo_redo_save PROPERTIES
    TIMEOUT 900 ENVIRONMENT "NO_AT_BRIDGE=1;GDK_BACKEND=x11;DRIVE_TIMEOUT=240" RESOURCE_LOCK xvfb)
  # Issue 46 item 2: an order of battle authored by hand (two sides in their colours, a formation, two units, one
  # placed as a block in its side's colour), saved and read back (tools/drive_author_oob.sh).
  if(TARGET sandtable)
    add_test(NAME editor_drive_author_oob
      COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1000x24" "${CMAKE_CURRENT_SOURCE_DIR}/tools/drive_author_oob.sh"
        $<TARGET_FILE:sandtable-editor> $<TARGET_FILE:sandtable_screenshot_check> $<TARGET_FILE:sandtable>
        ${SANDTABLE_TESTS_DIR}/data/editor/small_terrain.sandtable.json ${CMAKE_CURRENT_BINARY_DIR}/drive_author_oob)
    set_tests_properties(editor_drive_author_oob PROPERTIES
      TIMEOUT 900 ENVIRONMENT "NO_AT_BRIDGE=1;GDK_BACKEND=x11;DRIVE_TIMEOUT=240" RESOURCE_LOCK xvfb)
  endif()
endif()
