import { afterEach, describe, expect, it } from "vitest"
import { attachFiber, codebaseId, fakeClock, fiber, setBox } from "./frame.test-support.ts"
import { type NavTree, buildNavTree, updateNavTree } from "./nav-tree.ts"

afterEach(() => {
  document.body.replaceChildren()
})

/** mulberry32: the same mutations on every run for one seed. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}

const finish = async (
  build: ReturnType<typeof buildNavTree>,
  time: ReturnType<typeof fakeClock>,
) => {
  while (time.runFrame() > 0) {
    // one slice per frame
  }
  return build.done
}

const options = (time: ReturnType<typeof fakeClock>) => ({ storyboardId: "app", clock: time.clock })

const fullBuild = async (time: ReturnType<typeof fakeClock>) =>
  (await finish(buildNavTree(document.body, options(time)), time)).tree

/** Everything a tree answers, with elements compared by identity. */
const expectSameTree = (actual: NavTree, expected: NavTree) => {
  expect(actual.root).toEqual(expected.root)
  expect([...actual.nodes.keys()]).toEqual([...expected.nodes.keys()])
  expect([...actual.lookup.keys()]).toEqual([...expected.lookup.keys()])
  for (const [key, entry] of expected.lookup) {
    const { elements, ...rest } = entry
    const other = actual.lookup.get(key)!
    const { elements: otherElements, ...otherRest } = other
    expect(otherRest).toEqual(rest)
    expect(otherElements.length).toBe(elements.length)
    elements.forEach((element, i) => expect(otherElements[i]).toBe(element))
  }
  expect([...actual.scopeLookup]).toEqual([...expected.scopeLookup])
  expect([...actual.nodeOfElement]).toEqual([...expected.nodeOfElement])
  expect(actual.nonLocal).toBe(expected.nonLocal)
}

let nextId = 1
const keyed = (tag: string, text?: string) => {
  const element = document.createElement(tag)
  element.className = `${codebaseId(nextId)} p-${nextId % 7}`
  nextId += 1
  if (text !== undefined) element.textContent = text
  return element
}

/** A page as React renders it: under #root, with host fibers and some components. */
const reactPage = () => {
  const container = document.createElement("div")
  container.id = "root"
  document.body.appendChild(container)
  const hostRoot = fiber({ tag: 3, type: null, stateNode: { containerInfo: container } })
  const app = fiber({
    tag: 0,
    type: function App() {
      return null
    },
    memoizedProps: { "data-codebase-id": codebaseId(9000) },
    return: hostRoot,
  })
  const main = keyed("main")
  attachFiber(main, fiber({ type: "main", return: app }))
  container.appendChild(main)
  for (let s = 0; s < 4; s += 1) {
    const section = keyed("section")
    const hostOfMain = (main as unknown as Record<string, unknown>)["__reactFiber$test"]
    attachFiber(section, fiber({ type: "section", return: hostOfMain }))
    main.appendChild(section)
    const hostOfSection = (section as unknown as Record<string, unknown>)["__reactFiber$test"]
    // A component rendering two elements, then plain ones.
    const card = fiber({
      tag: 0,
      type: function Card() {
        return null
      },
      memoizedProps: { "data-codebase-id": codebaseId(9001 + s), title: `Card ${s}` },
      return: hostOfSection,
    })
    for (let i = 0; i < 2; i += 1) {
      const part = keyed("div", `part ${i}`)
      attachFiber(part, fiber({ return: card }))
      section.appendChild(part)
    }
    for (let i = 0; i < 3; i += 1) {
      const item = keyed(i === 1 ? "span" : "p", `item ${i}`)
      setBox(item, { x: i, y: s * 100 + i * 10, width: 40, height: 8 })
      attachFiber(item, fiber({ type: "p", return: hostOfSection }))
      section.appendChild(item)
    }
  }
  return container
}

const allElements = () => [...document.querySelectorAll("#root *")]

/** Whether React rendered the element: moving it elsewhere makes its components non-local. */
const rendered = (element: Element) => "__reactFiber$test" in element

/**
 * One random change of the page: inserts, removals, moves, classes, text, style, wrappers. Only
 * elements React did not render move (as the frame's instant updates move theirs).
 */
const mutate = (next: () => number) => {
  const elements = allElements()
  const pick = () => elements[Math.floor(next() * elements.length)]!
  const target = pick()
  const kind = Math.floor(next() * 8)
  if ((kind === 2 || kind === 7) && rendered(target)) return
  switch (kind) {
    case 0: {
      const child = target.children[Math.floor(next() * (target.children.length + 1))] ?? null
      target.insertBefore(keyed(next() < 0.5 ? "div" : "li", "new"), child)
      return
    }
    case 1:
      if (target.parentElement?.id !== "root") target.remove()
      return
    case 2: {
      const place = pick()
      if (!target.contains(place) && target.parentElement?.id !== "root") place.appendChild(target)
      return
    }
    case 3:
      // The codebase id goes, or changes.
      target.className = next() < 0.5 ? "plain" : `${codebaseId(nextId++)} moved`
      return
    case 4:
      target.classList.add(`extra-${Math.floor(next() * 3)}`)
      return
    case 5:
      if (target.firstChild?.nodeType === 3) target.firstChild.nodeValue = `text ${next()}`
      else target.appendChild(document.createTextNode(" more "))
      return
    case 6:
      ;(target as HTMLElement).style.marginTop = `${Math.floor(next() * 20)}px`
      return
    default: {
      if (target.parentElement?.id === "root") return
      const wrapper = document.createElement("div")
      target.replaceWith(wrapper)
      wrapper.appendChild(target)
    }
  }
}

