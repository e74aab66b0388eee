/**
 * The frame's entry, injected into the edited app by the Vite plugin (`/@colorday/frame`). On a
 * normal page load — not in an iframe, no allowed parent origin, or a parent at another origin —
 * it returns at once and touches nothing. See flags.ts for how the parent origin is configured.
 */
import { activation } from "./flags.ts"
import { type HotChannel, startFrame } from "./frame.ts"

const settings = activation(window)
if (settings) {
  startFrame({
    win: window,
    parent: window.parent,
    parentOrigin: settings.parentOrigin,
    flags: settings.flags,
    // Vite's HMR channel on the dev server; absent in the built bundle.
    hot: (import.meta as ImportMeta & { hot?: HotChannel }).hot,
  })
}
