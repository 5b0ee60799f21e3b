"""A private Python environment for the check scripts, created on first use.

The check scripts (check-openapi, check-preview-page, check-k8s, stub-chartd) import this module and call
`ensure(...)` first: it creates a virtual environment under `.build/tools-venv` (ignored by git, reused across
runs), installs the pinned packages that are missing, and re-executes the script inside it. Nothing is installed
into the system Python. Override the location with CHART_TOOLS_VENV.
"""
import os
import subprocess
import sys
import venv

# Exact versions the scripts were written and tested against. Bump deliberately.
PINS = {
    "PyYAML": "6.0.4",
    "jsonschema": "4.26.0",
    "openapi-spec-validator": "0.9.0",
    "schemathesis": "4.32.5",
    "selenium": "4.51.0",
    "kubernetes-validate": "1.37.0",
    "fonttools": "4.68.0",
    "matplotlib": "3.11.2",
    "openapi-python-client": "0.29.1",
    "datamodel-code-generator": "0.89.0",
    "prometheus-client": "0.26.0",
    "babel": "2.19.0",
}

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.environ.get("CHART_TOOLS_VENV", os.path.join(ROOT, ".build", "tools-venv"))


def _python() -> str:
    return os.path.join(VENV, "bin", "python")


def _missing(names):
    probe = "import importlib.metadata as m, sys\n" \
            "for spec in sys.argv[1:]:\n" \
            "    name, _, want = spec.partition('==')\n" \
            "    try:\n" \
            "        have = m.version(name)\n" \
            "    except m.PackageNotFoundError:\n" \
            "        have = None\n" \
            "    if have != want: print(spec)\n"
    out = subprocess.run([_python(), "-c", probe, *[f"{n}=={PINS[n]}" for n in names]],
                         check=True, capture_output=True, text=True).stdout
    return out.split()


def ensure(*names: str) -> None:
    """Makes sure the pinned `names` are installed in the tools venv and that this process runs inside it."""
    inside = os.path.realpath(sys.prefix) == os.path.realpath(VENV)
    if not os.path.exists(_python()):
        print(f"toolenv: creating {VENV}", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    missing = _missing(names)
    if missing:
        print(f"toolenv: installing {' '.join(missing)}", file=sys.stderr)
        subprocess.run([_python(), "-m", "pip", "install", "-q", "--disable-pip-version-check", *missing], check=True)
    if not inside:
        os.execv(_python(), [_python(), *sys.argv])
