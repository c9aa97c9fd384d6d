#!/bin/sh
# release-rockspec.sh VERSION -- writes rockspec/collide-VERSION-1.rockspec
# from the scm one: the same rock, with the version, a source fetched from
# the tag vVERSION and a homepage (make release-rockspec; make rock-check
# fails while the two differ in anything else).
set -eu
v=$1
repo=https://github.com/collide-lua/collide
sed -e "s|^version = \"scm-1\"|version = \"$v-1\"|" \
    -e "s|^  url = \"git+file:///dev/null\",.*|  url = \"git+$repo.git\",\\
  tag = \"v$v\",|" \
    -e "s|^  summary = |  homepage = \"$repo\",\\
  summary = |" \
    rockspec/collide-scm-1.rockspec >"rockspec/collide-$v-1.rockspec"
