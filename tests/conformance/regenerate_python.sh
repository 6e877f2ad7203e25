#!/bin/sh
# Regenerates the expected outputs of the pure-Python conformance scripts
# (python/*.py) by running them with the real CPython. Scripts named *_error.py
# are expected to fail: their stderr is kept in *.expected_stderr.
set -eu
PYTHON=${PYTHON:-/usr/bin/python3}
cd "$(dirname "$0")/python"
export PYTHONHASHSEED=0 PYTHONIOENCODING=utf-8 PYTHONDONTWRITEBYTECODE=1
for script in *.py; do
    name=${script%.py}
    "$PYTHON" "$script" >"$name.expected" 2>"$name.expected_stderr" || true
    # CPython prints the script's absolute path; the interpreter is given "name.py".
    sed -i "s|$PWD/||g" "$name.expected_stderr"
    case "$name" in
    *_error) ;;
    *)
        if [ -s "$name.expected_stderr" ]; then
            echo "warning: $script wrote to stderr:" >&2
            cat "$name.expected_stderr" >&2
        fi
        rm -f "$name.expected_stderr"
        ;;
    esac
done
