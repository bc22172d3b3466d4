// A vitest reporter (vitest.config.ts): at the end of a run, the ten slowest files of each project, so every CI log says
// where the test time went. A file's time is what vitest's own line gives it (its tests and hooks), beside what it spent
// before its first test (setup files and importing its modules), which vitest's line leaves out.
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 10;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export class SlowestFiles implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, TestModule[]>();
    for (const m of testModules) byProject.set(m.project.name, [...(byProject.get(m.project.name) ?? []), m]);
    const lines: string[] = [];
    for (const [project, modules] of [...byProject].sort(([a], [b]) => a.localeCompare(b))) {
      if (modules.length < 2) continue;
      const rows = modules
        .map((m) => ({ file: m.relativeModuleId, d: m.diagnostic() }))
        .map(({ file, d }) => ({ file, tests: d.duration, before: d.setupDuration + d.collectDuration + d.environmentSetupDuration + d.prepareDuration }))
        .sort((a, b) => b.tests + b.before - (a.tests + a.before));
      const total = rows.reduce((s, r) => s + r.tests + r.before, 0);
      lines.push(`\nslowest files of ${project} (${modules.length} files, ${seconds(total)} in all):`);
      for (const r of rows.slice(0, SHOWN)) lines.push(`  ${seconds(r.tests + r.before).padStart(8)}  ${r.file}  (tests ${seconds(r.tests)}, setup and imports ${seconds(r.before)})`);
    }
    if (lines.length) console.log(lines.join("\n"));
  }
}
