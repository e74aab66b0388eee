import { useRef, useState, type KeyboardEvent, type PointerEvent } from "react"

/**
 * How a Radix trigger opens its popup: the keys that open it, and whether a touch or a pen opens
 * it on pointer down as a mouse does (the menu's trigger) or on its click (the select's, so a
 * finger that scrolls the page past it does not open it).
 */
export interface Opening {
  readonly keys: readonly string[]
  readonly touch: "pointerdown" | "click"
}

/**
 * How Radix's menu trigger opens: these keys, or any pointer on its down. Here, not in menu.tsx,
 * so that a screen with a menu does not load Radix's menu before it is first opened.
 */
export const MENU_OPENING: Opening = {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- key names, never shown
  keys: ["Enter", " ", "ArrowDown"],
  touch: "pointerdown",
}

/**
 * A Radix popup (a menu, a select) that is not mounted until it is first opened (issue 20):
 * Radix's menu and select mount a popper, a collection or every option while closed, which a page
 * with many of them pays for on a phone's first screen. Until then the caller renders a plain
 * button with `trigger`'s props (they open it as Radix's trigger would); once `opened`, it renders
 * Radix's component mounted open (`defaultOpen`).
 *
 * `takeKeyOpening` is true once, if that first opening was by a key: the key was pressed before
 * Radix was there to see it, so a popup that puts the focus on its first item for a key (the
 * menu) is told here.
 */
export const useFirstOpen = (opening: Opening) => {
  const [opened, setOpened] = useState(false)
  const pointerType = useRef("touch")
  const byKey = useRef(false)
  const trigger = {
    "aria-expanded": false,
    "data-state": "closed",
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      pointerType.current = event.pointerType
      if (event.button !== 0 || event.ctrlKey) return
      if (opening.touch === "click" && event.pointerType !== "mouse") return
      // As Radix's trigger: the popup takes the focus, not the button.
      event.preventDefault()
      setOpened(true)
    },
    onClick: () => {
      // A tap opens on its click where Radix's trigger does (a mouse opened on pointer down).
      if (opening.touch === "click" && pointerType.current !== "mouse") setOpened(true)
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (!opening.keys.includes(event.key)) return
      event.preventDefault()
      byKey.current = true
      setOpened(true)
    },
  }
  const takeKeyOpening = () => {
    const was = byKey.current
    byKey.current = false
    return was
  }
  return { opened, trigger, takeKeyOpening }
}
