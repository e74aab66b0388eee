/**
 * The app's stylesheet, applied by the app itself (issue 20): the build preloads it from the
 * page's head instead of linking it (apps/ui/vite.app-config.ts, prerenderShell), so neither the
 * first paint (the shell, styled by its inlined critical rules) nor the entry script waits for
 * it: a `<link rel="stylesheet">` in the page holds back the module scripts after it until it has
 * loaded, and Lighthouse counts it as render-blocking. The entry applies it here and renders once
 * it has loaded, so the app never renders unstyled. A page without the preload (the dev server,
 * which injects styles from the scripts) resolves at once; a sheet that fails to load does too,
 * as a `<link>` in the page would have.
 */
export const applyPageStylesheets = (doc: Document = document): Promise<unknown> =>
  Promise.all(
    [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')].map(
      (preload) =>
        new Promise((resolve) => {
          const sheet = doc.createElement("link")
          sheet.rel = "stylesheet"
          sheet.crossOrigin = preload.crossOrigin
          sheet.href = preload.href
          sheet.onload = sheet.onerror = resolve
          preload.after(sheet)
        }),
    ),
  )
