// The whole layout algebra.
#pragma once

#include "layout/checked.hpp"
#include "layout/coalesce.hpp"
#include "layout/complement.hpp"
#include "layout/composition.hpp"
#include "layout/divide.hpp"
#include "layout/error.hpp"
#include "layout/int_tuple.hpp"
#include "layout/inverse.hpp"
#include "layout/layout.hpp"
#include "layout/max_common.hpp"
#include "layout/notation.hpp"
#include "layout/nullspace.hpp"
#include "layout/product.hpp"
#include "layout/slice.hpp"
#include "layout/swizzle.hpp"
#include "layout/tiler.hpp"
