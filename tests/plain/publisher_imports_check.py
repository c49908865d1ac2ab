"""tools/kv_event_publisher.py run by a python that lacks one of its modules (as a virtualenv's
or pyenv's python first on PATH does): it exits 2 with one line on stderr naming the interpreter,
the missing module and Debian's packages, not a traceback.

    python3 publisher_imports_check.py tools/kv_event_publisher.py
"""
import os
import subprocess
import sys

publisher = os.path.abspath(sys.argv[1])
failures = []
for module in ("zmq", "msgpack", "cbor2"):
    # The module made unimportable: None in sys.modules stops its import.
    boot = (
        "import runpy, sys\n"
        f"sys.modules[{module!r}] = None\n"
        f"sys.argv = [{publisher!r}]\n"
        f"sys.path.insert(0, {os.path.dirname(publisher)!r})\n"
        f"runpy.run_path({publisher!r}, run_name='__main__')\n"
    )
    r = subprocess.run([sys.executable, "-c", boot], capture_output=True, text=True, timeout=30)
    lines = r.stderr.splitlines()
    said = r.stderr
    if r.returncode != 2 or len(lines) != 1 or r.stdout:
        failures.append(f"without {module}: exit {r.returncode}, {len(lines)} lines on stderr:\n"
                        f"{r.stderr}")
        continue
    named = said.split("no module ", 1)[-1].split(";", 1)[0].split(", ")
    if module not in named:
        failures.append(f"without {module}: the line does not name it as missing: {said}")
    for want in (sys.executable, "python3-zmq", "python3-msgpack", "python3-cbor2"):
        if want not in said:
            failures.append(f"without {module}: the line does not say {want!r}: {said}")
for f in failures:
    print("FAIL:", f, file=sys.stderr)
if not failures:
    print("publisher-imports: a missing zmq, msgpack or cbor2 is one line naming the packages")
sys.exit(1 if failures else 0)
