# SPDX-License-Identifier: GPL-3.0-or-later
# Included by the Xvfb drivers after the editor ran with its stdout in `out` and stderr in `err`: fails on a
# wx assertion (a programming error; in an interactive session it pops up a dialog over the editor) and,
# when EXPECT_STDOUT is set, on output that does not match it.
if("${out}${err}" MATCHES "wx assertion failed")
  message(FATAL_ERROR "the editor hit a wx assertion")
endif()
if(EXPECT_STDOUT AND NOT out MATCHES "${EXPECT_STDOUT}")
  message(FATAL_ERROR "the editor's output does not match '${EXPECT_STDOUT}'")
endif()
