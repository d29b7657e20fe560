// SPDX-License-Identifier: GPL-3.0-or-later
// The Boost.Test main of every suite.
#define BOOST_TEST_MODULE sandtable
#include <boost/test/unit_test.hpp>
