import { afterEach, describe, expect, it, vi } from "vitest"
import { copyText } from "./clipboard.ts"

const withClipboard = (writeText: ((text: string) => Promise<void>) | undefined) =>
  Object.defineProperty(navigator, "clipboard", {
    value: writeText ? { writeText } : undefined,
    configurable: true,
  })

// jsdom has no execCommand: give the document one to spy on.
const withExecCommand = (answer: boolean) => {
  const execCommand = vi.fn((_command: string) => answer)
  Object.defineProperty(document, "execCommand", { value: execCommand, configurable: true })
  return execCommand
}

afterEach(() => vi.restoreAllMocks())

describe("copyText", () => {
  it("uses the Clipboard API when there is one", async () => {
    const writeText = vi.fn((_text: string) => Promise.resolve())
    withClipboard(writeText)
    const execCommand = withExecCommand(true)
    expect(await copyText("hello")).toBe(true)
    expect(writeText).toHaveBeenCalledWith("hello")
    expect(execCommand).not.toHaveBeenCalled()
  })

  it("falls back to a hidden textarea when the Clipboard API refuses", async () => {
    withClipboard(() => Promise.reject(new Error("denied")))
    let copiedValue = ""
    const execCommand = withExecCommand(true)
    execCommand.mockImplementation(() => {
      copiedValue = (document.activeElement as HTMLTextAreaElement | null)?.value ?? ""
      return true
    })
    expect(await copyText("the link")).toBe(true)
    expect(execCommand).toHaveBeenCalledWith("copy")
    expect(copiedValue).toBe("the link")
    expect(document.querySelector("textarea")).toBeNull()
  })

  it("falls back when there is no Clipboard API, and says when nothing worked", async () => {
    withClipboard(undefined)
    withExecCommand(false)
    expect(await copyText("x")).toBe(false)
  })
})
