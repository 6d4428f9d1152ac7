#!/usr/bin/env bash
# The core never names a procedure (ARCHITECTURE.md, "Adding a procedure"): the procedures are
# registered once, in app/src/systems/mod.rs, and the core's types and dispatch are generated
# from that list. This fails when a core file — command.rs, own.rs, style.rs, encounter/,
# event/, journal/, reach/, system/ — mentions a procedure by its id (any case, so its type names too) or by the name
# shown to the GM, in code or in a comment. Test modules (`#[cfg(test)]` blocks and *tests.rs
# files) may use real procedures as fixtures and are not read.
#
# It also fails when any module of app/src but `systems` itself (and the crate root, which
# declares it) reaches into `systems`: with no arrow into `systems`, no cycle of the app's
# module graph can go through it, and the procedures depend on the core, never the other way.
#
#   bash .ci/core-names.sh              check the core
#   bash .ci/core-names.sh --self-test  check the matching on made-up files
set -euo pipefail
cd "$(dirname "$0")/.."

# Ids are the procedure folders; names are their Procedure::NAME strings.
ids() { find app/src/systems -mindepth 1 -maxdepth 1 -type d -printf '%f\n' | sort; }
names() { grep -rhoE 'const NAME: &.static str = "[^"]+"' app/src/systems | sed -E 's/.*= "([^"]+)"/\1/'; }

# Prints the lines of FILE outside #[cfg(test)] blocks, as FILE:LINE:TEXT.
production_lines() {
  awk -v f="$1" '
    skipping == 0 && /^[[:space:]]*#\[cfg\(test\)\]/ { skipping = 1; depth = 0; opened = 0; next }
    skipping == 1 {
      n = split($0, ch, "")
      for (i = 1; i <= n; i++) {
        if (ch[i] == "{") { depth++; opened = 1 }
        else if (ch[i] == "}") { depth-- }
      }
      if (opened && depth <= 0) { skipping = 0 }
      else if (!opened && $0 ~ /;[[:space:]]*$/) { skipping = 0 }
      next
    }
    { print f ":" FNR ":" $0 }
  ' "$1"
}

# check FILES...: prints every line naming a procedure; fails when there is one.
check() {
  local pattern found=0
  pattern="\\b($(ids | paste -sd'|'))\\b"
  local names_pattern
  names_pattern=$(names | sed 's/[].[*^$\\/]/\\&/g' | paste -sd'|')
  for f in "$@"; do
    if production_lines "$f" | grep -iE "$pattern" ||
      { [ -n "$names_pattern" ] && production_lines "$f" | grep -E "$names_pattern"; }; then
      found=1
    fi
  done
  return "$found"
}

core_files() {
  {
    printf '%s\n' app/src/command.rs app/src/own.rs app/src/style.rs
    find app/src/encounter app/src/event app/src/journal app/src/reach app/src/system -name '*.rs' ! -name tests.rs
  } | sort
}

# reaches_systems FILES...: prints every production line that reaches into the systems module
# (a path through `systems::`, outside comments); fails when there is one.
reaches_systems() {
  local found=0
  for f in "$@"; do
    if production_lines "$f" | sed -E 's#//.*$##' | grep -E '(crate|super|fray_app)::(\{[^}]*)?\bsystems\b'; then
      found=1
    fi
  done
  return "$found"
}

# Every module of the app crate but systems/ and the crate root.
outside_systems() {
  find app/src -name '*.rs' ! -path 'app/src/systems/*' ! -name '*tests.rs' ! -path app/src/lib.rs | sort
}

self_test() {
  local dir fails=0
  dir=$(mktemp -d)
  printf 'fn a() {}\n// the bdp way\n' >"$dir/named.rs"
  printf 'fn a() {}\n#[cfg(test)]\nmod tests {\n    const S: &str = "bdp";\n}\n' >"$dir/test_only.rs"
  printf 'use crate::systems::Murdham;\n' >"$dir/type.rs"
  if check "$dir/named.rs" >/dev/null; then echo "self-test: FAILED, a comment naming bdp passed" >&2; fails=1; fi
  if ! check "$dir/test_only.rs" >/dev/null; then echo "self-test: FAILED, a test module was read" >&2; fails=1; fi
  if check "$dir/type.rs" >/dev/null; then echo "self-test: FAILED, a type name passed" >&2; fails=1; fi
  printf 'fn a() { crate::systems::install(); }\n' >"$dir/reach.rs"
  printf 'use crate::{dice, systems::ALL};\n' >"$dir/reach_group.rs"
  printf '//! installed by `crate::systems::install`\n#[cfg(test)]\ncrate::systems::install();\n' >"$dir/reach_test.rs"
  if reaches_systems "$dir/reach.rs" >/dev/null; then echo "self-test: FAILED, a call into systems passed" >&2; fails=1; fi
  if reaches_systems "$dir/reach_group.rs" >/dev/null; then echo "self-test: FAILED, a grouped use passed" >&2; fails=1; fi
  if ! reaches_systems "$dir/reach_test.rs" >/dev/null; then echo "self-test: FAILED, a comment or test line was read" >&2; fails=1; fi
  rm -r "$dir"
  [ "$fails" -eq 0 ] && echo "self-test: ok (a comment and a type name are caught, a test module is not read; a path into systems is caught, a comment or test line is not)"
  return "$fails"
}

if [ "${1:-}" = "--self-test" ]; then
  self_test
  exit
fi

mapfile -t files < <(core_files)
if check "${files[@]}"; then
  echo "core-names: none of the ${#files[@]} core files names a procedure ($(ids | paste -sd' '))"
else
  echo "core-names: the lines above name a procedure in a core file; the core reaches procedures only through the list in app/src/systems/mod.rs" >&2
  exit 1
fi
mapfile -t others < <(outside_systems)
if reaches_systems "${others[@]}"; then
  echo "core-names: none of the ${#others[@]} modules outside systems/ reaches into it: no module cycle goes through systems"
else
  echo "core-names: the lines above reach into systems from outside it; the core learns the procedures only from the registry systems::registry builds" >&2
  exit 1
fi
