# Ripple: `make demo` installs what is missing, builds, and runs the simulator.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: setup build demo test test-tools bench install clean

PREFIX ?= /usr/local
# make install's build: release by default; the suite's install check installs the debug build it has.
CONFIGURATION ?= release

# Idempotent. Installs graphviz's C library only if pkg-config cannot find it, then
# recreates graphviz's plugin list if it is missing: without it no layout engine,
# not even dot, is known.
setup:
	@pkg-config --exists libgvc 2>/dev/null || { \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update && $(SUDO) apt-get install -y libgraphviz-dev pkg-config; \
	  elif command -v brew >/dev/null; then \
	    brew install graphviz pkgconf; \
	  else \
	    echo "setup: install graphviz's libraries and headers (libgvc) by hand" >&2; exit 1; \
	  fi; }
	@plugins="$$(pkg-config --variable=libdir libgvc)/graphviz"; \
	if [ ! -f "$$plugins/config6a" ] && [ ! -f "$$plugins/config6" ]; then \
	  echo "setup: registering graphviz plugins in $$plugins"; \
	  if [ -x /usr/sbin/libgvc6-config-update ]; then $(SUDO) /usr/sbin/libgvc6-config-update -c; \
	  else dot -c; fi; \
	fi

build: setup
	$(SWIFT) build

# The main job: render the bundled Scenarios/ into Output/.
demo: build
	.build/debug/ripple

# The whole suite: Swift tests, then a real headless browser on rendered reports, then the SwiftPM plugins
# on packages that depend on Ripple (the command plugin, and `swift build` with the build-tool plugin),
# docs/Install.md's and docs/Plugin.md's commands, and make install run from elsewhere. PyYAML reads
# docs/CI.md's workflows in CIDocTests.
test: setup test-tools
	@python3 -c 'import yaml' 2>/dev/null || python3 -m pip install --quiet pyyaml 2>/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-yaml; }
	$(SWIFT) build
	$(SWIFT) test
	Tests/Browser/browser-check.sh
	Tests/Plugin/plugin-check.sh
	Tests/Plugin/lint-check.sh
	Tests/Docs/docs-check.sh
	Tests/Install/install-check.sh

# What some tests run, installed if apt-get can: zsh and fish parse the completion scripts, Ruby the
# Homebrew formula. Without them those tests are skipped.
test-tools:
	@command -v zsh >/dev/null && command -v fish >/dev/null && command -v ruby >/dev/null || { \
	  if command -v apt-get >/dev/null; then \
	    $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq zsh fish ruby >/dev/null; \
	  else \
	    echo "test: without zsh, fish or ruby, the tests that run them are skipped" >&2; \
	  fi; }

bench: setup
	$(SWIFT) run -c release ripple-bench

# A release build of the command line in $(PREFIX)/bin/ripple (make install PREFIX=$$HOME/.local), the Swift
# libraries it needs beside it on Linux (in $(PREFIX)/lib/ripple) and its shell completions (docs/Install.md).
install: setup
	$(SWIFT) build -c $(CONFIGURATION) --product ripple
	SWIFT="$(SWIFT)" Scripts/install.sh "$$($(SWIFT) build -c $(CONFIGURATION) --show-bin-path)" "$(DESTDIR)$(PREFIX)"

clean:
	rm -rf .build
