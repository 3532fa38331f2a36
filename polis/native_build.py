"""Build the compiled engine with mypyc: `python -m polis.native_build [--force]`.

`./run` calls this after installing. It compiles the modules `polis.native`
lists into `build/native/` with a stamp of the source hashes they were built
from. It never fails the install: without mypyc, a C compiler or the Python
headers, or when the build breaks, it says so and the pure-Python engine runs.
Up-to-date builds are left alone, so calling it on every start is cheap.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

from polis import native
from polis.safe_write import write_text

_SETUP = """
import sys
from mypyc.build import mypycify
from setuptools import setup

*paths, out, group = sys.argv[1:]
setup(
    name="polis-native",
    packages=[],
    py_modules=[],
    ext_modules=mypycify(paths, opt_level="3", group_name=group, target_dir=out + "/c"),
    script_args=["build_ext", "--build-lib", out + "/lib", "--build-temp", out + "/temp"],
)
"""


def missing_tools() -> str | None:
    """Why a build cannot even start here, or None."""
    for module in ("mypyc", "setuptools"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}) found"
    include = sysconfig.get_paths().get("include", "")
    if not (Path(include) / "Python.h").is_file():
        return f"the Python headers are missing ({include}/Python.h)"
    return None


def _say(message: str) -> None:
    print(f"polis native build: {message}", file=sys.stderr)


def build(force: bool = False) -> bool:
    """Compile into build/native/ unless it is up to date; True if compiled modules are ready."""
    target = native.build_dir()
    files, reason = native.check(target)
    if files and not force:
        return True
    problem = missing_tools()
    if problem:
        _say(f"skipped ({problem}); the pure-Python engine runs instead")
        shutil.rmtree(target, ignore_errors=True)  # a stale build must not linger
        return False
    _say(f"compiling {len(native.MODULES)} engine modules with mypyc ({reason}); about a minute")
    sources = native.source_hashes()  # hashed before compiling: an edit meanwhile reads stale
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="native-", dir=target.parent) as tmp:
        work = Path(tmp)
        paths = [str(native.source_file(m).relative_to(native.SOURCE_ROOT)) for m in native.MODULES]
        result = subprocess.run(
            [sys.executable, "-c", _SETUP, *paths, str(work), native.GROUP],
            cwd=native.SOURCE_ROOT,
            capture_output=True,
            text=True,
            check=False,
        )
        lib = work / "lib"
        built = _collect(lib) if result.returncode == 0 else {}
        if not built:
            tail = "\n".join((result.stdout + result.stderr).strip().splitlines()[-15:])
            _say(f"failed; the pure-Python engine runs instead.\n{tail}")
            shutil.rmtree(target, ignore_errors=True)
            return False
        stamp = {"interpreter": native.interpreter_tag(), "sources": sources, "files": built}
        write_text(lib / native.STAMP, json.dumps(stamp, indent=1, sort_keys=True))
        shutil.rmtree(target, ignore_errors=True)
        lib.rename(target)
    _say(f"done: {target}")
    return True


def _collect(lib: Path) -> dict[str, str]:
    """Module name -> extension file (relative to `lib`) for everything the build made."""
    suffix = native.interpreter_tag()["extension_suffix"]
    found = {}
    for file in lib.rglob(f"*{suffix}"):
        rel = file.relative_to(lib)
        name = ".".join(rel.parts)[: -len(suffix)]
        found[name] = str(rel)
    if set(native.MODULES) - set(found) or f"{native.GROUP}__mypyc" not in found:
        return {}
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--force", action="store_true", help="rebuild even if up to date")
    args = parser.parse_args(argv)
    build(force=args.force)
    return 0  # never fail the install: the pure-Python engine is always there


if __name__ == "__main__":
    sys.exit(main())
