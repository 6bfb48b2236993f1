#!/usr/bin/env bash
# Installs the shifty binary with its man page and bash, zsh and fish completions.
#   scripts/install.sh [BINARY]        (make install: BINARY=.build/release/shifty)
# PREFIX (default /usr/local) and DESTDIR (staging root for packagers) are honoured:
#   $DESTDIR$PREFIX/bin/shifty
#   $DESTDIR$PREFIX/share/man/man1/shifty.1
#   $DESTDIR$PREFIX/share/bash-completion/completions/shifty
#   $DESTDIR$PREFIX/share/zsh/site-functions/_shifty
#   $DESTDIR$PREFIX/share/fish/vendor_completions.d/shifty.fish
# The completion scripts come from swift-argument-parser (--generate-completion-script), the man page
# from `shifty dev man-page`; each is checked to name every client subcommand before anything is copied.
set -euo pipefail

binary=${1:-.build/release/shifty}
prefix=${PREFIX:-/usr/local}
root="${DESTDIR:-}${prefix}"

if [[ ! -x $binary ]]; then
    echo "error: $binary is not an executable (run make release first)" >&2
    exit 1
fi

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

"$binary" --generate-completion-script bash >"$staging/shifty.bash"
"$binary" --generate-completion-script zsh >"$staging/_shifty"
"$binary" --generate-completion-script fish >"$staging/shifty.fish"
"$binary" dev man-page >"$staging/shifty.1"

# Every subcommand `shifty --help` lists must be in each generated file.
subcommands=$("$binary" --help | awk '/^SUBCOMMANDS:/ {on=1; next} on && /^  [a-z]/ {print $1}')
if [[ -z $subcommands ]]; then
    echo "error: could not read the subcommands from '$binary --help'" >&2
    exit 1
fi
for file in shifty.bash _shifty shifty.fish shifty.1; do
    for command in $subcommands; do
        needle=$command
        # The man page escapes hyphens (swap\-answer).
        [[ $file == shifty.1 ]] && needle=${command//-/\\-}
        if ! grep -qF -- "$needle" "$staging/$file"; then
            echo "error: $file does not mention the subcommand '$command'" >&2
            exit 1
        fi
    done
done

install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 0755 "$binary" "$root/bin/shifty"
install -m 0644 "$staging/shifty.1" "$root/share/man/man1/shifty.1"
install -m 0644 "$staging/shifty.bash" "$root/share/bash-completion/completions/shifty"
install -m 0644 "$staging/_shifty" "$root/share/zsh/site-functions/_shifty"
install -m 0644 "$staging/shifty.fish" "$root/share/fish/vendor_completions.d/shifty.fish"
echo "installed shifty, its man page and bash/zsh/fish completions under $root"
