#!/bin/sh
# Regenerates the expected outputs of the PyTorch conformance scripts (torch/*.py)
# and of the demos (resources/demos/*.py -> demos/) by running them with the real
# Python + PyTorch 1.13. Scripts named *_error.py are expected to fail.
# With arguments, only the scripts of those names (without .py) are regenerated.
#   name.expected              stdout
#   name.expected_stderr       stderr, when not empty (script paths made relative)
#   name.expected_stderr_last  the last line of stderr, for *_error.py
set -eu
PYTHON=${PYTHON:-/usr/bin/python3}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
ONLY="$*"
export PYTHONHASHSEED=0 PYTHONIOENCODING=utf-8 PYTHONDONTWRITEBYTECODE=1
# The BLAS kernels the expected outputs are made with (Note [Pinned BLAS kernels for
# expected outputs] in tst_torch_conformance.cpp), on any CPU with AVX2 and FMA.
if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo; then
    export OPENBLAS_CORETYPE=${OPENBLAS_CORETYPE:-Haswell}
    export DNNL_MAX_CPU_ISA=${DNNL_MAX_CPU_ISA:-AVX512_CORE} ONEDNN_MAX_CPU_ISA=${ONEDNN_MAX_CPU_ISA:-AVX512_CORE}
fi

# regenerate SCRIPT_DIR EXPECTED_DIR
regenerate() {
    cd "$1"
    for script in *.py; do
        [ -e "$script" ] || continue
        name=${script%.py}
        if [ -n "$ONLY" ]; then
            case " $ONLY " in *" $name "*) ;; *) continue ;; esac
        fi
        # Current PyTorch's features have no 1.13 output (see tst_torch_conformance).
        if grep -q '^# Needs: PyTorch >= 2' "$script"; then continue; fi
        out="$2/$name"
        status=0
        "$PYTHON" "$script" >"$out.expected" 2>"$out.expected_stderr" || status=$?
        # CPython prints the script's absolute path; autogradviz is given "name.py".
        sed -i "s|$PWD/||g" "$out.expected_stderr"
        case "$name" in
        *_error)
            [ "$status" -ne 0 ] || echo "warning: $script was expected to fail" >&2
            grep -v '^$' "$out.expected_stderr" | tail -n 1 >"$out.expected_stderr_last"
            ;;
        *)
            [ "$status" -eq 0 ] || { echo "warning: $script failed:" >&2; cat "$out.expected_stderr" >&2; }
            rm -f "$out.expected_stderr_last"
            ;;
        esac
        [ -s "$out.expected_stderr" ] || rm -f "$out.expected_stderr"
    done
}

regenerate "$HERE" "$HERE"
regenerate "$ROOT/resources/demos" "$ROOT/tests/conformance/demos"
