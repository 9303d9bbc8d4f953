#!/usr/bin/env node
// Fails when a commit since the house rule began has a subject over 72 characters (issue 30:
// the subject says what changed, the body says why). Older commits are history and stay.
//   node tooling/scripts/commit-subjects.mjs
import { execFileSync } from "node:child_process";

const RULE_SINCE = "f3499fe"; // the first commit checked is the one after this
const MAX = 72;

const git = (...args) => execFileSync("git", args, { encoding: "utf8" }).trim();
try {
  git("rev-parse", "--verify", "--quiet", `${RULE_SINCE}^{commit}`);
} catch {
  // A shallow or exported tree has no history to read.
  console.log(`commit subjects: ${RULE_SINCE} is not in this checkout's history; not checked`);
  process.exit(0);
}
const subjects = git("log", "--format=%h %s", `${RULE_SINCE}..HEAD`).split("\n").filter(Boolean);
const long = subjects.filter((line) => line.length - line.indexOf(" ") - 1 > MAX);
for (const line of long) console.error(`subject over ${MAX} characters: ${line}`);
console.log(`commit subjects: ${subjects.length} checked, ${long.length} over ${MAX} characters`);
process.exit(long.length ? 1 : 0);
