# collide -- build, test and demo.
#
#   make            build collide.core for Lua 5.4 and LuaJIT: lua5.4 or luajit
#                   started in the repository root finds require "collide"
#   make dist       build/dist/: exactly the files a game ships (docs/love.md)
#   make test       install missing Debian packages, then build for every Lua
#                   ABI and run the C tests, the specs on Lua 5.1-5.4 and
#                   LuaJIT (both backends), luacheck, the packaging checks
#                   and the examples: everything built first, then the
#                   checks two at a time (make -j2), the longest first;
#                   each check's output is printed whole, the last line is
#                   "tests: N passed, M failed"
#   make demo       console tour of the swept tests (examples/tour.lua)
#   make bench      ns per call on Lua 5.4 and LuaJIT against pure Lua, a
#                   no-op C call and a raw C loop (bench/README.md)
#   make cdef       regenerate lua/collide/cdef.lua from csrc/core/collide.h
#   make dist-windows  build/win64/collide/core.dll, for 64-bit Windows
#                   (LÖVE, LuaJIT), cross-compiled with mingw-w64
#   make ci-extra   the reliability checks CI runs after `make test`:
#                   check-asan check-valgrind fuzz-replay lint check-gc host,
#                   check-windows (the C tests of the Windows build under wine),
#                   fuzz-lua (the Lua-level re-entrancy fuzzer),
#                   spec-full: the specs sized by spec/support/size.lua
#                   (property specs, controller course, turning and
#                   sensor scenes...) at their full size (make test runs
#                   them at a quick size) on every VM, and rock-check-rest: the rock
#                   built for Lua 5.2 and 5.3 and from the release rockspec
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
# the functions of csrc/core/collide.h are exported from the shared object.
ALL_CFLAGS = $(WARN) $(CFLAGS) -fPIC -fvisibility=hidden
LDFLAGS    ?=
LIBFLAG    ?= -shared

BUSTED     ?= /usr/bin/busted
LUACHECK   ?= luacheck
LUAROCKS   ?= luarocks

