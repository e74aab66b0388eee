import type * as TailwindMerge from "tailwind-merge"

/**
 * tailwind-merge with its builder counted, for a test file's `vi.mock("tailwind-merge",
 * countedTailwindMerge)`: building its class map is ~50 ms of a phone's first render
 * (apps/ui/src/cn.ts), so a page's first screen must draw without it (issue 20). The counter is
 * the file's own (each test file runs in a module graph of its own), and the builder runs once per
 * graph, so a file checks one page's first render.
 */
let builds = 0

export const countedTailwindMerge = async (
  importOriginal: () => Promise<typeof TailwindMerge>,
): Promise<typeof TailwindMerge> => {
  const actual = await importOriginal()
  return {
    ...actual,
    extendTailwindMerge: (...args: Parameters<typeof actual.extendTailwindMerge>) => {
      builds += 1
      return actual.extendTailwindMerge(...args)
    },
  }
}

/** How many times tailwind-merge was built in this test file so far. */
export const tailwindMergeBuilds = () => builds
