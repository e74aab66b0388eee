// The entry the frame bench bundles for the page: the frame's navigation tree builder with the
// browser's clock, run over the page's body: a full build, then an update after one change.
import { browserClock } from "../../frame/src/clock.ts"
import { type NavTree, buildNavTree, updateNavTree } from "../../frame/src/nav-tree.ts"

/** The name of the user-timing measure each slice leaves in Chromium's trace when asked to. */
export const SLICE_MEASURE = "colorday nav tree slice"

/** Each slice's time of the last build or update, ms, in order. */
let sliceMs: Array<number> = []

const options = (markSlices = false) => ({
  storyboardId: "bench",
  clock: browserClock(window),
  // Each slice's time, for the bench's count of slices over the aim; with markSlices, a measure
  // per slice too, so the bench can tell which of the trace's scavenges ran inside one.
  onSlice: (_: number, ms: number) => {
    sliceMs.push(ms)
    if (!markSlices) return
    const end = performance.now()
    performance.measure(SLICE_MEASURE, { start: end - ms, end })
  },
})
let tree: NavTree | undefined
let observer: MutationObserver | undefined

export const run = async (markSlices = false) => {
  sliceMs = []
  const build = await buildNavTree(document.body, options(markSlices)).done
  performance.clearMeasures(SLICE_MEASURE)
  tree = build.tree
  observer = new MutationObserver(() => undefined)
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class", "style"],
    characterData: true,
  })
  return { ...build.stats, sliceMs }
}

/**
 * After run: what the frame does with a new tree besides building it, each in one go (no slices):
 * the body's outer HTML read, then the NAV_TREE payload (the tree and that HTML) posted, which
 * copies it (structured clone) before postMessage returns. Posted here on a MessageChannel: the
 * same copy as to the parent window.
 */
export const post = () => {
  if (!tree) throw new Error("post runs after run")
  const started = performance.now()
  const outerHTML = document.body.outerHTML
  const read = performance.now()
  const channel = new MessageChannel()
  channel.port2.postMessage({ navTree: tree.root, outerHTML })
  const posted = performance.now()
  channel.port1.close()
  channel.port2.close()
  return { outerHtmlMs: read - started, postMs: posted - read, bytes: outerHTML.length }
}

/** After run: one element added in the middle section, and the tree updated from the records. */
export const update = async () => {
  if (!tree || !observer) throw new Error("update runs after run")
  const sections = document.querySelectorAll("section")
  const section = sections[Math.floor(sections.length / 2)]
  if (!section) throw new Error("the page has no section")
  const added = document.createElement("p")
  added.className = "tempo-00000000-0000-4000-8000-ffffffffffff text-sm"
  added.textContent = "Added"
  section.insertBefore(added, section.firstElementChild)
  const records = observer.takeRecords()
  observer.disconnect()
  // The frame updates 300 ms after the page last changed, so the browser has laid the change out
  // by then: two frames let it do so here too (as before the whole-tree build).
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
  sliceMs = []
  const { stats } = await updateNavTree(document.body, tree, records, options()).done
  return { ...stats, sliceMs }
}
