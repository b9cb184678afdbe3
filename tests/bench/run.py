"""Run every benchmark in tests/bench and print one JSON line per figure.

    python tests/bench/run.py            # all
    python tests/bench/run.py core ui    # only bench_core.py and bench_ui.py
"""
import importlib.util
import json
import pathlib
import sys

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))


def main(argv):
    wanted = set(argv)
    failed = False
    for path in sorted(HERE.glob("bench_*.py")):
        if wanted and path.stem.removeprefix("bench_") not in wanted:
            continue
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        for line in module.run():
            print(json.dumps(line), flush=True)
            failed |= line.get("ok") is False
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
