#!/usr/bin/env bash
#
# Tag a release of this action.
#
# Usage:
#   scripts/release.sh vX.Y.Z          check, tag, and print the push command
#   scripts/release.sh vX.Y.Z --push   check, tag, and push the tag to origin
#
# Before tagging, it checks that:
#   - the version is of the form vX.Y.Z and that tag does not exist yet;
#   - you are on main and the working tree is clean (no changes, no untracked files);
#   - package.json has version X.Y.Z;
#   - CHANGELOG.md has a heading "## [X.Y.Z] - YYYY-MM-DD";
#   - dist/ is what `npm run bundle` builds from the sources (it runs the build);
#   - with --push only: HEAD is origin/main, so the tag points at a commit that is published.
#
# Then it creates the annotated tag vX.Y.Z. Pushing it starts the Release workflow, which
# checks again, attests dist/, publishes the release and moves the major tag vX (only once
# all of that passed). Nothing is pushed without --push; the script prints how to undo the tag.
set -euo pipefail

die() {
  printf 'release: %s\n' "$1" >&2
  exit 1
}

usage() {
  sed -n '3,19p' "$0" | sed 's/^# \{0,1\}//'
}

version=''
push=false
for arg in "$@"; do
  case "$arg" in
    --push) push=true ;;
    -h | --help)
      usage
      exit 0
      ;;
    -*) die "unknown option '$arg' (see --help)" ;;
    *)
      [[ -z "$version" ]] || die "more than one version given: '$version' and '$arg'"
      version="$arg"
      ;;
  esac
done

[[ -n "$version" ]] || die 'no version given; usage: scripts/release.sh vX.Y.Z [--push]'
semver='^v(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$'
[[ "$version" =~ $semver ]] || die "'$version' is not of the form vX.Y.Z (for example v1.2.3)"
major="v${BASH_REMATCH[1]}"
plain="${version#v}"

top="$(git rev-parse --show-toplevel)"
cd "$top"

branch="$(git symbolic-ref --quiet --short HEAD || true)"
[[ "$branch" == main ]] || die "releases are tagged on main; you are on '${branch:-a detached HEAD}'"

changes="$(git status --porcelain)"
[[ -z "$changes" ]] ||
  die 'the working tree is not clean; commit or stash your changes first (git status)'

if git rev-parse --quiet --verify "refs/tags/$version" > /dev/null; then
  die "tag $version already exists"
fi

package_version="$(node -p 'JSON.parse(require("fs").readFileSync("package.json", "utf8")).version')"
[[ "$package_version" == "$plain" ]] ||
  die "package.json has version $package_version; run 'npm version --no-git-tag-version $plain' and commit"

plain_pattern="${plain//./\\.}"
grep -Eq "^## \[${plain_pattern}\] - [0-9]{4}-[0-9]{2}-[0-9]{2}\$" CHANGELOG.md ||
  die "CHANGELOG.md has no heading '## [$plain] - YYYY-MM-DD'; add the release notes and date, then commit"

echo "release: rebuilding dist/ to check that it is current"
npm run bundle
dist_changes="$(git status --porcelain -- dist)"
if [[ -n "$dist_changes" ]]; then
  git status --short -- dist
  git diff --stat -- dist
  die "dist/ is out of date; commit the rebuilt dist/ (npm run bundle) and run this again"
fi

if [[ "$push" == true ]]; then
  echo "release: checking that main is published"
  git fetch --quiet origin main
  head_commit="$(git rev-parse HEAD)"
  remote_commit="$(git rev-parse FETCH_HEAD)"
  [[ "$head_commit" == "$remote_commit" ]] ||
    die 'HEAD is not origin/main; push main (or pull) first, so the tag points at a published commit'
fi

git tag --annotate "$version" --message "$version"
commit="$(git rev-parse --short "${version}^{commit}")"
echo "release: tagged $version at $commit"

if [[ "$push" == true ]]; then
  git push origin "$version"
  echo "release: pushed $version; the Release workflow publishes it and moves $major"
else
  echo "release: nothing pushed. To publish (the Release workflow then moves $major):"
  echo "  git push origin $version"
  echo "To undo the local tag instead:"
  echo "  git tag -d $version"
fi
