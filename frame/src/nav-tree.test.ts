import { afterEach, describe, expect, it, vi } from "vitest"
import { NAV_TREE_SLICE_AIM_MS } from "./constants.ts"
import { attachFiber, codebaseId, fakeClock, fiber, setBox } from "./frame.test-support.ts"
import { buildNavTree } from "./nav-tree.ts"
import {
  KeyedNodes,
  classesOf,
  splitClasses,
  type NavNode,
  type TreeElement,
} from "./nav-tree-model.ts"
import { createRefreshScheduler } from "./refresh.ts"

afterEach(() => {
  document.body.replaceChildren()
})

/** n keyed divs under the body; measuring each one costs `cost` ms of the fake clock. */
const keyedPage = (n: number, onMeasure: () => void) => {
  for (let i = 0; i < n; i += 1) {
    const div = document.createElement("div")
    div.className = `${codebaseId(i + 1)} item`
    div.getBoundingClientRect = () => {
      onMeasure()
      return { x: 0, y: i * 10, left: 0, top: i * 10, width: 100, height: 10 } as DOMRect
    }
    document.body.appendChild(div)
  }
}

/** Runs frames (and the tasks before each) until the build asks for none; answers how many ran. */
const runAllFrames = (time: ReturnType<typeof fakeClock>) => {
  let frames = 0
  while (time.runFrame() > 0) frames += 1
  return frames
}

/** The loop's aim (below the declared slice, for a pause it cannot foresee), and half of it. */
const AIM = NAV_TREE_SLICE_AIM_MS
const HALF = Math.ceil(AIM / 2)

/** The slices `ms` of 1 ms steps take: as many of the aim as fit, then the rest. */
const slicesOf = (ms: number): Array<number> => [
  ...Array.from({ length: Math.floor(ms / AIM) }, () => AIM),
  ...(ms % AIM > 0 ? [ms % AIM] : []),
]

