# Shared by the packaging checks in tests/pkg/: ok/fail counting and a
# closing "N passed, N failed" line that tools/test-summary adds up.
# Every check runs with a clean LUA_PATH/LUA_CPATH unless it sets them.
unset LUA_PATH LUA_CPATH LUA_PATH_5_2 LUA_CPATH_5_2 LUA_PATH_5_3 LUA_CPATH_5_3 \
      LUA_PATH_5_4 LUA_CPATH_5_4 LUA_INIT LUA_INIT_5_2 LUA_INIT_5_3 LUA_INIT_5_4 \
      COLLIDE_BACKEND
PASSED=0
FAILED=0

ok() { PASSED=$((PASSED + 1)); echo "  ok    $*"; }
fail() { FAILED=$((FAILED + 1)); echo "  FAIL  $*"; }

# expect_ok NAME CMD...: CMD must exit 0.
expect_ok() {
  name=$1; shift
  if out=$("$@" 2>&1); then ok "$name"; else fail "$name"; echo "$out" | sed 's/^/        /'; fi
}

# expect_err NAME TEXT CMD...: CMD must fail and print TEXT (a fixed string).
expect_err() {
  name=$1; text=$2; shift 2
  if out=$("$@" 2>&1); then
    fail "$name: succeeded, expected an error containing: $text"
  elif printf '%s' "$out" | grep -qF -- "$text"; then
    ok "$name"
  else
    fail "$name: expected an error containing: $text"; echo "$out" | sed 's/^/        /'
  fi
}

finish() {
  echo "$PASSED passed, $FAILED failed"
  [ "$FAILED" = 0 ]
}
