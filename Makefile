# collide -- build, test and demo.
#
#   make            build collide/core.so for Lua 5.4 (usable from the repo root)
#   make test       install missing Debian packages, then build for every Lua
#                   ABI and run the C tests, the specs on Lua 5.1-5.4 and
#                   LuaJIT, luacheck, and a luarocks packaging check
#   make demo       console tour of the swept tests (examples/tour.lua)
#   make bench      ns per call on Lua 5.4 and LuaJIT against pure Lua, a
#                   no-op C call and a raw C loop (bench/README.md)
#   make cdef       regenerate lua/collide/cdef.lua from csrc/collide.h
#   make clean
#
# Every variable below can be set on the command line, e.g.
#   make LUA=lua5.3 LUA_INCDIR=/usr/include/lua5.3 CFLAGS=-O0

SHELL      := /bin/bash
LUA        ?= lua5.4
LUA_INCDIR ?= /usr/include/lua5.4
CC         ?= cc
CFLAGS     ?= -O2 -g
WARN       = -std=c99 -Wall -Wextra -pedantic -Wshadow -Wmissing-prototypes \
             -Wstrict-prototypes
# The core is plain C99 plus POSIX nothing; only the luaopen_ entry point and
# the functions of csrc/collide.h are exported from the shared object.
ALL_CFLAGS = $(WARN) $(CFLAGS) -fPIC -fvisibility=hidden
LDFLAGS    ?=
LIBFLAG    ?= -shared

BUSTED     ?= /usr/bin/busted
LUACHECK   ?= luacheck
LUAROCKS   ?= luarocks

