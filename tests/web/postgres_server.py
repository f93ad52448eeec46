"""A scratch PostgreSQL server for the tests: Debian's ``postgresql`` binaries, on loopback.

``initdb`` and ``pg_ctl`` (from ``/usr/lib/postgresql/*/bin``) run as a user other than
root (``postgres`` where it exists, else ``nobody``) on a scratch folder and a free
loopback port; the server is stopped and the folder deleted after. Durability is
switched off (``fsync=off``): the tests check transactions, not the disk.

Run as a script, it starts one and prints its URL until Ctrl-C or ``kill`` (for the benchmark;
``--durable`` keeps PostgreSQL's durability on, as a real site does):

    python tests/web/postgres_server.py --durable
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager


def binaries() -> str | None:
    """The folder of ``initdb`` and ``pg_ctl`` (the newest version's), or ``None``."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    return os.path.dirname(found[-1]) if found else None


def _version(path: str) -> float:
    try:
        return float(path.split("/")[-3])
    except ValueError:
        return 0.0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def scratch_postgres(*, durable: bool = False) -> Iterator[str]:
    """A running server; its URL, ``postgresql://sevens@127.0.0.1:PORT/postgres``.

    ``durable``: with PostgreSQL's durability on (``fsync``), as a real site runs it.
    """
    folder = binaries()
    if folder is None:
        raise RuntimeError("no PostgreSQL binaries in /usr/lib/postgresql/*/bin")
    scratch = tempfile.mkdtemp(prefix="sevens-ru-pg-")
    data = os.path.join(scratch, "data")
    run_as: list[str] = []
    if os.geteuid() == 0:  # initdb refuses root
        user = "postgres" if _user_exists("postgres") else "nobody"
        entry = pwd.getpwnam(user)
        os.chown(scratch, entry.pw_uid, entry.pw_gid)
        run_as = ["runuser", "-u", user, "--"]
    port = _free_port()
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.PIPE, "check": True}
    try:
        subprocess.run(
            [*run_as, f"{folder}/initdb", "-D", data, "-U", "sevens", "--auth=trust", "-E", "UTF8"],
            **quiet,  # type: ignore[call-overload]
        )
        options = f"-p {port} -k {scratch} -c listen_addresses=127.0.0.1 -c max_connections=300"
        if not durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        subprocess.run(
            [*run_as, f"{folder}/pg_ctl", "-D", data, "-o", options, "-w", "-t", "60",
             "-l", os.path.join(scratch, "log"), "start"],
            **quiet,  # type: ignore[call-overload]
        )  # fmt: skip
        try:
            yield f"postgresql://sevens@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run(
                [*run_as, f"{folder}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


if __name__ == "__main__":
    import signal
    import sys
    import time

    # Ctrl-C or kill stops the server and deletes its folder (a background job of a
    # shell ignores Ctrl-C's signal, and Python's default for SIGTERM cleans up nothing).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(0))
    with scratch_postgres(durable="--durable" in sys.argv[1:]) as url:
        print(url, flush=True)
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass
