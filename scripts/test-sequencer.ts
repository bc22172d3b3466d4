// The order vitest's two slots take the test files in (vitest.config.ts). Vitest runs the projects one after another by
// name, each's longest (or, on a clean clone, largest) files first, so a run ended on whichever project's name came last,
// or on a long file that is short to read (the gate), with the other slot idle or done. The projects named here go
// first, in this order, and the rest (the web's short files) after them in vitest's order, so a run ends on short
// files, which keep both slots busy to the last.
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from "vitest/node";

// `filesFirst` (paths from the repository's root) go first of all, in this order: long files short to read (the gate,
// whose labels are drawn and read; e2e files whose time is mostly a server's start), which a clean clone's order by
// size put last, with one slot busy alone to the end; and a project's first file, to give each slot a project of its
// own at the start. A slot keeps its runtime while the next file in line is of the same project (vitest's pool), so
// [databases, gate, the other worker-databases files, worker's…] starts one worker-databases runtime, not two.
export function projectsFirst(first: string[], filesFirst: string[] = []): TestSequencerConstructor {
  return class ProjectsFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      const rank = (spec: TestSpecification) => (first.includes(spec.project.name) ? first.indexOf(spec.project.name) : first.length);
      const fileRank = (spec: TestSpecification) => {
        const i = filesFirst.findIndex((f) => spec.moduleId.endsWith(`/${f}`));
        return i === -1 ? filesFirst.length : i;
      };
      return (await super.sort(files))
        .map((spec, i) => ({ spec, i }))
        .sort((a, b) => fileRank(a.spec) - fileRank(b.spec) || rank(a.spec) - rank(b.spec) || a.i - b.i)
        .map(({ spec }) => spec);
    }
  };
}
