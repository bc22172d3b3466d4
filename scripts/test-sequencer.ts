// The order vitest's two slots take the test files in (vitest.config.ts). Vitest runs the projects one after another by
// name, each's longest (or, on a clean clone, largest) files first, so a run ended on whichever project's name came last,
// or on a long file that is short to read (the gate), with the other slot idle or done. The projects named here go
// first, in this order, and the rest (the web's short files) after them in vitest's order, so a run ends on short
// files, which keep both slots busy to the last.
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification } from "vitest/node";

// `filesFirst` (paths from the repository's root) go first within their project: long files short to read (the gate,
// whose labels are drawn and read; e2e files whose time is mostly a server's start), which a clean clone's order by
// size put last, with one slot busy alone to the end.
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
        .sort((a, b) => rank(a.spec) - rank(b.spec) || fileRank(a.spec) - fileRank(b.spec) || a.i - b.i)
        .map(({ spec }) => spec);
    }
  };
}
