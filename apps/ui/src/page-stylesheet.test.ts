import { afterEach, describe, expect, it } from "vitest"
import { applyPageStylesheets } from "./page-stylesheet.ts"

afterEach(() => {
  document.head.innerHTML = ""
})

const preload = (href: string) => {
  const link = document.createElement("link")
  link.rel = "preload"
  link.setAttribute("as", "style")
  link.crossOrigin = ""
  link.href = href
  document.head.append(link)
  return link
}

describe("the page's preloaded stylesheet", () => {
  it("is applied as a stylesheet, and the app waits until it has loaded", async () => {
    preload("/assets/app-1.css")
    let applied = false
    const waiting = applyPageStylesheets().then(() => (applied = true))
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')
    expect(sheet?.href).toBe(new URL("/assets/app-1.css", window.location.href).href)
    expect(sheet?.hasAttribute("crossorigin")).toBe(true)
    await Promise.resolve()
    expect(applied).toBe(false)
    sheet?.dispatchEvent(new Event("load"))
    await waiting
    expect(applied).toBe(true)
  })

  it("lets the app render when the sheet fails to load, and at once when there is none", async () => {
    preload("/assets/missing.css")
    const waiting = applyPageStylesheets()
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event("error"))
    await waiting
    document.head.innerHTML = ""
    await applyPageStylesheets()
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull()
  })
})
