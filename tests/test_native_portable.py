"""The compiled core's bit helpers give the same results with every compiler branch.

``src/sevens_ru/_native/common.h`` has three versions of its bit helpers (``lowest``,
``bit_length``, ``swap_bytes``, with ``count``, ``nth_card`` and ``ALWAYS_INLINE``):
GCC's and Clang's builtins, MSVC's intrinsics and plain C. A small driver is compiled
against the header with each of them, and the outputs over many words are compared:

- the builtins, as ``pip install`` builds the module here;
- plain C, forced by ``-DSEVENS_RU_PORTABLE`` (what a compiler that is neither gets);
- the MSVC branch, forced by ``-DSEVENS_RU_MSVC_INTRINSICS`` with a stand-in
  ``<intrin.h>`` that does what Microsoft documents for each intrinsic, both for a
  64-bit target (``_M_X64``: the 64-bit bit scans) and a 32-bit one (two 32-bit scans).

Skipped only where no C compiler is on the machine.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

NATIVE = Path(__file__).resolve().parents[1] / "src" / "sevens_ru" / "_native"
COMPILER = shutil.which("gcc") or shutil.which("cc")

DRIVER = r"""
#include "common.h"

#include <stdio.h>

static ALWAYS_INLINE uint64_t
mixed(uint64_t *state) /* splitmix64: the same words on every build */
{
    uint64_t word = (*state += UINT64_C(0x9E3779B97F4A7C15));
    word = (word ^ (word >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    word = (word ^ (word >> 27)) * UINT64_C(0x94D049BB133111EB);
    return word ^ (word >> 31);
}

static void
show(uint64_t word)
{
    printf("%016llx %d %016llx %d", (unsigned long long)word, bit_length(word),
           (unsigned long long)swap_bytes(word), count(word));
    if (word) {
        printf(" %d", lowest(word));
        for (int n = 0; n < count(word); n += 1 + n / 4)
            printf(" %d", nth_card(word, n));
    }
    printf("\n");
}

int
main(void)
{
#if defined(SEVENS_RU_BITS_GCC)
    printf("branch gcc\n");
#elif defined(SEVENS_RU_BITS_MSVC) && defined(SEVENS_RU_SCAN64)
    printf("branch msvc64\n");
#elif defined(SEVENS_RU_BITS_MSVC)
    printf("branch msvc32\n");
#else
    printf("branch portable\n");
#endif
    show(0);
    show(~UINT64_C(0));
    for (int high = 0; high < 64; high++) {
        show(UINT64_C(1) << high);
        show((UINT64_C(1) << high) - 1);
        show(~UINT64_C(0) << high);
        for (int low = 0; low < high; low++)
            show(UINT64_C(1) << high | UINT64_C(1) << low);
    }
    uint64_t state = 36;
    for (int draw = 0; draw < 20000; draw++) {
        uint64_t word = mixed(&state);
        show(word);
        show(word & PACK_CARDS(36));
        show(word & mixed(&state) & mixed(&state)); /* few bits */
        show(word >> (word & 63));
    }
    return 0;
}
"""

# What Microsoft documents for each intrinsic, in plain C, for the MSVC branch to be
# compiled and run here. A scan of 0 returns 0 and leaves the index alone.
INTRIN = r"""
#ifndef STAND_IN_INTRIN_H
#define STAND_IN_INTRIN_H
#define __forceinline inline __attribute__((always_inline))

static inline unsigned char
_BitScanForward(unsigned long *index, unsigned long mask)
{
    mask &= 0xFFFFFFFFul;
    if (!mask)
        return 0;
    for (*index = 0; !(mask >> *index & 1); ++*index)
        ;
    return 1;
}

static inline unsigned char
_BitScanReverse(unsigned long *index, unsigned long mask)
{
    mask &= 0xFFFFFFFFul;
    if (!mask)
        return 0;
    for (*index = 31; !(mask >> *index & 1); --*index)
        ;
    return 1;
}

#ifdef _M_X64
static inline unsigned char
_BitScanForward64(unsigned long *index, unsigned long long mask)
{
    if (!mask)
        return 0;
    for (*index = 0; !(mask >> *index & 1); ++*index)
        ;
    return 1;
}

static inline unsigned char
_BitScanReverse64(unsigned long *index, unsigned long long mask)
{
    if (!mask)
        return 0;
    for (*index = 63; !(mask >> *index & 1); --*index)
        ;
    return 1;
}
#endif

static inline unsigned long long
_byteswap_uint64(unsigned long long value)
{
    unsigned long long swapped = 0;
    for (int byte = 0; byte < 8; byte++)
        swapped = swapped << 8 | (value >> (8 * byte) & 0xFF);
    return swapped;
}
#endif
"""

BUILDS = {
    "gcc": [],
    "portable": ["-DSEVENS_RU_PORTABLE"],
    "msvc64": ["-DSEVENS_RU_MSVC_INTRINSICS", "-D_M_X64"],
    "msvc32": ["-DSEVENS_RU_MSVC_INTRINSICS"],
}


def run_build(name: str, flags: list[str], folder: Path) -> str:
    """The driver's output when compiled with flags; no warning may come from common.h."""
    assert COMPILER is not None
    source = folder / "driver.c"
    source.write_text(DRIVER)
    (folder / "intrin.h").write_text(INTRIN)
    program = folder / f"driver-{name}"
    includes = {sysconfig.get_paths()["include"], sysconfig.get_paths()["platinclude"]}
    command = [COMPILER, "-std=c99", "-O2", "-Wall", "-Wextra", *flags, f"-I{NATIVE}"]
    command += [f"-I{include}" for include in sorted(includes)]
    if "-DSEVENS_RU_MSVC_INTRINSICS" in flags:
        command.append(f"-I{folder}")  # the stand-in <intrin.h>
    built = subprocess.run(
        [*command, str(source), "-o", str(program)], capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stderr
    assert "common.h" not in built.stderr, built.stderr  # no warning from the header
    ran = subprocess.run([str(program)], capture_output=True, text=True, check=True)
    branch, _, results = ran.stdout.partition("\n")
    assert branch == f"branch {name}", (flags, branch)
    return results


@pytest.mark.skipif(COMPILER is None, reason="no C compiler (gcc or cc) on this machine")
def test_every_branch_of_the_bit_helpers_gives_the_same_results(tmp_path: Path) -> None:
    results = {name: run_build(name, flags, tmp_path) for name, flags in BUILDS.items()}
    reference = results["gcc"]
    assert reference.count("\n") > 80000
    for name, output in results.items():
        assert output == reference, f"the {name} branch differs from the builtins"


@pytest.mark.skipif(COMPILER is None, reason="no C compiler (gcc or cc) on this machine")
def test_the_bit_helpers_give_what_python_computes(tmp_path: Path) -> None:
    for line in run_build("portable", BUILDS["portable"], tmp_path).splitlines()[:5000]:
        word_text, length, swapped, ones, *indexes = line.split()
        word = int(word_text, 16)
        assert int(length) == word.bit_length()
        assert int(swapped, 16) == int.from_bytes(word.to_bytes(8, "little"), "big")
        assert int(ones) == bin(word).count("1")
        cards = [bit for bit in range(64) if word >> bit & 1]
        if word:
            assert int(indexes[0]) == cards[0]  # lowest
            numbers = []
            n = 0
            while n < len(cards):
                numbers.append(n)
                n += 1 + n // 4
            assert [int(index) for index in indexes[1:]] == [cards[n] for n in numbers]


PACK_DRIVER = r"""
#include "common.h"

#define CARDS 52 /* a game of the 52-card pack */
#include "pack.h"

#include <stdio.h>

int
main(void)
{
    printf("%d %016llx", CARDS, (unsigned long long)ALL_CARDS);
    int sizes[] = {1, 32, 36, 40, 52, 63, 64};
    for (int size = 0; size < 7; size++)
        printf(" %016llx", (unsigned long long)PACK_CARDS(sizes[size]));
    printf("\n");
    return 0;
}
"""


@pytest.mark.skipif(COMPILER is None, reason="no C compiler (gcc or cc) on this machine")
def test_a_game_states_its_pack_size_to_the_shared_c(tmp_path: Path) -> None:
    """No shared C file knows a pack's size: a game defines CARDS and includes pack.h."""
    assert COMPILER is not None
    source = tmp_path / "pack.c"
    source.write_text(PACK_DRIVER)
    includes = {sysconfig.get_paths()["include"], sysconfig.get_paths()["platinclude"]}
    command = [COMPILER, "-std=c99", "-O2", "-Wall", "-Wextra", f"-I{NATIVE}"]
    command += [f"-I{include}" for include in sorted(includes)]
    built = subprocess.run(
        [*command, str(source), "-o", str(tmp_path / "pack")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    ran = subprocess.run([str(tmp_path / "pack")], capture_output=True, text=True, check=True)
    cards, whole, *masks = ran.stdout.split()
    assert (int(cards), int(whole, 16)) == (52, 2**52 - 1)
    assert [int(mask, 16) for mask in masks] == [2**n - 1 for n in (1, 32, 36, 40, 52, 63, 64)]
    for text in ("common.h", "args.h", "planes.h", "draw.h", "args.c", "planes.c", "draw.c"):
        assert "36" not in (NATIVE / text).read_text().replace("SHAKE", ""), text
    unsized = PACK_DRIVER.replace("#define CARDS 52 /* a game of the 52-card pack */\n", "")
    source.write_text(unsized)
    refused = subprocess.run(
        [*command, str(source), "-o", str(tmp_path / "pack")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert refused.returncode != 0 and "define CARDS" in refused.stderr


SOURCES = sorted(NATIVE.glob("*.c")) + sorted(NATIVE.parent.glob("games/**/*.c"))
COMPILER_ONLY = re.compile(
    r"__builtin_\w+|__attribute__|__declspec|__forceinline|_BitScan\w+|_byteswap_\w+"
)


def test_only_common_h_uses_what_a_compiler_alone_has() -> None:
    # The builtins and intrinsics have their three branches, compared above, in common.h:
    # a file that used one of its own would build on GCC and Clang only.
    assert len(SOURCES) >= 7
    for path in [*SOURCES, *NATIVE.glob("*.h"), *NATIVE.parent.glob("games/**/*.h")]:
        if path.name != "common.h":
            found = COMPILER_ONLY.findall(path.read_text(encoding="utf-8"))
            assert not found, f"{path.name} uses {sorted(set(found))}: give it a branch in common.h"
    assert {"__builtin_ctzll", "__builtin_clzll", "__builtin_bswap64"} <= set(
        COMPILER_ONLY.findall((NATIVE / "common.h").read_text(encoding="utf-8"))
    )


@pytest.mark.skipif(COMPILER is None, reason="no C compiler (gcc or cc) on this machine")
@pytest.mark.parametrize("name", ["portable", "msvc64", "msvc32"])
def test_every_file_of_the_core_compiles_with_each_branch(name: str, tmp_path: Path) -> None:
    # The whole extension, not only the helpers, in the branch MSVC (or another compiler)
    # takes; no variable-length arrays, which MSVC's C compiler lacks.
    assert COMPILER is not None
    (tmp_path / "intrin.h").write_text(INTRIN)
    includes = {sysconfig.get_paths()["include"], sysconfig.get_paths()["platinclude"]}
    command = [COMPILER, "-std=c99", "-fsyntax-only", "-Wall", "-Werror=vla", *BUILDS[name]]
    command += [f"-I{tmp_path}", f"-I{NATIVE}", *(f"-I{include}" for include in sorted(includes))]
    built = subprocess.run(
        [*command, *map(str, SOURCES)], capture_output=True, text=True, check=False
    )
    assert built.returncode == 0, built.stderr
    assert "warning" not in built.stderr, built.stderr
