# `cmake --install`: the harness as a package. find_package(layoutcheck) gives
#   layoutcheck::layout  the layout algebra (lib/)
#   layoutcheck::oracle  the brute-force oracle (props/oracle)
#   layoutcheck::laws    the law catalog and props::Algebra (props/laws)
#   layoutcheck::gen     the RapidCheck generators of the laws' inputs (props/gen;
#                        with the tests or the CLI only)
# so that another algebra is checked through the catalog from its own tests
# (examples/third_party_algebra). Headers: include/layout/ and
# include/layoutcheck/props/.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set_target_properties(layout PROPERTIES EXPORT_NAME layout)
set_target_properties(props_oracle PROPERTIES EXPORT_NAME oracle)
set_target_properties(props_laws PROPERTIES EXPORT_NAME laws)
set_target_properties(layoutcheck_warnings PROPERTIES EXPORT_NAME warnings)
set(_layoutcheck_targets layout props_oracle props_laws layoutcheck_warnings)
set(_layoutcheck_gen OFF)
if(TARGET props_gen)
  set_target_properties(props_gen PROPERTIES EXPORT_NAME gen)
  list(APPEND _layoutcheck_targets props_gen)
  set(_layoutcheck_gen ON)
endif()

install(TARGETS ${_layoutcheck_targets} EXPORT layoutcheckTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/lib/include/layout
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/props/oracle/ ${PROJECT_SOURCE_DIR}/props/laws/
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/layoutcheck/props FILES_MATCHING PATTERN "*.hpp")
if(_layoutcheck_gen)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/props/gen/
          DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/layoutcheck/props FILES_MATCHING PATTERN "*.hpp")
endif()
install(EXPORT layoutcheckTargets NAMESPACE layoutcheck::
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/layoutcheck)
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/layoutcheckConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/layoutcheckConfig.cmake
                              INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/layoutcheck)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/layoutcheckConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/layoutcheckConfig.cmake
              ${PROJECT_BINARY_DIR}/layoutcheckConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/layoutcheck)
