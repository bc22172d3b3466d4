// `npm test`: every suite, as CI runs it. Vitest runs a project whose files go one at a time (e2e: its files share
// one server, its cron and its mailbox) in a group of its own after every other project's files, so on 2 cores the
// e2e files ran alone at the end with a core idle (a clean-clone CI reached 40 minutes). Here e2e runs in a vitest
// process of its own beside the other projects' (two files at a time, vitest.config.ts): both suites start at once.
// Arguments go to both (a file filter one of them does not match finds nothing there, which is no failure); one
// project alone: `npm run test:worker`, `test:web`, `test:e2e`, `test:generated`, or `npx vitest run --project …`.
import { spawn } from "node:child_process";

// Every project but e2e: one added to vitest.config.ts is run without being named here.
const OTHERS = ["!e2e"];
const args = process.argv.slice(2);

function vitest(projects) {
  return new Promise((resolve) => {
    const child = spawn("vitest", ["run", ...projects.flatMap((p) => ["--project", p]), "--passWithNoTests", ...args], { stdio: "inherit" });
    child.on("error", (err) => {
      console.error(`vitest (${projects.join(", ")}): ${err.message}`);
      resolve(1);
    });
    child.on("exit", (code) => resolve(code ?? 1));
  });
}

const [e2e, others] = await Promise.all([vitest(["e2e"]), vitest(OTHERS)]);
console.log(`\nnpm test: e2e ${e2e === 0 ? "passed" : `failed (exit ${e2e})`}; the other projects ${others === 0 ? "passed" : `failed (exit ${others})`}`);
process.exit(e2e === 0 && others === 0 ? 0 : 1);