describe("nav tree slicing", () => {
  it("stops a slice once the aim's ms have gone and resumes in a task of its own", async () => {
    const time = fakeClock()
    keyedPage(2 * AIM + HALF, () => time.tick(1)) // each element takes 1 ms to measure
    const slices: Array<number> = []
    const build = buildNavTree(document.body, {
      storyboardId: "app",
      clock: time.clock,
      onSlice: (_, ms) => slices.push(ms),
    })
    let finished = false
    void build.done.then(() => (finished = true))

    expect(slices).toEqual([]) // nothing runs before the first task
    expect(time.runTasks()).toBe(1)
    expect(slices).toEqual([AIM])
    // The rest waits for a task of its own (the browser renders and handles input before it),
    // not for the next animation frame, a timer or a microtask.
    await Promise.resolve()
    expect(finished).toBe(false)
    expect(time.pendingTasks()).toBe(1)
    expect(time.pendingFrames()).toBe(1)
    time.runTasks()
    expect(slices).toEqual([AIM, AIM])
    time.runTasks()
    expect(slices).toEqual([AIM, AIM, HALF])
    expect(time.pendingTasks()).toBe(0)
    const { tree, stats } = await build.done
    expect(stats.slices).toBe(3)
    expect(tree.root.children).toHaveLength(2 * AIM + HALF)
  })

  it("slices the structure pass too: reading elements that take long spreads over frames", async () => {
    const time = fakeClock()
    keyedPage(2 * AIM + HALF, () => undefined)
    for (const element of document.body.children) {
      const read = element.getAttribute.bind(element)
      element.getAttribute = (name: string) => {
        time.tick(1)
        return read(name)
      }
    }
    const slices: Array<number> = []
    const build = buildNavTree(document.body, {
      storyboardId: "app",
      clock: time.clock,
      onSlice: (_, ms) => slices.push(ms),
    })
    expect(runAllFrames(time)).toBe(3)
    expect(slices).toEqual([AIM, AIM, HALF])
    expect((await build.done).tree.root.children).toHaveLength(2 * AIM + HALF)
  })

  it("measures each element once, for its own node and its component's box", async () => {
    const time = fakeClock()
    const component = fiber({
      tag: 0,
      type: function Rows() {
        return null
      },
      memoizedProps: { "data-codebase-id": codebaseId(100) },
      return: fiber({ tag: 3, type: null, stateNode: { containerInfo: document.body } }),
    })
    const rows = 3 * AIM
    for (let i = 0; i < rows; i += 1) {
      const row = document.createElement("div")
      row.className = codebaseId(i + 1)
      setBox(row, { x: i, y: i * 10, width: 50, height: 10 })
      const measure = row.getBoundingClientRect.bind(row)
      row.getBoundingClientRect = () => {
        time.tick(1)
        return measure()
      }
      attachFiber(row, fiber({ return: component }))
      document.body.appendChild(row)
    }
    const slices: Array<number> = []
    const build = buildNavTree(document.body, {
      storyboardId: "app",
      clock: time.clock,
      onSlice: (_, ms) => slices.push(ms),
    })
    runAllFrames(time)
    // Each row measured once (1 ms) for its node and the component's box: 3 slices of the aim.
    expect(slices).toEqual([AIM, AIM, AIM])
    const node = (await build.done).tree.root.children[0]!
    expect(node.isComponent).toBe(true)
    expect(node.children).toHaveLength(rows)
    expect(node.pageBoundingBox).toEqual({
      pageX: 0,
      pageY: 0,
      width: rows - 1 + 50,
      height: rows * 10,
    })
  })

  it("ends a slice early when its longest step would not fit in what is left of the aim", async () => {
    const time = fakeClock()
    let measured = 0
    // The third element takes half the aim to measure (a collection, a layout), every other 1 ms.
    keyedPage(25, () => {
      measured += 1
      time.tick(measured === 3 ? HALF : 1)
    })
    const slices: Array<number> = []
    const build = buildNavTree(document.body, {
      storyboardId: "app",
      clock: time.clock,
      onSlice: (_, ms) => slices.push(ms),
    })
    runAllFrames(time)
    // 1 + 1 + HALF ms: another step as long would overrun the aim, so the slice stops; the next
    // slices, whose steps take 1 ms, use the whole aim.
    expect(slices).toEqual([2 + HALF, ...slicesOf(22)])
    expect((await build.done).tree.root.children).toHaveLength(25)
  })

  it("builds it all in one frame when the page is quick to measure", async () => {
    const time = fakeClock()
    keyedPage(50, () => undefined)
    const build = buildNavTree(document.body, { storyboardId: "app", clock: time.clock })
    time.runFrame()
    expect(time.pendingFrames()).toBe(0)
    const { tree } = await build.done
    // Every child in page order, in the node and in its entry (both grown one child at a time).
    const keys = [...document.body.children].map((div, i) => `TE_${div.classList[0]}_app_0-${i}`)
    expect(keys).toHaveLength(50)
    expect(tree.root.children.map((node) => node.tempoElementKey)).toEqual(keys)
    expect(tree.lookup.get(tree.root.tempoElementKey)?.children).toEqual(keys)
  })

  it("stops for good when cancelled", () => {
    const time = fakeClock()
    keyedPage(30, () => time.tick(1))
    const slices: Array<number> = []
    const build = buildNavTree(document.body, {
      storyboardId: "app",
      clock: time.clock,
      onSlice: (n) => slices.push(n),
    })
    time.runFrame()
    build.cancel()
    time.runFrame()
    time.runFrame()
    expect(slices).toHaveLength(1)
  })
})

