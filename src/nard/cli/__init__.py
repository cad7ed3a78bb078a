"""The ``nard`` command line: rules queries now, play and analysis as they land."""