CORE_SRC = $(sort $(wildcard csrc/collide_*.c))
BIND_SRC = $(sort $(wildcard csrc/lcollide*.c))
HDRS     = $(wildcard csrc/*.h)
LUA_SRC  = $(wildcard lua/collide/*.lua)

VMS      = 5.1 5.2 5.3 5.4

# Debian packages a fresh machine needs, as program-or-file:package pairs.
DEPS_BUILD = cc:gcc make:make
DEPS_LUA = lua5.1:lua5.1 lua5.2:lua5.2 lua5.3:lua5.3 lua5.4:lua5.4 \
  luajit:luajit /usr/include/lua5.1/lua.h:liblua5.1-0-dev \
  /usr/include/lua5.2/lua.h:liblua5.2-dev /usr/include/lua5.3/lua.h:liblua5.3-dev \
  /usr/include/lua5.4/lua.h:liblua5.4-dev \
  /usr/include/luajit-2.1/lua.h:libluajit-5.1-dev \
  busted:lua-busted luacheck:lua-check luarocks:luarocks
DEPS_DEMO = lua5.4:lua5.4 /usr/include/lua5.4/lua.h:liblua5.4-dev
# LOVE and a virtual X server for the headless demo run (xvfb-run needs
# xauth, which is only a recommendation of xvfb).
DEPS_LOVE = love:love xvfb-run:xvfb xauth:xauth \
  /usr/include/lua5.1/lua.h:liblua5.1-0-dev

.PHONY: bench-world all test demo clean deps deps-demo deps-love love love-smoke build-all \
        check-c specs luacheck rock-check $(addprefix spec-,$(VMS)) spec-luajit \
        spec-luajit-capi cdef cdef-check bench

all: build/5.4/collide/core.so collide/core.so

# ---- building --------------------------------------------------------------

# One object set per Lua ABI: build/<version>/collide/core.so. The 5.1 build
# also serves LuaJIT.
build/%/collide/core.so: $(CORE_SRC) $(BIND_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -I/usr/include/lua$* $(LDFLAGS) $(LIBFLAG) \
	  -o $@ $(CORE_SRC) $(BIND_SRC) -lm

build/5.4/collide/core.so: $(CORE_SRC) $(BIND_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -I$(LUA_INCDIR) $(LDFLAGS) $(LIBFLAG) \
	  -o $@ $(CORE_SRC) $(BIND_SRC) -lm

# ./collide/ mirrors the installed layout at the repository root so that a
# plain `lua5.4` started here finds require "collide" (./?/init.lua) and
# collide.core (./?.so) with the default search paths.
collide/core.so: build/5.4/collide/core.so $(LUA_SRC)
	@mkdir -p collide
	@for f in $(notdir $(LUA_SRC)); do ln -sf ../lua/collide/$$f collide/$$f; done
	cp $< $@

build-all: $(foreach v,$(VMS),build/$(v)/collide/core.so)

# ---- dependencies ----------------------------------------------------------

deps:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_LUA) $(DEPS_LOVE)

deps-demo:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_DEMO)

# ---- tests -----------------------------------------------------------------

CTEST_SRC = $(sort $(wildcard tests/c/test_*.c))

build/ctest/%: tests/c/%.c $(CORE_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc -o $@ $< $(CORE_SRC) -lm

check-c: $(patsubst tests/c/%.c,build/ctest/%,$(CTEST_SRC))
	@mkdir -p build/logs
	@set -o pipefail; for t in $^; do echo "== $$t"; \
	  ./$$t | tee build/logs/c-$$(basename $$t).log || exit 1; done

# The whole spec suite once per VM, each against the module built for its ABI.
# Each run's output is kept in build/logs/ for the summary of `make test`.
$(addprefix spec-,$(VMS)): spec-%: build/%/collide/core.so
	@echo "== specs on Lua $*"
	@mkdir -p build/logs
	set -o pipefail; lua$* $(BUSTED) --lpath='lua/?.lua;lua/?/init.lua' \
	  --cpath='build/$*/?.so' spec | tee build/logs/spec-$*.log

# LuaJIT twice: the default FFI backend, then the C-API backend forced with
# COLLIDE_BACKEND=capi (spec/backend_spec.lua also compares the two).
spec-luajit: build/5.1/collide/core.so
	@echo "== specs on LuaJIT (FFI backend)"
	@mkdir -p build/logs
	set -o pipefail; COLLIDE_BACKEND=ffi luajit $(BUSTED) \
	  --lpath='lua/?.lua;lua/?/init.lua' \
	  --cpath='build/5.1/?.so' spec | tee build/logs/spec-luajit.log

spec-luajit-capi: build/5.1/collide/core.so
	@echo "== specs on LuaJIT (C-API backend)"
	@mkdir -p build/logs
	set -o pipefail; COLLIDE_BACKEND=capi luajit $(BUSTED) \
	  --lpath='lua/?.lua;lua/?/init.lua' \
	  --cpath='build/5.1/?.so' spec | tee build/logs/spec-luajit-capi.log

specs: $(addprefix spec-,$(VMS)) spec-luajit spec-luajit-capi

# lua/collide/cdef.lua is generated from the core's header (the part between
# the COLLIDE_CDEF markers) and committed, since LuaRocks installs lua/ as
# it is. `make cdef` regenerates it; cdef-check, run by `make test`, fails
# while it is out of date (and so does spec/cdef_spec.lua).
cdef:
	$(LUA) tools/gen-cdef.lua csrc/collide.h > lua/collide/cdef.lua.tmp
	mv lua/collide/cdef.lua.tmp lua/collide/cdef.lua

cdef-check:
	@$(LUA) tools/gen-cdef.lua csrc/collide.h | cmp -s - lua/collide/cdef.lua \
	  || { echo "lua/collide/cdef.lua is out of date: run make cdef"; exit 1; }

luacheck:
	$(LUACHECK) --no-color $(wildcard lua spec examples bench tools)

# Packaging check: the rockspec must list every C source, and installing
# the rock into a throw-away tree (from a copy of the sources: luarocks
# builds in place) must give a module that loads with each Lua.
rock-check:
	@for f in $(CORE_SRC) $(BIND_SRC); do \
	  grep -q "\"$$f\"" rockspec/collide-scm-1.rockspec || \
	    { echo "rockspec/collide-scm-1.rockspec does not list $$f"; exit 1; }; \
	done
	@set -e; for v in $(VMS); do \
	  tmp=$$(mktemp -d); mkdir $$tmp/src; \
	  tar --exclude=./build --exclude=./collide --exclude=./.git -cf - . \
	    | tar -xf - -C $$tmp/src; \
	  echo "== luarocks make (Lua $$v) into $$tmp/tree"; \
	  (cd $$tmp/src && $(LUAROCKS) --lua-version=$$v --tree=$$tmp/tree make \
	    --no-doc rockspec/collide-scm-1.rockspec >$$tmp/log 2>&1) \
	    || { cat $$tmp/log; exit 1; }; \
	  (cd $$tmp && eval "$$($(LUAROCKS) --lua-version=$$v --tree=$$tmp/tree path)" && \
	   lua$$v $(CURDIR)/tools/rock-smoke.lua && \
	   if [ $$v = 5.1 ]; then luajit $(CURDIR)/tools/rock-smoke.lua; fi); \
	  rm -rf $$tmp; \
	done

test: deps
	@rm -rf build/logs
	@$(MAKE) --no-print-directory build-all all
	@$(MAKE) --no-print-directory cdef-check check-c specs luacheck rock-check love-smoke
	@sh tools/test-summary build/logs

# ---- benchmark -------------------------------------------------------------

# Which core queries exist: the raw C loop benchmarks only those.
CORE_FUNCS = $(shell grep -ho '^int collide_[a-z0-9_]*' $(CORE_SRC) | cut -c5-)

build/bench/raw: bench/raw.c $(CORE_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc $(patsubst %,-DHAVE_%,$(CORE_FUNCS)) \
	  -o $@ bench/raw.c $(CORE_SRC) -lm

# The no-op floor, as a Lua module and as plain C functions for the FFI.
build/%/collide_bench_noop.so: bench/noop.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -I/usr/include/lua$* $(LIBFLAG) -o $@ $<

bench: build/5.4/collide/core.so build/5.1/collide/core.so \
       build/5.4/collide_bench_noop.so build/5.1/collide_bench_noop.so \
       build/bench/raw
	./build/bench/raw > build/bench/raw.txt
	@LUA_PATH='lua/?.lua;lua/?/init.lua;bench/?.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 bench/run.lua build/bench/raw.txt
	@LUA_PATH='lua/?.lua;lua/?/init.lua;bench/?.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  luajit bench/run.lua build/bench/raw.txt
	@$(MAKE) --no-print-directory bench-world

# The world: queries over 1k-100k triangles against Lua loops over the
# single-shape calls (Lua 5.4 and LuaJIT) and against C loops; sweep_pairs
# against all pairs.
bench-world: build/5.4/collide/core.so build/5.1/collide/core.so build/bench/world
	./build/bench/world
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 bench/world_bench.lua
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  luajit bench/world_bench.lua

build/bench/world: bench/world_bench.c $(CORE_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc -o $@ $< $(CORE_SRC) -lm

# ---- demo ------------------------------------------------------------------

demo: deps-demo
	@$(MAKE) --no-print-directory build/5.4/collide/core.so
	LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 examples/tour.lua

# ---- LOVE ------------------------------------------------------------------

LOVE     ?= love
XVFB_RUN ?= xvfb-run -a -s "-screen 0 1280x1024x24"
SMOKE_ARGS ?=

deps-love:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_LOVE)

# The playable demo (LOVE 11.4 runs LuaJIT: the module is the 5.1 ABI build).
love: deps-love build/5.1/collide/core.so
	COLLIDE_ROOT=$(CURDIR) $(LOVE) examples/love

# The demo in real LOVE under a virtual X server, scripted: thousands of fast
# bullets checked against an independent brute-force test; fails on any
# tunnelling or wrong report and saves build/love-smoke.png.
love-smoke: deps-love build/5.1/collide/core.so
	@mkdir -p build
	COLLIDE_ROOT=$(CURDIR) timeout 600 $(XVFB_RUN) $(LOVE) examples/love --smoke \
	  --out=$(CURDIR)/build/love-smoke.png $(SMOKE_ARGS)

clean:
	rm -rf build collide
