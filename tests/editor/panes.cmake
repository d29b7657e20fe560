# Tests of the capability panes: their logic without wx (sandtable_editor_panes_tests) and, with the
# editor built, Xvfb runs opening each pane on the examples (tests/editor/panes/run_pane_screenshot.cmake).
sandtable_add_test_suite(sandtable_editor_panes_tests
  LIBRARIES sandtable_editor_logic
  SOURCES
    panes/test_georef_workspace.cpp
    panes/test_campaign_grid.cpp
    panes/test_card_designer.cpp
    panes/test_sheet_plan.cpp
)

set(_panes_tests ${CMAKE_CURRENT_SOURCE_DIR}/panes)
# The Xvfb runs of the panes (needs the editor built).
include(${_panes_tests}/ui_tests.cmake OPTIONAL)

# Issue 46 item 3: File > Export to Catalogue and File > Browse Catalogue in the real editor under Xvfb; the
# package found by `sandtable catalogue list`, its thumbnail the CLI's, opened back byte for byte.
if(TARGET sandtable-editor AND TARGET sandtable_screenshot_check AND TARGET sandtable)
  add_test(NAME editor_drive_catalogue
    COMMAND "${XVFB_RUN}" -a -s "-screen 0 1600x1000x24" "${CMAKE_CURRENT_SOURCE_DIR}/drive_catalogue.sh"
      $<TARGET_FILE:sandtable-editor> $<TARGET_FILE:sandtable_screenshot_check> $<TARGET_FILE:sandtable>
      ${CMAKE_SOURCE_DIR}/examples/antietam/antietam.sandtable.json ${CMAKE_CURRENT_BINARY_DIR}/drive_catalogue)
  set_tests_properties(editor_drive_catalogue PROPERTIES
    TIMEOUT 900 ENVIRONMENT "NO_AT_BRIDGE=1;GDK_BACKEND=x11;DRIVE_TIMEOUT=240" RESOURCE_LOCK xvfb)
endif()
