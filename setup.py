"""Build the optional compiled core, ``sevens_ru._speedups``; the rest is in pyproject.toml.

Where no C compiler works (none installed, no Python headers, ``CC=/bin/false``), the
build prints one line of notice and the package installs with its pure-Python engine,
which is complete on its own: ``sevens_ru.IMPLEMENTATION`` then says ``"python"``.
"""

from __future__ import annotations

import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

NOTICE = (
    "sevens-ru: the C extension sevens_ru._speedups could not be built ({reason}); "
    "installing the pure-Python engine, which plays the same games more slowly"
)


class OptionalBuildExt(build_ext):
    """``build_ext`` that falls back to pure Python, with a notice, when compiling fails."""

    def run(self) -> None:
        """Build the extension, or give the notice."""
        try:
            super().run()
        except Exception as error:  # no compiler at all: setuptools gives up before building
            self.notice(error)

    def build_extension(self, ext: Extension) -> None:
        """Compile and link one extension, or give the notice."""
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler or the linker failed
            self.notice(error)

    @staticmethod
    def notice(error: Exception) -> None:
        """Say, in one line, that the pure-Python engine is installed, and why."""
        reason = str(error).strip().splitlines()[-1] if str(error).strip() else type(error).__name__
        print(NOTICE.format(reason=reason), file=sys.stderr)


# The compiled core is one module from the shared C of src/sevens_ru/_native and one
# file per game.
NATIVE = "src/sevens_ru/_native"
SOURCES = [
    f"{NATIVE}/module.c",
    f"{NATIVE}/args.c",
    f"{NATIVE}/draw.c",
    f"{NATIVE}/planes.c",
    f"{NATIVE}/shake.c",
    "src/sevens_ru/games/sevens/_kernels.c",
    "src/sevens_ru/games/sevens/batch/_lockstep.c",
    "src/sevens_ru/games/durak/_kernels.c",
    "src/sevens_ru/games/durak/batch/_lockstep.c",
    "src/sevens_ru/games/family/_kernels.c",
]
HEADERS = [
    f"{NATIVE}/{name}.h"
    for name in ("common", "args", "draw", "kernels", "pack", "planes", "shake")
] + ["src/sevens_ru/games/durak/_durak.h"]

setup(
    ext_modules=[
        Extension(
            "sevens_ru._speedups",
            sources=SOURCES,
            include_dirs=[NATIVE],
            depends=HEADERS,
            extra_compile_args=["-std=c99"] if sys.platform != "win32" else [],
            optional=True,
        )
    ],
    cmdclass={"build_ext": OptionalBuildExt},
)
