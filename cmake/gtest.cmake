# GoogleTest for the tests: the installed package (find_package), or, where
# there is none (the GPU machine's bare CUDA image: the gpu-only preset),
# built with the project from the sources in LAYOUTCHECK_GTEST_SOURCE
# (Debian's googletest package, unpacked by scripts/device-prefix.sh).
set(LAYOUTCHECK_GTEST_SOURCE "" CACHE PATH "GoogleTest's sources, built with the project when set")
macro(layoutcheck_gtest)
  if(NOT TARGET GTest::gtest_main)
    if(LAYOUTCHECK_GTEST_SOURCE)
      if(NOT EXISTS ${LAYOUTCHECK_GTEST_SOURCE}/CMakeLists.txt)
        message(FATAL_ERROR "LAYOUTCHECK_GTEST_SOURCE=${LAYOUTCHECK_GTEST_SOURCE} holds no "
                            "GoogleTest sources: run scripts/device-prefix.sh")
      endif()
      set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
      set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
      add_subdirectory(${LAYOUTCHECK_GTEST_SOURCE} ${PROJECT_BINARY_DIR}/_googletest
                       EXCLUDE_FROM_ALL SYSTEM)
      message(STATUS "layoutcheck: GoogleTest built from ${LAYOUTCHECK_GTEST_SOURCE}")
    else()
      find_package(GTest REQUIRED)
    endif()
  endif()
  include(GoogleTest)
endmacro()
