import { BaseSequencer, type TestSpecification } from 'vitest/node'

/**
 * Spreads each project's files over the whole run instead of running the projects one after another
 * (vitest's own order: all journeys, then the integration files, then the screens). The journeys
 * mostly wait, on a browser, a module or a server; the integration and screen files mostly compute.
 * Side by side they keep both cores of a CI machine busy, where one after another the journeys left
 * one idle (ADR 0095). Within a project, vitest's order stands: failed first, then the longest.
 */
export class SpreadTestFiles extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files)
    const projects = new Map<string, TestSpecification[]>()
    for (const file of ordered) {
      const name = file.project.name
      projects.set(name, [...(projects.get(name) ?? []), file])
    }
    // Each file at its place along its own project's run: the k-th of n at (k + ½) / n.
    return [...projects.values()]
      .flatMap((group) => group.map((file, index) => ({ file, at: (index + 0.5) / group.length })))
      .sort((a, b) => a.at - b.at)
      .map(({ file }) => file)
  }
}