describe("nav tree nodes", () => {
  it("makes a node per keyed element, with key, path, classes, text, box and level", async () => {
    const time = fakeClock()
    document.body.innerHTML = `
      <div id="root">
        <main class="${codebaseId(1)} p-6">
          <p class="${codebaseId(2)} text-sm">Hello</p>
          <span>no id <b class="${codebaseId(3)}">bold</b></span>
          <h2 class="${codebaseId(4)}"> Before <i>mid</i> after </h2>
        </main>
      </div>`
    setBox(document.querySelector("p")!, { x: 5, y: 6, width: 70, height: 8 })
    const build = buildNavTree(document.body, { storyboardId: "app", clock: time.clock })
    time.runFrame()
    const { tree } = await build.done
    const root = tree.root
    expect(root.tempoElementKey).toBe("TE_STORYBOARD-TOP-CONSTANT_app_0")
    const main = root.children[0]!
    expect(main.tempoElementKey).toBe(`TE_${codebaseId(1)}_app_0-0-0`)
    expect(main.elementTagName).toBe("main")
    expect(main.level).toBe(1)
    expect(main.parent).toBe(root.tempoElementKey)
    const [p, b] = main.children
    expect(p?.tempoElementKey).toBe(`TE_${codebaseId(2)}_app_0-0-0-0`)
    expect(p?.classList).toEqual([codebaseId(2), "text-sm"])
    expect(p?.directlySetClassList).toEqual(["text-sm"])
    expect(p?.literalChildren).toEqual(["Hello"])
    expect(p?.pageBoundingBox).toEqual({ pageX: 5, pageY: 6, width: 70, height: 8 })
    // An element without an id is skipped; its keyed descendants hang from the nearest node.
    expect(b?.tempoElementKey).toBe(`TE_${codebaseId(3)}_app_0-0-0-1-0`)
    expect(b?.parent).toBe(main.tempoElementKey)
    expect(b?.level).toBe(2)
    expect(tree.lookup.get(b!.tempoElementKey)?.elements[0]).toBe(document.querySelector("b"))
    // The text around a child element is the element's own, each piece trimmed; blank text is none.
    expect(main.children[2]?.literalChildren).toEqual(["Before", "after"])
    expect(main.literalChildren).toEqual([])
  })

  it("hangs each keyed element's node under the nearest keyed ancestor's, in document order", async () => {
    const time = fakeClock()
    // A seeded random page: keyed and plain elements nested up to 6 deep, a script among them.
    let seed = 7
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return seed / 2147483648
    }
    let ids = 0
    const grow = (parent: Element, depth: number) => {
      const count = depth > 5 ? 0 : Math.floor(next() * 5)
      for (let i = 0; i < count; i += 1) {
        const child = document.createElement(next() < 0.05 ? "script" : "div")
        if (next() < 0.7) child.className = `${codebaseId((ids += 1))} p-${i}`
        parent.appendChild(child)
        grow(child, depth + 1)
      }
    }
    while (ids < 300) grow(document.body, 0)
    const build = buildNavTree(document.body, { storyboardId: "app", clock: time.clock })
    runAllFrames(time)
    const { tree } = await build.done
    /** The keyed elements under `element` that no other keyed element is between. */
    const keyedBelow = (element: Element): Array<Element> =>
      [...element.children].flatMap((child) => {
        if (child.tagName === "SCRIPT") return []
        return child.className.startsWith("tempo-") ? [child] : keyedBelow(child)
      })
    const check = (node: NavNode, element: Element) => {
      const below = keyedBelow(element)
      expect(
        node.children.map((child) => tree.lookup.get(child.tempoElementKey)?.elements[0]),
      ).toEqual(below)
      expect(tree.lookup.get(node.tempoElementKey)?.children).toEqual(
        node.children.map((child) => child.tempoElementKey),
      )
      node.children.forEach((child, i) => check(child, below[i]!))
    }
    check(tree.root, document.body)
    // Every keyed element outside a script has a node, the body one more.
    const keyed = [...document.querySelectorAll("[class]")].filter((e) => !e.closest("script"))
    expect(tree.nodes.size).toBe(keyed.length + 1)
  })

  it("shares one list of directly set classes among elements with the same names", async () => {
    const time = fakeClock()
    // Each list twice; the second of each pair clashes with the first in the table of shared
    // lists (same count, lengths, first and last characters), so the table holds other names.
    const lists = ["p-4 flex", "p-4 fl-x", "px-4 py-4", "py-4 px-4", "", "flex p-4", "p-4  flex"]
    document.body.innerHTML = lists
      .flatMap((names, i) =>
        [0, 1].map((j) => `<div class="${codebaseId(i * 2 + j + 1)} ${names}"></div>`),
      )
      .join("")
    const build = buildNavTree(document.body, { storyboardId: "app", clock: time.clock })
    runAllFrames(time)
    const nodes = (await build.done).tree.root.children
    const expected = (names: string) => names.split(" ").filter((name) => name !== "")
    nodes.forEach((node, i) => {
      expect(node.directlySetClassList).toEqual(expected(lists[Math.floor(i / 2)]!))
    })
    for (let i = 0; i < nodes.length; i += 2) {
      expect(nodes[i + 1]?.directlySetClassList).toBe(nodes[i]?.directlySetClassList)
    }
  })

  it("puts a component element, read from React's fibers, above the elements it renders", async () => {
    const time = fakeClock()
    document.body.innerHTML = `<header class="${codebaseId(10)}"><h1 class="${codebaseId(11)}">T</h1></header>`
    const header = document.querySelector("header")!
    function Header() {
      return null
    }
    const componentFiber = fiber({
      tag: 0,
      type: Header,
      memoizedProps: { "data-codebase-id": codebaseId(9), title: "Today", onClick: () => 1 },
      return: fiber({ tag: 3, type: null }),
    })
    attachFiber(
      header,
      fiber({ return: componentFiber, memoizedProps: { className: codebaseId(10) } }),
    )
    const build = buildNavTree(document.body, { storyboardId: "app", clock: time.clock })
    time.runFrame()
    const { tree } = await build.done
    const component = tree.root.children[0]!
    expect(component.isComponent).toBe(true)
    expect(component.name).toBe("Header")
    expect(component.tempoElementKey).toBe(`TE_${codebaseId(9)}_app_0-0`)
    expect(component.props.title).toEqual({ value: "Today", type: "LITERAL" })
    expect(component.props.onClick?.type).toBe("FUNCTION")
    const host = component.children[0]!
    expect(host.tempoElementKey).toBe(`TE_${codebaseId(10)}_app_0-0`)
    expect(host.scope).toBe(component.tempoElementKey)
    expect(tree.scopeLookup.get(component.tempoElementKey)).toContain(host.tempoElementKey)
    expect(host.children[0]?.elementTagName).toBe("h1")
  })
})

