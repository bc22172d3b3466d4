// `npm run deps` (in CI): the import rules of .dependency-cruiser.cjs over worker/, web/ and shared/.
// Exits 1 on any violation, and also when the sources were not read: without its parser (swc) dependency-cruiser
// cruises nothing and finds nothing wrong, which must not pass for a clean bill.
import { createRequire } from "node:module";
import { cruise, format } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";

const SOURCES = ["worker", "web", "shared"];
/** Fewer modules than this means the TypeScript sources were not parsed. */
const AT_LEAST = 300;

const options = await extractDepcruiseOptions(createRequire(import.meta.url).resolve("../.dependency-cruiser.cjs"));
const { output } = await cruise(SOURCES, { ...options, validate: true, outputType: "json" });
const result = typeof output === "string" ? JSON.parse(output) : output;
const report = await format(result, { outputType: "err-long" });
process.stdout.write(report.output);

const cruised = result.summary.totalCruised;
if (cruised < AT_LEAST) {
  console.error(`Only ${cruised} modules were read (at least ${AT_LEAST} expected): is @swc/core installed?`);
  process.exit(1);
}
process.exit(report.exitCode > 0 ? 1 : 0);
