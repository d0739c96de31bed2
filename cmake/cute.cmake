# NVIDIA's CuTe C++ headers, for the audit adapters (adapters/cute_runtime,
# adapters/cute_static) and the GPU check of CuTe's static layouts
# (gpu_check). They come from the pinned wheel nvidia-cutlass==4.2.0.0 that
# scripts/setup-adapters.sh installs into the project's .venv (never
# vendored); -DLAYOUTCHECK_CUTE_INCLUDE=DIR points at another copy (the
# directory holding cute/ and cutlass/). CuTe's headers include CUDA's
# (cuda_runtime_api.h, cuda/std/...): the toolkit's include/ and include/cccl.
#
# Sets LAYOUTCHECK_HAVE_CUTE and the interface target layoutcheck_cute (the
# include directories as system ones, so CuTe's own warnings do not fail
# -Werror builds).
option(LAYOUTCHECK_CUTE "Build what uses NVIDIA's CuTe headers when they are found" ON)
set(LAYOUTCHECK_HAVE_CUTE OFF)
if(LAYOUTCHECK_CUTE)
  if(NOT LAYOUTCHECK_CUTE_INCLUDE)
    # the .venv's wheel; on the GPU machine the copy scripts/device-prefix.sh made
    file(GLOB _cute_candidates
         ${PROJECT_SOURCE_DIR}/.venv/lib/python3*/site-packages/cutlass_library/source/include)
    if(EXISTS ${PROJECT_SOURCE_DIR}/.device/cute/cute/layout.hpp)
      list(APPEND _cute_candidates ${PROJECT_SOURCE_DIR}/.device/cute)
    endif()
    if(_cute_candidates)
      list(GET _cute_candidates 0 _cute_dir)
      set(LAYOUTCHECK_CUTE_INCLUDE ${_cute_dir} CACHE PATH "CuTe's include directory (cute/, cutlass/)")
    endif()
  endif()
  find_package(CUDAToolkit QUIET)
  set(_cuda_include "")
  if(CUDAToolkit_INCLUDE_DIRS)
    set(_cuda_include ${CUDAToolkit_INCLUDE_DIRS})
  elseif(EXISTS /usr/local/cuda/include/cuda_runtime_api.h)
    set(_cuda_include /usr/local/cuda/include)
  endif()
  set(_cuda_all "")
  foreach(_d IN LISTS _cuda_include)
    list(APPEND _cuda_all ${_d})
    if(EXISTS ${_d}/cccl)
      list(APPEND _cuda_all ${_d}/cccl)
    endif()
  endforeach()
  if(LAYOUTCHECK_CUTE_INCLUDE AND EXISTS ${LAYOUTCHECK_CUTE_INCLUDE}/cute/layout.hpp AND _cuda_all)
    set(LAYOUTCHECK_HAVE_CUTE ON)
    set(LAYOUTCHECK_CUTE_CUDA_INCLUDE ${_cuda_all})
    add_library(layoutcheck_cute INTERFACE)
    target_include_directories(layoutcheck_cute SYSTEM INTERFACE ${LAYOUTCHECK_CUTE_INCLUDE}
                                                                 ${_cuda_all})
  endif()
endif()
message(STATUS "layoutcheck: CuTe headers ${LAYOUTCHECK_HAVE_CUTE} (${LAYOUTCHECK_CUTE_INCLUDE})")
