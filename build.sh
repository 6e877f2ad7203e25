#!/usr/bin/env bash
# The two commands of the README:
#   ./build.sh run    install what is missing, build, start the GUI on the default demo
#   ./build.sh test   install what is missing, build, run the whole test suite
# Works as root on a fresh Debian 12 machine (uses apt-get for missing packages).
set -euo pipefail

cd "$(dirname "$0")"
MODE="${1:-run}"
shift || true
BUILD_DIR="${AGV_BUILD_DIR:-build}"

PACKAGES=(
    cmake ninja-build g++ pkg-config
    qt6-base-dev qt6-svg-dev libgl-dev
    qt6-tools-dev qt6-l10n-tools qt6-translations-l10n fonts-wqy-microhei
    libgraphviz-dev graphviz
    libopenblas-dev libdnnl-dev libsleef-dev libjemalloc-dev
    python3.11-dev pybind11-dev libseccomp-dev python3-numpy
    ccache
    fonts-dejavu-core fontconfig
)

install_missing() {
    local missing=()
    for pkg in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    if ((${#missing[@]})); then
        echo "Installing: ${missing[*]}"
        local sudo=""
        [[ $(id -u) -ne 0 ]] && sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
}

build() {
    # ccache hashes paths relative to the checkout, and not the build folder's own path
    # (which -g would otherwise bring in), so a fresh clone reuses earlier builds.
    export CCACHE_BASEDIR="$PWD"
    export CCACHE_NOHASHDIR=1
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_CUDA_COMPILER_LAUNCHER=ccache ${AGV_CMAKE_ARGS:-} >/dev/null
    cmake --build "$BUILD_DIR" -j "$(nproc)"
}

case "$MODE" in
run)
    install_missing
    build
    exec "$BUILD_DIR/app/autogradviz" "$@"
    ;;
test)
    install_missing
    build
    cd "$BUILD_DIR"
    QT_QPA_PLATFORM=offscreen ctest --output-on-failure -j "$(nproc)"
    ;;
*)
    echo "usage: $0 run|test" >&2
    exit 2
    ;;
esac
