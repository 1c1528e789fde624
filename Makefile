# Ripple: `make demo` installs what is missing, builds, and runs the simulator.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

.PHONY: setup build demo test bench install clean

PREFIX ?= /usr/local

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

# The whole suite: Swift tests, then a real headless browser on rendered reports. PyYAML reads
# docs/CI.md's workflows in CIDocTests.
test: setup
	@python3 -c 'import yaml' 2>/dev/null || python3 -m pip install --quiet pyyaml 2>/dev/null || { $(SUDO) apt-get update && $(SUDO) apt-get install -y python3-yaml; }
	$(SWIFT) build
	$(SWIFT) test
	Tests/Browser/browser-check.sh

bench: setup
	$(SWIFT) run -c release ripple-bench

# A release build of the command line, copied to $(PREFIX)/bin/ripple (make install PREFIX=$$HOME/.local).
install: setup
	$(SWIFT) build -c release --product ripple
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/ripple" "$(DESTDIR)$(PREFIX)/bin/ripple"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/ripple"

clean:
	rm -rf .build