describe("a tree's nodes and entries by key", () => {
  const pair = (key: string, name: string): [NavNode, TreeElement] => [
    { tempoElementKey: key, name } as NavNode,
    { tempoElementKey: key, name } as TreeElement,
  ]

  it("reads as two Maps in the order added, a key added again replaced in place", () => {
    const keyed = new KeyedNodes()
    const nodesMap = new Map<string, NavNode>()
    const lookupMap = new Map<string, TreeElement>()
    for (const [key, name] of [
      ["a", "1"],
      ["b", "2"],
      ["c", "3"],
      ["a", "4"],
    ] as const) {
      const [node, entry] = pair(key, name)
      keyed.add(node, entry)
      nodesMap.set(key, node)
      lookupMap.set(key, entry)
    }
    for (const [view, map] of [
      [keyed.nodes, nodesMap],
      [keyed.lookup, lookupMap],
    ] as const) {
      expect(view.size).toBe(3)
      expect([...view]).toEqual([...map])
      expect([...view.entries()]).toEqual([...map.entries()])
      expect([...view.keys()]).toEqual(["a", "b", "c"])
      expect([...view.values()].map((value) => value.name)).toEqual(["4", "2", "3"])
      expect(view.get("a")).toBe(map.get("a"))
      expect(view.get("z")).toBeUndefined()
      expect(view.has("b")).toBe(true)
      expect(view.has("z")).toBe(false)
      const seen: Array<string> = []
      view.forEach((value, key, self) => {
        expect(self).toBe(view)
        seen.push(`${key}=${value.name}`)
      })
      expect(seen).toEqual(["a=4", "b=2", "c=3"])
    }
  })
})

