// `npm test`: every suite, as CI runs it: e2e in a vitest process of its own beside the other projects' (each two files
// at a time, vitest.config.ts), so both start at once (in one process, vitest ran e2e's files, when they went one at
// a time, in a group after every other project's: a clean-clone CI reached 40 minutes).
// Arguments go to both (a file filter one of them does not match finds nothing there, which is no failure); one
// project alone: `npm run test:worker`, `test:web`, `test:e2e`, `test:generated`, or `npx vitest run --project …`.
import { spawn } from "node:child_process";

// Every project but e2e: one added to vitest.config.ts is run without being named here.
const OTHERS = ["!e2e"];
// Their passing tests' console output stays out of the log (about 9,000 request log lines a run; a failing test's is
// printed whole, and what a test reports on purpose is an annotation: scripts/test-reports.ts).
const QUIET = ["--silent=passed-only"];
const args = process.argv.slice(2);

function vitest(projects, options = []) {
  return new Promise((resolve) => {
    const child = spawn("vitest", ["run", ...projects.flatMap((p) => ["--project", p]), "--passWithNoTests", ...options, ...args], { stdio: "inherit" });
    child.on("error", (err) => {
      console.error(`vitest (${projects.join(", ")}): ${err.message}`);
      resolve(1);
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const [e2e, others] = await Promise.all([vitest(["e2e"]), vitest(OTHERS, QUIET)]);
console.log(`\nnpm test: e2e ${e2e === 0 ? "passed" : `failed (exit ${e2e})`}; the other projects ${others === 0 ? "passed" : `failed (exit ${others})`}`);
process.exit(e2e === 0 && others === 0 ? 0 : 1);
