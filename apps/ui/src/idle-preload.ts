import { createElement, lazy, useEffect, useRef, type ComponentType } from "react"

/**
 * A part of a screen that the first paint does not need (a dialog, a toast), in a chunk of its
 * own: `Component` to render under a Suspense boundary, `preload` to fetch it ahead of time. The
 * first screen then carries none of its code; `useIdlePreload` fetches it once the page is settled,
 * so opening it later does not wait on the network. Once loaded it renders directly, without a
 * Suspense round (React holds a fallback for at least 300 ms).
 */
export const deferred = <P extends object>(
  load: () => Promise<ComponentType<P>>,
): { readonly Component: ComponentType<P>; readonly preload: () => Promise<unknown> } => {
  let loading: Promise<ComponentType<P>> | undefined
  let loaded: ComponentType<P> | undefined
  const preload = () =>
    (loading ??= load().then((component) => {
      loaded = component
      return component
    }))
  const Lazy = lazy(async () => ({ default: await preload() }))
  const Component = (props: P) => createElement(loaded ?? Lazy, props)
  return { Component, preload }
}

/**
 * After the page's load event and a quiet moment: what the first screen does not need waits until
 * the first screen is done (issue 20). Fetched and run sooner, the chunks landed as long tasks among
 * the first render's, on a phone and in Lighthouse's measure of it.
 */
const QUIET_AFTER_LOAD_MS = 3000

let pageSettled: Promise<void> | undefined
const afterPageSettles = (): Promise<void> =>
  (pageSettled ??= new Promise<void>((resolve) => {
    const settle = () => window.setTimeout(resolve, QUIET_AFTER_LOAD_MS)
    if (document.readyState === "complete") settle()
    else window.addEventListener("load", settle, { once: true })
  }))

/**
 * Runs `preload` once the page has loaded and settled (see afterPageSettles), when the browser is
 * next idle (at the latest 5 s later), once per mount.
 */
export const useIdlePreload = (preload: () => Promise<unknown>): void =>
  useEffect(() => {
    let cancel: (() => void) | undefined
    let cancelled = false
    const start = () => void preload().catch(() => undefined)
    void afterPageSettles().then(() => {
      if (cancelled) return
      if (typeof window.requestIdleCallback === "function") {
        const handle = window.requestIdleCallback(start, { timeout: 5000 })
        cancel = () => window.cancelIdleCallback(handle)
      } else {
        const timer = window.setTimeout(start, 2000)
        cancel = () => window.clearTimeout(timer)
      }
    })
    return () => {
      cancelled = true
      cancel?.()
    }
  }, [preload])

/** True from the first render where `open` was true: a deferred dialog stays mounted after. */
export const useOpenedOnce = (open: boolean): boolean => {
  const opened = useRef(open)
  if (open) opened.current = true
  return opened.current
}
