"""Shared by the reliability tests: a small disk that fills up."""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest


@pytest.fixture
def small_disk(tmp_path):
    """A 1 MiB tmpfs (needs root to mount; skipped elsewhere); remountable read-only."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a small file system needs root")
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mnt)],
                      capture_output=True).returncode != 0:
        pytest.skip("missing tool: cannot mount a tmpfs here")
    try:
        yield mnt
    finally:
        subprocess.run(["umount", "-l", str(mnt)], capture_output=True)
