"""The game tests' shared steps (madness_steps.py) are importable from this folder."""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