describe("an element's classes", () => {
  it("reads them as its classList holds them, whatever whitespace separates them", () => {
    const element = document.createElement("div")
    for (const value of [
      "",
      "   ",
      "one",
      " one ",
      "one two",
      "\tone\n\ntwo\f\rthree  ",
      "a b a c b",
      "x\u00a0y z", // a no-break space is part of a name, not a separator
    ]) {
      element.setAttribute("class", value)
      expect(classesOf(element)).toEqual([...element.classList])
    }
    element.removeAttribute("class")
    expect(classesOf(element)).toEqual([])
  })

  it("reads each element's own names when many elements share some (names read before are reused)", () => {
    // Same lengths and ends, other middles, prefixes of each other, ids: clashes in the reuse.
    const values = [
      "p-4 flex gap-2",
      "p-2 flex gap-4 flex",
      "px-4 fl ex gap-2 p-4",
      `${codebaseId(1)} p-4 text-sm`,
      `text-xs ${codebaseId(2)} p-4`,
      "text-sm",
      "text-sm p-4",
      "gap-2gap-2 gap-2",
      "px-4 py-4 mx-2 my-2", // same length and same first, middle and last characters
      "py-4 px-4",
    ]
    const element = document.createElement("div")
    for (let round = 0; round < 3; round += 1) {
      for (const value of values) {
        element.setAttribute("class", value)
        expect(classesOf(element)).toEqual([...element.classList])
      }
    }
  })

  it("splits a className prop where /\\s+/ would, keeping repeated names", () => {
    for (const value of [
      "",
      " ",
      "one",
      " one  two ",
      "a b a",
      "x\u00a0y z\u2003w\u3000v\ufeffu\vt",
      "\u200bzero-width-is-a-name",
    ]) {
      expect(splitClasses(value)).toEqual(value.split(/\s+/).filter((name) => name !== ""))
    }
    expect(splitClasses(undefined)).toEqual([])
    expect(splitClasses(["a"])).toEqual([])
  })
})

describe("rebuild after DOM changes", () => {
  const scheduler = (ssr: boolean) => {
    const time = fakeClock()
    const refresh = vi.fn()
    const refreshes = createRefreshScheduler({
      clock: time.clock,
      serverRenderingLoader: () => ssr,
      refresh,
    })
    return { time, refresh, refreshes }
  }

  it("rebuilds 300 ms after the last DOM change", () => {
    const { time, refresh, refreshes } = scheduler(false)
    refreshes.domChanged()
    time.advance(200)
    refreshes.domChanged() // restarts the wait
    time.advance(299)
    expect(refresh).not.toHaveBeenCalled()
    time.advance(1)
    expect(refresh).toHaveBeenCalledTimes(1)
    time.advance(5000)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it("with a server-rendering loader, waits 1000 ms and skips when a newer refresh ran", () => {
    const { time, refresh, refreshes } = scheduler(true)
    refreshes.domChanged() // t = 0
    time.advance(100)
    refreshes.domChanged() // t = 100
    time.advance(899)
    expect(refresh).not.toHaveBeenCalled()
    time.advance(1) // t = 1000: the first runs
    expect(refresh).toHaveBeenCalledTimes(1)
    time.advance(100) // t = 1100: the second was asked for before that refresh: skipped
    expect(refresh).toHaveBeenCalledTimes(1)
    refreshes.domChanged() // t = 1100, after the last refresh: runs at 2100
    time.advance(999)
    expect(refresh).toHaveBeenCalledTimes(1)
    time.advance(1)
    expect(refresh).toHaveBeenCalledTimes(2)
  })

  it("skips a server-rendering refresh when one ran in between", () => {
    const { time, refresh, refreshes } = scheduler(true)
    refreshes.domChanged()
    time.advance(500)
    refreshes.refreshNow()
    expect(refresh).toHaveBeenCalledTimes(1)
    time.advance(1000)
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it("warns when a debounced task runs longer than 16 ms", () => {
    const time = fakeClock()
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined)
    const refreshes = createRefreshScheduler({
      clock: time.clock,
      serverRenderingLoader: () => false,
      refresh: () => time.tick(17),
    })
    refreshes.domChanged()
    time.advance(300)
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })
})
