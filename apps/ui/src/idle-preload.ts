import { createElement, lazy, useEffect, useRef, type ComponentType } from "react"

/**
 * A part of a screen that the first paint does not need (a dialog, a toast), in a chunk of its
 * own: `Component` to render under a Suspense boundary, `preload` to fetch it ahead of time. The
 * first screen then carries none of its code; `useIdlePreload` fetches it once the page is idle,
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

/** Runs `preload` when the browser is next idle (at the latest after 5 s), once per mount. */
export const useIdlePreload = (preload: () => Promise<unknown>): void =>
  useEffect(() => {
    const start = () => void preload().catch(() => undefined)
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(start, { timeout: 5000 })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = window.setTimeout(start, 2000)
    return () => window.clearTimeout(timer)
  }, [preload])

/** True from the first render where `open` was true: a deferred dialog stays mounted after. */
export const useOpenedOnce = (open: boolean): boolean => {
  const opened = useRef(open)
  if (open) opened.current = true
  return opened.current
}