CORE_SRC = $(sort $(wildcard csrc/core/*.c))
BIND_SRC = $(sort $(wildcard csrc/lua/*.c))
HDRS     = $(wildcard csrc/core/*.h csrc/lua/*.h)
LUA_SRC  = $(wildcard lua/collide/*.lua)

VMS      = 5.1 5.2 5.3 5.4
# The spec runs: each VM, LuaJIT with each backend (see specs below).
SPEC_RUNS = $(VMS) luajit luajit-capi

# Debian packages a fresh machine needs, as program-or-file:package pairs.
DEPS_BUILD = cc:gcc make:make
DEPS_LUA = lua5.1:lua5.1 lua5.2:lua5.2 lua5.3:lua5.3 lua5.4:lua5.4 \
  luajit:luajit /usr/include/lua5.1/lua.h:liblua5.1-0-dev \
  /usr/include/lua5.2/lua.h:liblua5.2-dev /usr/include/lua5.3/lua.h:liblua5.3-dev \
  /usr/include/lua5.4/lua.h:liblua5.4-dev \
  /usr/include/luajit-2.1/lua.h:libluajit-5.1-dev \
  busted:lua-busted luacheck:lua-check luarocks:luarocks
DEPS_DEMO = lua5.4:lua5.4 /usr/include/lua5.4/lua.h:liblua5.4-dev
# For make ci-extra: sanitizers and libFuzzer (clang, its runtime archives),
# valgrind, the linters.
DEPS_RELIAB = clang:clang valgrind:valgrind cppcheck:cppcheck \
  clang-tidy:clang-tidy \
  /usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-rt-14-dev \
  /usr/lib/x86_64-linux-gnu/liblua5.4.so:liblua5.4-dev

# The Windows build (make dist-windows, part of make dist): mingw-w64's
# cross compiler; wine runs its C tests in make check-windows (ci-extra).
DEPS_WIN = x86_64-w64-mingw32-gcc:gcc-mingw-w64-x86-64 \
  /usr/include/luajit-2.1/lua.h:libluajit-5.1-dev
DEPS_WINE = /usr/lib/wine/wine64:wine64

# LOVE and a virtual X server for the headless demo run (xvfb-run needs
# xauth, which is only a recommendation of xvfb); zip makes the .love file
# of make dist-check.
DEPS_LOVE = love:love xvfb-run:xvfb xauth:xauth zip:zip \
  /usr/include/lua5.1/lua.h:liblua5.1-0-dev

.PHONY: examples fps-example platformer-smoke platformer help help-check \
  playground playground-smoke tiles-smoke tiles
.PHONY: bench-peers bench-peers-box2d bench-convex bench-convex-move bench-world all test demo clean deps deps-demo deps-love love love-smoke build-all \
        check-c check-convex-oracle check-convex-oracle-full specs spec-full \
        check-turning-referee check-turning-referee-full \
        luacheck rock-check rock-check-rest test-build \
        $(addprefix spec-,$(SPEC_RUNS)) $(addprefix spec-full-,$(SPEC_RUNS)) \
        cdef cdef-check bench deps-reliab \
        check-asan check-valgrind fuzz fuzz-build lint check-gc host ci-extra fuzz-lua \
        dist dist-check abi-check root-check deps-check pkg-check \
        release-rockspec deps-win dist-windows check-windows

all: build/5.4/collide/core.so build/5.1/collide/core.so

# ---- building --------------------------------------------------------------

# The core (csrc/core/) includes no Lua header, so it is compiled once,
# position-independent and with hidden visibility, into build/obj/core/;
# those objects go into every Lua ABI's module and every C test. Only the
# binding (csrc/lua/) is compiled per ABI, into build/<version>/obj/, and
# linked with them into build/<version>/collide/core.so. The 5.1 build also
# serves LuaJIT; the 5.4 one uses LUA_INCDIR.
CORE_HDRS = $(wildcard csrc/core/*.h)
CORE_OBJ  = $(patsubst csrc/core/%.c,build/obj/core/%.o,$(CORE_SRC))
bind_obj  = $(patsubst csrc/lua/%.c,build/$(1)/obj/%.o,$(BIND_SRC))
lua_inc   = $(if $(filter 5.4,$(1)),$(LUA_INCDIR),/usr/include/lua$(1))

build/obj/core/%.o: csrc/core/%.c $(CORE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icsrc/core -c -o $@ $<

define abi_rules
build/$(1)/obj/%.o: csrc/lua/%.c $$(HDRS)
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) -Icsrc/core -I$$(call lua_inc,$(1)) -c -o $$@ $$<

build/$(1)/collide/core.so: $$(CORE_OBJ) $$(call bind_obj,$(1))
	@mkdir -p $$(@D)
	$$(CC) $$(ALL_CFLAGS) $$(LDFLAGS) $$(LIBFLAG) -o $$@ $$^ -lm
endef
$(foreach v,$(VMS),$(eval $(call abi_rules,$(v))))

# A Lua started in the repository root finds require "collide" through
# ./collide.lua (committed), which loads lua/collide/ with the core made here
# for that Lua: build/5.4 for lua5.4, build/5.1 for luajit. Nothing reads
# ./collide/core.so, where `luarocks make` builds in place.

build-all: $(foreach v,$(VMS),build/$(v)/collide/core.so)

# ---- dependencies ----------------------------------------------------------

deps:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_LUA) $(DEPS_LOVE) $(DEPS_WIN)

deps-demo:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_DEMO)

deps-reliab:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_LUA) $(DEPS_RELIAB) $(DEPS_WIN) $(DEPS_WINE)

deps-win:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_WIN)

# ---- tests -----------------------------------------------------------------

CTEST_SRC = $(sort $(wildcard tests/c/test_*.c))

# Each C test is its own program, linked with the core's objects. It ends
# with test.h's line "N passed, 0 failed": check-c and check-windows read it.
build/ctest/%: tests/c/%.c $(CORE_OBJ) $(CORE_HDRS) $(wildcard tests/c/*.h)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc/core -o $@ $< $(CORE_OBJ) -lm

check-c: $(patsubst tests/c/%.c,build/ctest/%,$(CTEST_SRC))
	@mkdir -p build/logs
	@set -o pipefail; for t in $^; do echo "== $$t"; \
	  ./$$t | tee build/logs/c-$$(basename $$t).log || exit 1; \
	  tail -n 1 build/logs/c-$$(basename $$t).log | grep -qE '^[0-9]+ passed, 0 failed$$' \
	  || { echo "$$t: its last line is not 'N passed, 0 failed' (test.h's TEST_MAIN_END), which make check-windows reads"; exit 1; }; done

# The whole spec suite once per VM, each against the module built for its
# ABI; LuaJIT twice: the default FFI backend, then the C-API backend forced
# with COLLIDE_BACKEND=capi (spec/backend_spec.lua also compares the two).
# spec-<run> keeps its output in build/logs/spec-<run>.log for the summary
# of `make test`. The sized specs (the property specs, the controller
# course, the turning and sensor scenes, ...) draw their random cases, or
# walk their frames, at a quick size there; spec-full-<run> runs those specs (the ones reading
# spec/support/size.lua) with COLLIDE_SPEC_SIZE=full, the full counts, and
# `make spec-full` (part of `make ci-extra`) does so on every run.
# A sized spec loads spec/support/size.lua as dofile("spec/support/size.lua")
# or require "spec.support.size": both are found. The full sizes are chosen
# for CI's 90 minutes: spec-full-5.1 takes about 6 minutes of processor
# time (5.2 and 5.3 about as much, 5.4 less, each LuaJIT run under 2),
# about 25 in all, some 13 minutes of make ci-extra's -j2; with the rest
# of ci-extra (about 30 minutes), make test and make demo, CI takes about
# 50 minutes. Each spec says what its sizes guard.
SIZED_SPECS = $(shell grep -lE 'spec[./]support[./]size' spec/*_spec.lua)

# spec_run(RUN, TITLE, COMMAND, ABI)
define spec_run
spec-$(1): build/$(4)/collide/core.so
	@echo "== specs on $(2)"
	@mkdir -p build/logs
	set -o pipefail; $(3) $$(BUSTED) --lpath='lua/?.lua;lua/?/init.lua' \
	  --cpath='build/$(4)/?.so' spec | tee build/logs/spec-$(1).log

spec-full-$(1): build/$(4)/collide/core.so
	@echo "== sized specs at full size on $(2)"
	COLLIDE_SPEC_SIZE=full $(3) $$(BUSTED) --lpath='lua/?.lua;lua/?/init.lua' \
	  --cpath='build/$(4)/?.so' $$(SIZED_SPECS)
endef
$(foreach v,$(VMS),$(eval $(call spec_run,$(v),Lua $(v),lua$(v),$(v))))
$(eval $(call spec_run,luajit,LuaJIT (FFI backend),COLLIDE_BACKEND=ffi luajit,5.1))
$(eval $(call spec_run,luajit-capi,LuaJIT (C-API backend),COLLIDE_BACKEND=capi luajit,5.1))

specs: $(addprefix spec-,$(SPEC_RUNS))
spec-full: $(addprefix spec-full-,$(SPEC_RUNS))

# lua/collide/cdef.lua is generated from the core's header (the part between
# the COLLIDE_CDEF markers) and committed, since LuaRocks installs lua/ as
# it is. `make cdef` regenerates it; cdef-check, run by `make test`, fails
# while it is out of date (and so does spec/cdef_spec.lua).
cdef:
	$(LUA) tools/gen-cdef.lua csrc/core/collide.h > lua/collide/cdef.lua.tmp
	mv lua/collide/cdef.lua.tmp lua/collide/cdef.lua

help:
	$(LUA) tools/gen-help.lua types/collide.lua types/collide_debug.lua > lua/collide/help_data.lua.tmp
	mv lua/collide/help_data.lua.tmp lua/collide/help_data.lua

help-check:
	@$(LUA) tools/gen-help.lua types/collide.lua types/collide_debug.lua | cmp -s - lua/collide/help_data.lua \
	  || { echo "lua/collide/help_data.lua is out of date: run make help"; exit 1; }

cdef-check:
	@$(LUA) tools/gen-cdef.lua csrc/core/collide.h | cmp -s - lua/collide/cdef.lua \
	  || { echo "lua/collide/cdef.lua is out of date: run make cdef"; exit 1; }

luacheck:
	$(LUACHECK) --no-color $(wildcard lua spec examples bench tools types tests/pkg tests/fuzz_world.lua tests/fuzz_load.lua tests/bump_sidebyside.lua collide.lua)

# Packaging check (tests/pkg/rock_check.sh): both rockspecs lint clean and
# describe the same rock (every C source listed, version = _VERSION);
# installing the rock into a throw-away tree (from a copy of the sources:
# luarocks builds in place) gives a module that loads with each Lua and
# carries the LuaLS annotations; `luarocks test` runs the whole spec suite.
# make test builds the rock for Lua 5.1 (LuaJIT, LÖVE) and 5.4 (where
# `luarocks test` runs); rock-check-rest, in make ci-extra, builds it for
# 5.2 and 5.3 and builds the release rockspec (each build compiles the whole
# core again). `luarocks test` is the whole spec suite on Lua 5.4 against
# the rock's object, the same specs as spec-5.4: its output is kept as
# build/logs/spec-5.4.log, and make test runs the 5.4 suite only there
# (running it twice cost 70 s of make test's processor time).
rock-check: build/5.4/collide/core.so
	@mkdir -p build/logs
	@set -o pipefail; LUAROCKS='$(LUAROCKS)' BUSTED='$(BUSTED)' \
	  ROCK_VMS='5.1 5.4' ROCK_RELEASE=no ROCK_TEST_LOG=build/logs/spec-5.4.log \
	  bash tests/pkg/rock_check.sh | tee build/logs/pkg-rock.log

# The convex sweeps against an exact referee (tests/convex_oracle.py: the
# first contact as a linear program in rational arithmetic), on Lua 5.4
# and on LuaJIT's FFI backend; CONVEX_ORACLE_CASES per function (60 in
# make test, 600 in check-convex-oracle-full, part of make ci-extra).
CONVEX_ORACLE_CASES ?= 60
check-convex-oracle: build/5.4/collide/core.so build/5.1/collide/core.so
	@mkdir -p build/logs
	@set -o pipefail; python3 tests/convex_oracle.py --cases $(CONVEX_ORACLE_CASES) \
	  | tee build/logs/convex-oracle-5.4.log
	@set -o pipefail; python3 tests/convex_oracle.py --cases $(CONVEX_ORACLE_CASES) --seed 5 \
	  --lua "env COLLIDE_BACKEND=ffi luajit" --cpath "build/5.1/?.so" \
	  | tee build/logs/convex-oracle-luajit.log

# (a target-specific value, not a recursive make: one beside other jobs of
# a parallel make would link build/*/collide/core.so again while they do)
check-convex-oracle-full: CONVEX_ORACLE_CASES = 600
check-convex-oracle-full: check-convex-oracle

# sweep_convex_turning against a dense-sampling referee
# (tests/turning_referee.c: its own placement and separating-axis test at
# every instant, contact refined by bisection): never late, never more
# than the tolerance early, no contact missed. A quick size in make test,
# the full one (3000 cases of 10^5 instants) in make ci-extra.
TURNING_REFEREE_CASES ?= 300
TURNING_REFEREE_SAMPLES ?= 10000
build/tests/turning_referee: tests/turning_referee.c $(CORE_OBJ) $(CORE_HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc/core -o $@ $< $(CORE_OBJ) -lm

check-turning-referee: build/tests/turning_referee
	@mkdir -p build/logs
	@set -o pipefail; ./build/tests/turning_referee --cases $(TURNING_REFEREE_CASES) \
	  --samples $(TURNING_REFEREE_SAMPLES) | tee build/logs/turning-referee.log

check-turning-referee-full: TURNING_REFEREE_CASES = 3000
check-turning-referee-full: TURNING_REFEREE_SAMPLES = 100000
check-turning-referee-full: check-turning-referee

rock-check-rest: build/5.4/collide/core.so
	@set -o pipefail; LUAROCKS='$(LUAROCKS)' BUSTED='$(BUSTED)' \
	  ROCK_VMS='5.2 5.3' ROCK_RELEASE=yes bash tests/pkg/rock_check.sh

# make test: first everything is built (make -j2 test-build: the core once,
# each ABI's binding, the C tests linked with the core's objects), then every
# check in one `make -j2` (the machine has two cores). With nothing left to
# build, make starts the checks in the order of TEST_CHECKS as a core frees,
# so the long ones come first and both cores stay busy to the end (built
# from within the checks, a check would wait for the builds and start late).
# -Otarget prints each check's output whole when it ends (the spec runs and
# the packaging checks also keep theirs in build/logs/); -k goes on after a
# failure, so that the closing line of tools/test-summary counts every run.
# make test fails if any check failed. `make ci-extra` runs what make test
# leaves out: the sized specs at full size (spec-full) and the rest of
# the packaging check (rock-check-rest).
TEST_BUILD = build-all $(patsubst tests/c/%.c,build/ctest/%,$(CTEST_SRC)) \
  build/tests/turning_referee
TEST_CHECKS = rock-check \
  $(addprefix spec-,5.1 5.3 5.2 luajit-capi luajit) \
  pkg-check love-smoke examples check-c check-convex-oracle check-turning-referee \
  luacheck cdef-check

test-build: $(TEST_BUILD)

test: deps
	@rm -rf build/logs
	@st=0; $(MAKE) --no-print-directory -j2 test-build || st=$$?; \
	  $(MAKE) --no-print-directory -k -j2 -Otarget $(TEST_CHECKS) || st=$$?; \
	  sh tools/test-summary build/logs || st=1; exit $$st

# ---- shipping (make dist) and the packaging checks -----------------------
# build/dist/ holds exactly what a game ships, one directory per Lua ABI;
# a game copies the collide/ directory of its Lua next to its main.lua:
#   build/dist/collide/          LÖVE, LuaJIT, Lua 5.1: every file of
#                                lua/collide/, the 5.1-ABI core.so and,
#                                for 64-bit Windows, core.dll (LÖVE and
#                                LuaJIT: make dist-windows, below)
#   build/dist/lua5.X/collide/   Lua 5.2, 5.3, 5.4: the same without the
#                                LuaJIT-only files, and that Lua's core.so
# Each collide/ also carries the LICENSE. The objects lose their debug
# information (about 175 KB instead of 560 KB).
DIST_FFI_ONLY  = $(filter lua/collide/ffi%.lua lua/collide/cdef.lua,$(LUA_SRC))
DIST_LUA_PLAIN = $(filter-out $(DIST_FFI_ONLY),$(LUA_SRC))
STRIP ?= strip

dist: build-all deps-win
	@$(MAKE) --no-print-directory dist-windows
	@rm -rf build/dist
	@mkdir -p build/dist/collide
	cp $(LUA_SRC) LICENSE build/dist/collide/
	$(STRIP) --strip-debug -o build/dist/collide/core.so build/5.1/collide/core.so
	$(WIN_STRIP) --strip-debug -o build/dist/collide/core.dll build/win64/collide/core.dll
	@for v in 5.2 5.3 5.4; do \
	  mkdir -p build/dist/lua$$v/collide; \
	  echo "cp $(DIST_LUA_PLAIN) LICENSE build/dist/lua$$v/collide/"; \
	  cp $(DIST_LUA_PLAIN) LICENSE build/dist/lua$$v/collide/ || exit 1; \
	  $(STRIP) --strip-debug -o build/dist/lua$$v/collide/core.so \
	    build/$$v/collide/core.so || exit 1; \
	done
	@cd build/dist && find . -type f | sort

# ---- Windows: make dist-windows, make check-windows ------------------------
# build/win64/collide/core.dll: collide.core for 64-bit Windows, LÖVE 11
# and LuaJIT (both backends: the FFI loads the same DLL), cross-compiled
# with mingw-w64. The core and the binding (against LuaJIT's headers) are
# linked with an import library for lua51.dll, the DLL into which LÖVE and
# LuaJIT for Windows load C modules, made here from the Lua functions the
# binding calls (build/win64/lua51.def); libgcc is linked statically, so
# the DLL needs nothing but lua51.dll and Windows' own KERNEL32.dll and
# msvcrt.dll. It exports exactly what the Linux object does:
# luaopen_collide_core and the functions of lua/collide/cdef.lua
# (build/win64/collide.def). make check-windows checks that, and runs the
# C tests cross-compiled under wine.
WIN_PREFIX  ?= x86_64-w64-mingw32-
WIN_CC      ?= $(WIN_PREFIX)gcc
WIN_STRIP   ?= $(WIN_PREFIX)strip
WIN_CFLAGS  ?= -O2 -g
# -fno-math-errno: GCC then always computes sqrt with SSE2's sqrtsd,
# correctly rounded, instead of calling mingw-w64's sqrt() for the errno
# it may set, which goes through the x87's extended precision and rounds
# twice (off by an ulp in about 1 case in 4,000: found by test_limits'
# bit-for-bit comparison under wine). The core reads no errno.
WIN_ALL_CFLAGS = $(WARN) $(WIN_CFLAGS) -fno-math-errno
LUAJIT_INCDIR ?= /usr/include/luajit-2.1
WINE        ?= /usr/lib/wine/wine64
WIN_CORE_OBJ = $(patsubst csrc/core/%.c,build/win64/obj/core/%.o,$(CORE_SRC))
WIN_BIND_OBJ = $(patsubst csrc/lua/%.c,build/win64/obj/lua/%.o,$(BIND_SRC))

build/win64/obj/core/%.o: csrc/core/%.c $(CORE_HDRS)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_ALL_CFLAGS) -Icsrc/core -c -o $@ $<

build/win64/obj/lua/%.o: csrc/lua/%.c $(HDRS)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_ALL_CFLAGS) -Icsrc/core -I$(LUAJIT_INCDIR) -c -o $@ $<

