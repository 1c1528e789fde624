#!/usr/bin/env bash
# Installs a built `ripple` under a prefix so that it runs without the build folder (docs/Install.md):
#
#   Scripts/install.sh BIN_PATH DEST      # make install: BIN_PATH from 'swift build --show-bin-path', DEST is $(DESTDIR)$(PREFIX)
#
# DEST/bin/ripple, and its completions for bash, zsh and fish under DEST/share. On Linux the Swift
# libraries it links that are not the system's (the toolchain's runtime and Foundation, and on the
# toolchain path its swift-syntax) are copied to DEST/lib/ripple, found from the binary through the run
# path $ORIGIN/../lib/ripple alone, set with patchelf (installed with apt-get if it is missing). On
# macOS the Swift runtime is the system's and swift-syntax is linked in: the binary is all there is.
set -euo pipefail

bin_path="${1:?usage: Scripts/install.sh BIN_PATH DEST}"
dest="${2:?usage: Scripts/install.sh BIN_PATH DEST}"
swift="${SWIFT:-swift}"
binary="$bin_path/ripple"
[ -x "$binary" ] || { echo "install: $binary is not built" >&2; exit 1; }

install -d "$dest/bin"
install -m 755 "$binary" "$dest/bin/ripple"

if [ "$(uname -s)" = Linux ]; then
    if ! command -v patchelf >/dev/null 2>&1; then
        if command -v apt-get >/dev/null 2>&1; then
            sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
            echo "install: installing patchelf, which sets the installed binary's run path"
            $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq patchelf >/dev/null
        else
            echo "install: patchelf is needed to set the installed binary's run path; install it and run make install again" >&2
            exit 1
        fi
    fi
    # The toolchain's lib/swift: its runtime (linux/) and its swift-syntax (host/).
    swift_lib="$(cd "$(dirname "$(readlink -f "$(command -v "$swift")")")/../lib/swift" && pwd -P)"
    build="$(cd "$bin_path" && pwd -P)"
    libraries="$dest/lib/ripple"
    rm -rf "$libraries"
    install -d "$libraries"
    copied=0
    # Every library the loader finds for the built binary, itself or through another; what lies in the
    # toolchain or the build folder is carried, the rest (libc, graphviz, ICU, libxml2) is the system's.
    while read -r library; do
        case "$(readlink -f "$library")" in
            "$swift_lib"/*|"$build"/*) install -m 644 "$library" "$libraries/"; copied=$((copied + 1)) ;;
        esac
    done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')
    # The copied libraries find each other through their own run path, $ORIGIN.
    patchelf --set-rpath '$ORIGIN/../lib/ripple' "$dest/bin/ripple"
    echo "installed $copied Swift libraries in $libraries ($(du -sh "$libraries" | cut -f1))"
fi

install -d "$dest/share/bash-completion/completions" "$dest/share/zsh/site-functions" "$dest/share/fish/vendor_completions.d"
"$dest/bin/ripple" completion bash > "$dest/share/bash-completion/completions/ripple"
"$dest/bin/ripple" completion zsh > "$dest/share/zsh/site-functions/_ripple"
"$dest/bin/ripple" completion fish > "$dest/share/fish/vendor_completions.d/ripple.fish"
echo "installed $dest/bin/ripple"
