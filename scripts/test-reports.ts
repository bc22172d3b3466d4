// A vitest reporter (vitest.config.ts): what a passing test reports on purpose for the CI log, through
// `annotate(message, "report")` (the generated-label gate's accuracy tables). `npm test` keeps passing tests' console
// output out of the log (scripts/test.mjs: silent 'passed-only'; a failing test's is printed whole), and vitest itself
// prints a test's annotations only when it fails, so a report printed by console.log would be lost when the test passed.
import type { Reporter, TestCase } from "vitest/node";

export class TestReports implements Reporter {
  onTestCaseResult(testCase: TestCase) {
    if (testCase.result().state !== "passed") return;
    for (const a of testCase.annotations()) if (a.type === "report") console.log(`\n${testCase.module.relativeModuleId} > ${testCase.fullName}\n${a.message}\n`);
  }
}
