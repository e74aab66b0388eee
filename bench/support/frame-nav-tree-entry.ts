// The entry the frame bench bundles for the page: the frame's navigation tree builder with the
// browser's clock, run over the page's body.
import { browserClock } from "../../frame/src/clock.ts"
import { buildNavTree } from "../../frame/src/nav-tree.ts"

export const run = async () => {
  const build = buildNavTree(document.body, { storyboardId: "bench", clock: browserClock(window) })
  const { stats } = await build.done
  return stats
}
