/**
 * Copies text for the share menu: the Clipboard API when the page may use it, else the old
 * hidden-textarea copy (insecure origins, older browsers, a denied permission). The Clipboard call
 * starts synchronously, inside the click that asked for it, as browsers require.
 */
export const copyText = async (text: string): Promise<boolean> => {
  try {
    if (typeof navigator.clipboard?.writeText === "function") {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Denied or unavailable: try the fallback below.
  }
  return fallbackCopy(text)
}

const fallbackCopy = (text: string): boolean => {
  const previousFocus =
    document.activeElement instanceof HTMLElement ? document.activeElement : null
  const area = document.createElement("textarea")
  area.value = text
  area.setAttribute("readonly", "")
  area.setAttribute("aria-hidden", "true")
  area.style.position = "fixed"
  area.style.top = "0"
  area.style.left = "0"
  area.style.opacity = "0"
  document.body.appendChild(area)
  area.focus()
  area.select()
  try {
    return document.execCommand("copy")
  } catch {
    return false
  } finally {
    area.remove()
    previousFocus?.focus()
  }
}