build/win64/lua51.def: $(WIN_BIND_OBJ)
	@{ echo "LIBRARY lua51.dll"; echo "EXPORTS"; \
	  $(WIN_PREFIX)nm -u $^ | awk '$$2 ~ /^lua(L)?_/ { print "  " $$2 }' | sort -u; } > $@

build/win64/liblua51.a: build/win64/lua51.def
	$(WIN_PREFIX)dlltool -d $< -l $@

build/win64/collide.def: lua/collide/cdef.lua
	@mkdir -p $(@D)
	@{ echo "EXPORTS"; echo "  luaopen_collide_core"; \
	  grep -o 'collide_[a-z0-9_]*(' $< | tr -d '(' | sort -u | sed 's/^/  /'; } > $@

build/win64/collide/core.dll: $(WIN_CORE_OBJ) $(WIN_BIND_OBJ) build/win64/collide.def \
                              build/win64/liblua51.a
	@mkdir -p $(@D)
	$(WIN_CC) -shared -static-libgcc -o $@ $(WIN_CORE_OBJ) $(WIN_BIND_OBJ) \
	  build/win64/collide.def -Lbuild/win64 -llua51 -lm

dist-windows: build/win64/collide/core.dll

# The C tests as Windows programs (the core's objects linked in, libgcc
# static), run under wine in a throw-away prefix; then the DLL's import and
# export tables (tests/pkg/windows_check.sh).
build/win64/ctest/%.exe: tests/c/%.c $(WIN_CORE_OBJ) $(CORE_HDRS) $(wildcard tests/c/*.h)
	@mkdir -p $(@D)
	$(WIN_CC) $(WIN_ALL_CFLAGS) -static-libgcc -Icsrc/core -o $@ $< $(WIN_CORE_OBJ) -lm

check-windows: build/win64/collide/core.dll build/5.1/collide/core.so \
               $(patsubst tests/c/%.c,build/win64/ctest/%.exe,$(CTEST_SRC))
	@mkdir -p build/logs
	@set -o pipefail; WINE='$(WINE)' WIN_PREFIX='$(WIN_PREFIX)' \
	  bash tests/pkg/windows_check.sh $(patsubst tests/c/%.c,build/win64/ctest/%.exe,$(CTEST_SRC)) \
	  | tee build/logs/windows.log

# The shipped set alone, copied out of the checkout, with clean search
# paths: Lua 5.1-5.4, LuaJIT, and LÖVE under Xvfb (a game directory and a
# .love file); and docs/love.md's list of shipped files is the list made.
dist-check: dist deps-love
	@mkdir -p build/logs
	@set -o pipefail; bash tests/pkg/dist_check.sh | tee build/logs/pkg-dist.log

# Every Lua against every ABI's core: the wrong one names its Lua.
abi-check: build-all
	@mkdir -p build/logs
	@set -o pipefail; bash tests/pkg/abi_check.sh | tee build/logs/pkg-abi.log

# The source tree used in place: luarocks make, then make, then each Lua
# started in the root. Its make runs in a copy, on its own (not in the
# jobs of a parallel make test: MAKEFLAGS is cleared).
root-check: build/5.1/collide/core.so build/5.4/collide/core.so
	@mkdir -p build/logs
	@set -o pipefail; MAKEFLAGS= bash tests/pkg/root_check.sh | tee build/logs/pkg-root.log

# tools/ensure-deps against a stub apt-get: waits for the dpkg lock, and
# non-root gets the command to run.
deps-check:
	@mkdir -p build/logs
	@set -o pipefail; bash tests/pkg/ensure_deps_check.sh | tee build/logs/pkg-deps.log

pkg-check: dist-check abi-check root-check deps-check

# The release rockspec is the scm one with a version and a tag as source:
# rewrite it after changing the scm one (rock-check fails until then).
RELEASE ?= 0.2.0
release-rockspec:
	sh tools/release-rockspec.sh $(RELEASE)

# ---- benchmark -------------------------------------------------------------

# Which core queries exist: the raw C loop benchmarks only those.
CORE_FUNCS = $(shell grep -ho '^int collide_[a-z0-9_]*' $(CORE_SRC) | cut -c5-)

build/bench/raw: bench/raw.c bench/lean.c bench/lean.h $(CORE_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc/core $(patsubst %,-DHAVE_%,$(CORE_FUNCS)) \
	  -o $@ bench/raw.c bench/lean.c $(CORE_SRC) -lm

# The no-op floor, as a Lua module and as plain C functions for the FFI.
build/%/collide_bench_noop.so: bench/noop.c
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -I/usr/include/lua$* $(LIBFLAG) -o $@ $<

bench: build/5.4/collide/core.so build/5.1/collide/core.so \
       build/5.4/collide_bench_noop.so build/5.1/collide_bench_noop.so \
       build/bench/raw
	./build/bench/raw > build/bench/raw.txt
	@RAW_BIN=./build/bench/raw LUA_PATH='lua/?.lua;lua/?/init.lua;bench/?.lua;;' \
	  LUA_CPATH='build/5.4/?.so;;' lua5.4 bench/run.lua build/bench/raw.txt
	@RAW_BIN=./build/bench/raw LUA_PATH='lua/?.lua;lua/?/init.lua;bench/?.lua;;' \
	  LUA_CPATH='build/5.1/?.so;;' luajit bench/run.lua build/bench/raw.txt
	@$(MAKE) --no-print-directory bench-world
	@$(MAKE) --no-print-directory bench-convex

# The convex sweeps beside the moving box's on the same obstacles, in a C
# loop and on Lua 5.4, LuaJIT FFI and LuaJIT's C API (bench/convex_bench.*).
bench-convex: build/5.4/collide/core.so build/5.1/collide/core.so build/bench/convex
	./build/bench/convex > build/bench/convex.txt
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 bench/convex_bench.lua build/bench/convex.txt
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  COLLIDE_BACKEND=ffi luajit bench/convex_bench.lua build/bench/convex.txt
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  COLLIDE_BACKEND=capi luajit bench/convex_bench.lua build/bench/convex.txt

build/bench/convex: bench/convex_bench.c $(CORE_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc/core -o $@ $< $(CORE_SRC) -lm

# The world: queries over 1k-100k triangles against Lua loops over the
# single-shape calls (Lua 5.4 and LuaJIT) and against C loops; sweep_pairs
# against all pairs.
bench-world: build/5.4/collide/core.so build/5.1/collide/core.so build/bench/world
	./build/bench/world
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 bench/world_bench.lua
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  luajit bench/world_bench.lua
	@$(MAKE) --no-print-directory bench-convex-move

# w:move_convex (a box hull at rotation 0) against w:move_aabb on the same
# 10k-triangle terrain with the same moves, interleaved, best of 7 rounds,
# on Lua 5.4, LuaJIT FFI and LuaJIT's C API (bench/convex_move_bench.lua).
bench-convex-move: build/5.4/collide/core.so build/5.1/collide/core.so
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 bench/convex_move_bench.lua
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  COLLIDE_BACKEND=ffi luajit bench/convex_move_bench.lua
	@LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.1/?.so;;' \
	  COLLIDE_BACKEND=capi luajit bench/convex_move_bench.lua

build/bench/world: bench/world_bench.c $(CORE_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc/core -o $@ $< $(CORE_SRC) -lm

# ---- bench-peers (bench/peers/) ---------------------------------------------
# collide's world against Bullet 3 (Debian's libbullet-dev) in one C++
# program: the same scenes and queries, ratios and agreement of answers;
# the table also goes to build/bench/peers.txt. A row whose collide
# function is not in csrc/core/collide.h yet is left out: bench/peers/probe.c
# is compiled once per PEERS_PROBES name and each that compiles turns on
# -DHAVE_<name>.
CXX         ?= c++
PEERS_PROBES = world_sweep_aabb world_sweep_capsule world_update_sphere
DEPS_PEERS  = c++:g++ pkg-config:pkg-config \
  /usr/include/bullet/btBulletCollisionCommon.h:libbullet-dev

build/peers/%.o: csrc/core/%.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Icsrc/core -c -o $@ $<

build/peers/have.flags: bench/peers/probe.c $(HDRS)
	@mkdir -p $(@D)
	@for p in $(PEERS_PROBES); do \
	  $(CC) $(WARN) -Werror -fsyntax-only -Icsrc/core -DPROBE_$$p \
	    bench/peers/probe.c 2>/dev/null && printf -- '-DHAVE_%s ' $$p; \
	done > $@; echo "bench-peers rows enabled by: $$(cat $@)"

build/peers/peers: bench/peers/peers.cpp build/peers/have.flags \
                   $(patsubst csrc/core/%.c,build/peers/%.o,$(CORE_SRC))
	$(CXX) -std=c++14 -O2 -g -Wall -Wextra -Icsrc/core $$(cat build/peers/have.flags) \
	  $$(pkg-config --cflags bullet) -o $@ bench/peers/peers.cpp \
	  $(patsubst csrc/core/%.c,build/peers/%.o,$(CORE_SRC)) \
	  $$(pkg-config --libs bullet) -lm

# The convex sweeps against Bullet's convex casts (bench/peers/convex_peers.cpp),
# each disagreement settled by the exact referee (bench/peers/convex_referee.py).
build/peers/convex_peers: bench/peers/convex_peers.cpp \
                          $(patsubst csrc/core/%.c,build/peers/%.o,$(CORE_SRC))
	$(CXX) -std=c++14 -O2 -g -Wall -Wextra -Icsrc/core \
	  $$(pkg-config --cflags bullet) -o $@ bench/peers/convex_peers.cpp \
	  $(patsubst csrc/core/%.c,build/peers/%.o,$(CORE_SRC)) \
	  $$(pkg-config --libs bullet) -lm

bench-peers:
	@sh tools/ensure-deps $(DEPS_BUILD) $(DEPS_PEERS)
	@$(MAKE) --no-print-directory build/peers/peers build/peers/convex_peers
	@mkdir -p build/bench
	./build/peers/peers build/bench/peers.txt
	./build/peers/convex_peers build/bench/convex_peers.cases | tee build/bench/convex_peers.txt
	python3 bench/peers/convex_referee.py build/bench/convex_peers.cases \
	  | tee -a build/bench/convex_peers.txt
	@$(MAKE) --no-print-directory bench-peers-box2d

# sweep_convex_turning against Box2D 2.4's b2TimeOfImpact (Debian's
# libbox2d-dev; skipped when its header is absent) on the same 2D scenes,
# judged by the turning referee (tests/turning_referee.c as a library);
# the table also goes to build/bench/peers-box2d.txt.
BOX2D_H ?= /usr/include/box2d/box2d.h
build/peers/turning_referee_lib.o: tests/turning_referee.c $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -Wno-unused-function -DTURNING_REFEREE_LIB -Icsrc/core -c -o $@ $<

build/peers/box2d_toi: bench/peers/box2d_toi.cpp build/peers/turning_referee_lib.o \
                       $(patsubst csrc/core/%.c,build/peers/%.o,$(CORE_SRC))
	$(CXX) -std=c++14 -O2 -g -Wall -Wextra -Icsrc/core -o $@ bench/peers/box2d_toi.cpp \
	  build/peers/turning_referee_lib.o $(patsubst csrc/core/%.c,build/peers/%.o,$(CORE_SRC)) \
	  -lbox2d -lm

bench-peers-box2d:
	@if [ -f $(BOX2D_H) ]; then \
	  $(MAKE) --no-print-directory build/peers/box2d_toi && mkdir -p build/bench && \
	  ./build/peers/box2d_toi build/bench/peers-box2d.txt; \
	else echo "bench-peers: Box2D absent ($(BOX2D_H); apt-get install libbox2d-dev): its table is skipped"; fi
# ---- end bench-peers ---------------------------------------------------------

# ---- collide.bump against bump.lua (docs/bump.md) ---------------------------
# bump.lua is not part of this project: fetch kikito/bump.lua's bump.lua
# anywhere outside the tree and point BUMP_LUA at it, e.g.
#   make bump-sidebyside BUMP_LUA=/tmp/bump.lua
# Without BUMP_LUA both targets say so and succeed.
# bump-sidebyside: tests/bump_sidebyside.lua plays BUMP_SEEDS random worlds
# through both on Lua 5.4 and LuaJIT (both backends) and fails on any
# difference not in docs/bump.md's table. bench-bump: bench/bump_bench.lua,
# ns per move / queryRect / querySegment of each on the same scene.
BUMP_LUA   ?=
BUMP_SEEDS ?= 500
BUMP_ENV = BUMP_LUA='$(BUMP_LUA)' LUA_PATH='lua/?.lua;lua/?/init.lua;;'

.PHONY: bump-sidebyside bench-bump
bump-sidebyside: build/5.4/collide/core.so build/5.1/collide/core.so
	@if [ -z '$(BUMP_LUA)' ]; then echo "bump-sidebyside: BUMP_LUA is not set: skipped" \
	  "(fetch kikito/bump.lua's bump.lua, then make bump-sidebyside BUMP_LUA=/path/to/bump.lua)"; \
	else \
	  $(BUMP_ENV) LUA_CPATH='build/5.4/?.so;;' lua5.4 tests/bump_sidebyside.lua $(BUMP_SEEDS) && \
	  $(BUMP_ENV) LUA_CPATH='build/5.1/?.so;;' COLLIDE_BACKEND=ffi \
	    luajit tests/bump_sidebyside.lua $(BUMP_SEEDS) && \
	  $(BUMP_ENV) LUA_CPATH='build/5.1/?.so;;' COLLIDE_BACKEND=capi \
	    luajit tests/bump_sidebyside.lua $(BUMP_SEEDS); \
	fi

bench-bump: build/5.4/collide/core.so build/5.1/collide/core.so
	@if [ -z '$(BUMP_LUA)' ]; then echo "bench-bump: BUMP_LUA is not set: skipped" \
	  "(fetch kikito/bump.lua's bump.lua, then make bench-bump BUMP_LUA=/path/to/bump.lua)"; \
	else \
	  $(BUMP_ENV) LUA_CPATH='build/5.4/?.so;;' lua5.4 bench/bump_bench.lua && \
	  $(BUMP_ENV) LUA_CPATH='build/5.1/?.so;;' COLLIDE_BACKEND=ffi luajit bench/bump_bench.lua && \
	  $(BUMP_ENV) LUA_CPATH='build/5.1/?.so;;' COLLIDE_BACKEND=capi luajit bench/bump_bench.lua; \
	fi
# ---- end collide.bump ---------------------------------------------------------

# ---- demo ------------------------------------------------------------------

demo: deps-demo
	@$(MAKE) --no-print-directory build/5.4/collide/core.so
	LUA_PATH='lua/?.lua;lua/?/init.lua;;' LUA_CPATH='build/5.4/?.so;;' \
	  lua5.4 examples/tour.lua

# ---- reliability -----------------------------------------------------------
# Sanitizers, valgrind, libFuzzer, GC stress, a C host with two lua_States,
# static analysis. `make ci-extra` runs them all with CI-sized settings
# (about 10 minutes on 2 cores); each target also runs on its own.

SPEC_ARGS = --lpath='lua/?.lua;lua/?/init.lua' --cpath='$(1)/?.so' spec

# AddressSanitizer + UBSan, UB fatal. The module is built with $(CC) (gcc)
# and the uninstrumented lua5.4 gets the matching ASan runtime through
# LD_PRELOAD (ASan must be the first DSO loaded). Leak detection stays on
# and needs no suppressions: Lua allocates through the preloaded malloc, and
# whatever the interpreter and busted still hold at exit is reachable, not
# leaked, so any LeakSanitizer report is a real leak.
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=all \
            -fno-omit-frame-pointer
ASAN_LIB  = $(shell $(CC) -print-file-name=libasan.so)
SAN_ENV   = LD_PRELOAD=$(ASAN_LIB) \
  ASAN_OPTIONS=detect_leaks=1:abort_on_error=0:detect_stack_use_after_return=1 \
  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1

build/asan/collide/core.so: $(CORE_SRC) $(BIND_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -O1 $(SAN_FLAGS) -Icsrc/core -I$(LUA_INCDIR) $(LIBFLAG) \
	  -o $@ $(CORE_SRC) $(BIND_SRC) -lm

build/asan/two_states: tests/host/two_states.c
	@mkdir -p $(@D)
	$(CC) $(WARN) -O1 -g $(SAN_FLAGS) -I$(LUA_INCDIR) -o $@ $< -llua5.4 -lm -ldl

check-asan: build/asan/collide/core.so build/asan/two_states
	@echo "== specs on Lua 5.4 under ASan + UBSan"
	$(SAN_ENV) lua5.4 $(BUSTED) $(call SPEC_ARGS,build/asan)
	@echo "== two lua_States in one process under ASan + UBSan"
	$(SAN_ENV) ./build/asan/two_states build/asan

# valgrind memcheck over the whole spec suite (normal -O2 -g build) and the
# two-state host. Any error, or any byte definitely lost, fails: the exit
# code covers both (--errors-for-leak-kinds=definite), and the summaries
# are printed and checked as well. No suppressions are needed.
VALGRIND = valgrind --error-exitcode=99 --leak-check=full \
  --show-leak-kinds=definite --errors-for-leak-kinds=definite
VG_CHECK = grep -E 'ERROR SUMMARY|definitely lost|All heap blocks' $(1); \
  grep -q 'ERROR SUMMARY: 0 errors' $(1) && \
  { ! grep -q 'definitely lost: [1-9]' $(1); } \
  || { echo "valgrind found problems, see $(1)"; exit 1; }

build/host/two_states: tests/host/two_states.c
	@mkdir -p $(@D)
	$(CC) $(WARN) $(CFLAGS) -I$(LUA_INCDIR) -o $@ $< -llua5.4 -lm -ldl

check-valgrind: build/5.4/collide/core.so build/host/two_states
	@echo "== specs on Lua 5.4 under valgrind memcheck"
	$(VALGRIND) --log-file=build/valgrind-specs.log \
	  lua5.4 $(BUSTED) $(call SPEC_ARGS,build/5.4) \
	  || { cat build/valgrind-specs.log; exit 1; }
	@$(call VG_CHECK,build/valgrind-specs.log)
	@echo "== two lua_States under valgrind memcheck"
	$(VALGRIND) --log-file=build/valgrind-host.log \
	  ./build/host/two_states build/5.4 \
	  || { cat build/valgrind-host.log; exit 1; }
	@$(call VG_CHECK,build/valgrind-host.log)

# Two independent lua_States in one process (tests/host/two_states.c).
host: build/host/two_states build/5.4/collide/core.so
	./build/host/two_states build/5.4

# The spec suite with the collector running all the time: tests/gc_stress.lua
# sets the pause to 0 (a new cycle starts as soon as one ends) and a large
# step multiplier, and collects fully around every call into the module.
check-gc: build/5.4/collide/core.so build/5.1/collide/core.so
	@echo "== specs on Lua 5.4 with the GC forced to run constantly"
	lua5.4 $(BUSTED) --helper=tests/gc_stress.lua $(call SPEC_ARGS,build/5.4)
	@echo "== specs on LuaJIT with the GC forced to run constantly"
	luajit $(BUSTED) --helper=tests/gc_stress.lua $(call SPEC_ARGS,build/5.1)

# libFuzzer: one binary per target of fuzz/fuzz_core.c, each run for
# FUZZ_SECONDS from the committed seeds in fuzz/corpus/<target>/ (new
# inputs go to build/fuzz/corpus/<target>/, crashes to build/fuzz/).
CLANG        ?= clang
FUZZ_SECONDS ?= 60
# How long each target runs: FUZZ_SECONDS, or any libFuzzer limit
# (make fuzz FUZZ_LIMIT='-seed=1 -runs=300000').
FUZZ_LIMIT ?= -max_total_time=$(FUZZ_SECONDS)
FUZZ_TARGETS = sphere_sphere plane sphere_plane raycast_plane polygon_init \
  sphere_polygon raycast_polygon sphere_triangle raycast_triangle \
  sphere_segment sphere_aabb raycast_aabb raycast_sphere aabb_aabb misc
# moving box (branch box)
FUZZ_TARGETS += aabb_sphere aabb_plane aabb_triangle aabb_polygon aabb_segment
# convex shapes: the hull on hostile points, every sweep_convex_*
FUZZ_TARGETS += convex convex_sweep
# capsule sweeps (collide_capsule*.c)
FUZZ_TARGETS += capsule_sphere capsule_plane capsule_triangle capsule_polygon \
  capsule_segment capsule_aabb capsule_capsule
# Known open issues the fuzzers would stop on at once, each a -D switch of
# fuzz/fuzz_core.c that skips one check; remove a switch when its issue is
# fixed (make fuzz FUZZ_KNOWN_ISSUES= shows them). None open.
FUZZ_KNOWN_ISSUES ?=
# the world (branch world): random changes, every answer against the
# single-shape functions
FUZZ_TARGETS += world
# the movers (branch mover)
FUZZ_TARGETS += move move_moving
# the controller's promises over random levels and inputs (issue 26)
FUZZ_TARGETS += controller
# tile maps and concave outlines (issue 29)
FUZZ_TARGETS += outline tiles
# spinning sensor pairs: the sensors' walk through time (collide_sensor.c,
# collide__spin_hold) against a brute force at fine samples
FUZZ_TARGETS += sensor_spin
FUZZ_CFLAGS = $(WARN) -g -O1 -fsanitize=fuzzer,address,undefined \
  -fsanitize=float-divide-by-zero -fno-sanitize-recover=all $(FUZZ_KNOWN_ISSUES)

# The core compiled once with the fuzzing flags, linked into every target
# (and kept: make would delete them as intermediate files).
FUZZ_OBJ = $(patsubst csrc/core/%.c,build/fuzz-obj/%.o,$(CORE_SRC))
.SECONDARY: $(FUZZ_OBJ)

build/fuzz-obj/%.o: csrc/core/%.c $(CORE_HDRS) Makefile
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -Icsrc/core -c -o $@ $<

build/fuzz/%: fuzz/fuzz_core.c $(FUZZ_OBJ) $(HDRS) Makefile
	@mkdir -p $(@D)
	$(CLANG) $(FUZZ_CFLAGS) -Icsrc/core -DFUZZ_TARGET=fz_$* -o $@ $< \
	  $(FUZZ_OBJ) -lm

fuzz-build: $(addprefix build/fuzz/,$(FUZZ_TARGETS))

fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p build/fuzz/corpus/$$t fuzz/corpus/$$t; \
	  echo "== fuzz $$t ($(FUZZ_LIMIT))"; \
	  ./build/fuzz/$$t $(FUZZ_LIMIT) -max_len=512 \
	    -timeout=10 -print_final_stats=1 -artifact_prefix=build/fuzz/$$t- \
	    build/fuzz/corpus/$$t fuzz/corpus/$$t 2>build/fuzz/$$t.log \
	    || { tail -n 60 build/fuzz/$$t.log; exit 1; }; \
	  grep -E 'number_of_executed_units' build/fuzz/$$t.log; \
	done

# Static analysis: cppcheck and clang-tidy (checks in .clang-tidy) on the C
# sources, luacheck on the Lua ones. The binding's run defines _GNU_SOURCE,
# as lcollide.c does before its first include (dladdr): the header -include
# puts first would otherwise include the C library's headers without it.
LINT_LUA = $(wildcard lua spec examples bench tests/*.lua)
lint:
	cppcheck --quiet --error-exitcode=1 --std=c99 --enable=warning,portability,performance \
	  --inline-suppr --library=tools/cppcheck-collide.cfg -Icsrc/core \
	  $(CORE_SRC) $(BIND_SRC) \
	  tests/host/two_states.c fuzz/fuzz_core.c -DFUZZ_TARGET=fz_misc
	clang-tidy --quiet $(CORE_SRC) tests/host/two_states.c -- \
	  -std=c99 -Icsrc/core -I$(LUA_INCDIR)
	clang-tidy --quiet $(BIND_SRC) -- -std=c99 -Icsrc/core -I$(LUA_INCDIR) \
	  -D_GNU_SOURCE -include tools/lint-noreturn.h
	$(LUACHECK) --no-color $(LINT_LUA)

# Replays every committed corpus input through its target (ASan, UBSan and
# the invariants), with no exploration: the same verdict on every machine
# and every run. Exploration (make fuzz) finds new inputs; its findings are
# fixed and their inputs committed to fuzz/corpus/, so CI keeps them fixed.
fuzz-replay: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
	  n=$$(ls fuzz/corpus/$$t | wc -l); \
	  echo "== fuzz-replay $$t: $$n inputs"; \
	  ./build/fuzz/$$t fuzz/corpus/$$t/* >build/fuzz/$$t-replay.log 2>&1 \
	    || { tail -n 60 build/fuzz/$$t-replay.log; exit 1; }; \
	done

# Two at a time (the machine has two cores): check-valgrind, much the
# longest, runs beside the others instead of after them; -Otarget keeps
# each check's output together. The checks read the tree and write only
# their own files under build/, so they may overlap; any failure fails.
# spec-full runs the sized specs at their full size on every VM (make
# test runs them at the quick size).
ci-extra: deps-reliab
	@$(MAKE) --no-print-directory -j2 -Otarget check-valgrind check-asan lint \
	  check-gc host fuzz-replay spec-full fuzz-lua check-windows rock-check-rest \
	  check-convex-oracle-full check-turning-referee-full
	@echo "make ci-extra: all reliability checks passed"

# The Lua-level fuzzers: of collide.load (tests/fuzz_load.lua: saved random
# worlds, mutated: each loads as a world that round-trips, or is refused
# with "not a saved world"), and of the world (tests/fuzz_world.lua): filters,
# finalizers, options and out tables that query, change the world, raise,
# yield and recurse; every answer checked against the same query alone.
# Under ASan + UBSan on Lua 5.4 and on LuaJIT's two backends (a 5.1-ABI
# sanitized core for LuaJIT; its leak check is off, as LuaJIT's own
# allocations outlive lua_close), FUZZ_LUA_COUNT sequences each (about a
# minute in all at the default).
FUZZ_LUA_SEED  ?= 1
FUZZ_LUA_COUNT ?= 10000
# tests/fuzz_load.lua: saved random worlds and 20 mutants of each
FUZZ_LOAD_COUNT ?= 1000
FUZZ_LUA_ENV = LUA_PATH='lua/?.lua;lua/?/init.lua;;'

build/asan-5.1/collide/core.so: $(CORE_SRC) $(BIND_SRC) $(HDRS)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -O1 $(SAN_FLAGS) -Icsrc/core -I/usr/include/lua5.1 $(LIBFLAG) \
	  -o $@ $(CORE_SRC) $(BIND_SRC) -lm

fuzz-lua: build/asan/collide/core.so build/asan-5.1/collide/core.so
	@echo "== fuzz_world on Lua 5.4 under ASan + UBSan"
	$(SAN_ENV) $(FUZZ_LUA_ENV) LUA_CPATH='build/asan/?.so;;' \
	  lua5.4 tests/fuzz_world.lua $(FUZZ_LUA_SEED) $(FUZZ_LUA_COUNT)
	@for b in ffi capi; do \
	  echo "== fuzz_world on LuaJIT ($$b backend) under ASan + UBSan"; \
	  $(subst detect_leaks=1,detect_leaks=0,$(SAN_ENV)) $(FUZZ_LUA_ENV) \
	    LUA_CPATH='build/asan-5.1/?.so;;' COLLIDE_BACKEND=$$b \
	    luajit tests/fuzz_world.lua $(FUZZ_LUA_SEED) $(FUZZ_LUA_COUNT) || exit 1; \
	done
	@echo "== fuzz_load on Lua 5.4 under ASan + UBSan"
	$(SAN_ENV) $(FUZZ_LUA_ENV) LUA_CPATH='build/asan/?.so;;' \
	  lua5.4 tests/fuzz_load.lua $(FUZZ_LUA_SEED) $(FUZZ_LOAD_COUNT)
	@for b in ffi capi; do \
	  echo "== fuzz_load on LuaJIT ($$b backend) under ASan + UBSan"; \
	  $(subst detect_leaks=1,detect_leaks=0,$(SAN_ENV)) $(FUZZ_LUA_ENV) \
	    LUA_CPATH='build/asan-5.1/?.so;;' COLLIDE_BACKEND=$$b \
	    luajit tests/fuzz_load.lua $(FUZZ_LUA_SEED) $(FUZZ_LOAD_COUNT) || exit 1; \
	done

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

# ---- the examples, each with its own checks (branch mover) ----------------

# examples/fps.lua on every VM and both LuaJIT backends; the platformer,
# the playground and the bump.lua-API game in LOVE under a virtual X server
# (screenshots: build/platformer-smoke.png, build/playground-smoke.png,
# build/bump-game-smoke.png); the Tiled-map example's check without LOVE on
# LuaJIT (both backends) and Lua 5.4, then in LOVE (build/tiles-smoke.png).
examples: fps-example platformer-smoke playground-smoke bump-game-smoke tiles-smoke

fps-example: build-all
	@set -e; for v in $(VMS); do echo "== examples/fps.lua on Lua $$v"; \
	  lua$$v -e 'package.cpath="build/'$$v'/?.so;"..package.cpath' examples/fps.lua; done
	@for b in ffi capi; do echo "== examples/fps.lua on LuaJIT ($$b)"; \
	  COLLIDE_BACKEND=$$b luajit -e 'package.cpath="build/5.1/?.so;"..package.cpath' \
	  examples/fps.lua || exit 1; done

platformer-smoke: deps-love build/5.1/collide/core.so
	@mkdir -p build
	COLLIDE_ROOT=$(CURDIR) timeout 600 $(XVFB_RUN) $(LOVE) examples/platformer --smoke \
	  --out=$(CURDIR)/build/platformer-smoke.png

# The playground (issue 31): a Lua file run against collide, every shape and
# query drawn, reloaded when the file changes. FILE= a script of yours.
FILE ?=
playground: deps-love build/5.1/collide/core.so
	COLLIDE_ROOT=$(CURDIR) $(LOVE) examples/playground $(FILE)

# Its headless check under a virtual X server: what it drew against answers
# computed apart, pause and step, the console, a reload
# (screenshot: build/playground-smoke.png).
playground-smoke: deps-love build/5.1/collide/core.so
	@mkdir -p build
	COLLIDE_ROOT=$(CURDIR) timeout 300 $(XVFB_RUN) $(LOVE) examples/playground --smoke \
	  --out=$(CURDIR)/build/playground-smoke.png

tiles-smoke: deps-love build/5.1/collide/core.so build/5.4/collide/core.so
	@mkdir -p build
	luajit examples/tiles/smoke.lua
	COLLIDE_BACKEND=capi luajit examples/tiles/smoke.lua
	lua5.4 examples/tiles/smoke.lua
	COLLIDE_ROOT=$(CURDIR) timeout 600 $(XVFB_RUN) $(LOVE) examples/tiles --smoke \
	  --out=$(CURDIR)/build/tiles-smoke.png

tiles: deps-love build/5.1/collide/core.so
	COLLIDE_ROOT=$(CURDIR) $(LOVE) examples/tiles

platformer: deps-love build/5.1/collide/core.so
	COLLIDE_ROOT=$(CURDIR) $(LOVE) examples/platformer

# examples/bump_game: a game written for bump.lua's API on collide.bump,
# scripted (nothing may end inside a wall; screenshot: build/bump-game-smoke.png).
.PHONY: bump-game-smoke bump-game
bump-game-smoke: deps-love build/5.1/collide/core.so
	@mkdir -p build
	COLLIDE_ROOT=$(CURDIR) timeout 600 $(XVFB_RUN) $(LOVE) examples/bump_game --smoke \
	  --out=$(CURDIR)/build/bump-game-smoke.png

bump-game: deps-love build/5.1/collide/core.so
	COLLIDE_ROOT=$(CURDIR) $(LOVE) examples/bump_game

# ---- (end of the examples) --------------------------------------------------

clean:
	rm -rf build collide