describe("nav tree updates from MutationObserver records", () => {
  it("rebuilds only the subtree a change is in, and answers what a full build answers", async () => {
    const time = fakeClock()
    reactPage()
    const observer = new MutationObserver(() => undefined)
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      characterData: true,
    })
    const before = await fullBuild(time)
    const section = document.querySelectorAll("section")[2]!
    section.insertBefore(keyed("p", "inserted"), section.children[1]!)
    const update = await finish(
      updateNavTree(document.body, before, observer.takeRecords(), options(time)),
      time,
    )
    observer.disconnect()
    expect(update.stats.mode).toBe("update")
    expect(update.stats.subtrees).toBe(1)
    // The section's six children, not the page's 30 elements.
    expect(update.stats.elements).toBe(6)
    expectSameTree(update.tree, await fullBuild(time))
    // The tree it started from is left as it was.
    expect(before.nodes.has(`TE_${codebaseId(nextId - 1)}_app_0-0-0-2-1`)).toBe(false)
  })

  it("equals a full build after random changes (seeded; NAV_TREE_SEED replays one)", async () => {
    const seeds = process.env.NAV_TREE_SEED
      ? [Number(process.env.NAV_TREE_SEED)]
      : [1, 2, 3, 4, 5, 6]
    let updates = 0
    for (const seed of seeds) {
      document.body.replaceChildren()
      const next = random(seed)
      const time = fakeClock()
      reactPage()
      const observer = new MutationObserver(() => undefined)
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ["class", "style"],
        characterData: true,
      })
      let tree = await fullBuild(time)
      for (let round = 0; round < 15; round += 1) {
        const changes = 1 + Math.floor(next() * 4)
        for (let i = 0; i < changes; i += 1) mutate(next)
        const result = await finish(
          updateNavTree(document.body, tree, observer.takeRecords(), options(time)),
          time,
        )
        if (result.stats.mode === "update") updates += 1
        const full = await fullBuild(time)
        try {
          expectSameTree(result.tree, full)
        } catch (error) {
          throw new Error(`seed ${seed}, round ${round}: ${String(error)}`, { cause: error })
        }
        tree = result.tree
      }
      observer.disconnect()
    }
    // Most rounds are updates, not full builds in disguise.
    expect(updates).toBeGreaterThan(seeds.length * 5)
  })

  it("builds the whole tree when a change is at the body or the names differ", async () => {
    const time = fakeClock()
    reactPage()
    const observer = new MutationObserver(() => undefined)
    observer.observe(document.body, { childList: true, subtree: true, attributes: true })
    const tree = await fullBuild(time)
    document.body.appendChild(keyed("footer"))
    const atBody = await finish(
      updateNavTree(document.body, tree, observer.takeRecords(), options(time)),
      time,
    )
    expect(atBody.stats.mode).toBe("full")
    expectSameTree(atBody.tree, await fullBuild(time))

    document.querySelector("p")!.textContent = "changed"
    const renamed = await finish(
      updateNavTree(document.body, atBody.tree, observer.takeRecords(), {
        ...options(time),
        names: new Map([[document.querySelector("main")!.classList[0]!, "Main"]]),
      }),
      time,
    )
    observer.disconnect()
    expect(renamed.stats.mode).toBe("full")
    // #root holds App, which holds main.
    expect(renamed.tree.root.children[0]?.children[0]?.name).toBe("Main")
  })

  it("builds the whole tree once a component's element sits under another host (a portal)", async () => {
    const time = fakeClock()
    reactPage()
    const observer = new MutationObserver(() => undefined)
    observer.observe(document.body, { childList: true, subtree: true, attributes: true })
    const tree = await fullBuild(time)
    const [first, second] = document.querySelectorAll("section")
    // A Card's element now lies in another section, as a portal's would.
    second!.appendChild(first!.children[0]!)
    const moved = await finish(
      updateNavTree(document.body, tree, observer.takeRecords(), options(time)),
      time,
    )
    expect(moved.stats.mode).toBe("full")
    expect(moved.tree.nonLocal).toBe(true)
    expectSameTree(moved.tree, await fullBuild(time))
    // While it is so, a change anywhere builds the whole tree.
    document.querySelectorAll("section")[3]!.appendChild(keyed("p", "later"))
    const later = await finish(
      updateNavTree(document.body, moved.tree, observer.takeRecords(), options(time)),
      time,
    )
    observer.disconnect()
    expect(later.stats.mode).toBe("full")
    expectSameTree(later.tree, await fullBuild(time))
  })

  it("measures every box again when only styles changed", async () => {
    const time = fakeClock()
    reactPage()
    const observer = new MutationObserver(() => undefined)
    observer.observe(document.body, { attributes: true, subtree: true })
    const tree = await fullBuild(time)
    const p = document.querySelector("p")!
    p.style.marginTop = "40px"
    setBox(p, { x: 0, y: 40, width: 40, height: 8 })
    const update = await finish(
      updateNavTree(document.body, tree, observer.takeRecords(), options(time)),
      time,
    )
    observer.disconnect()
    expect(update.stats.mode).toBe("update")
    expect(update.stats.subtrees).toBe(0)
    const key = [...update.tree.nodeOfElement].find(([element]) => element === p)![1]
      .tempoElementKey
    expect(update.tree.lookup.get(key)?.pageBoundingBox).toEqual({
      pageX: 0,
      pageY: 40,
      width: 40,
      height: 8,
    })
  })
})
