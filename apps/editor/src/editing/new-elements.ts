/** What "add an element" adds: a tag with the props that make it visible at once. */
export const NEW_ELEMENTS = {
  div: { tag: "div", props: { className: "min-h-12 rounded border border-dashed p-4" } },
  text: { tag: "p", props: { children: "New text" } },
  button: {
    tag: "button",
    props: {
      type: "button",
      className: "rounded bg-slate-900 px-3 py-1 text-white",
      children: "Button",
    },
  },
  image: {
    tag: "img",
    props: {
      alt: "",
      width: "160",
      height: "90",
      src: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='90'%3E%3Crect width='100%25' height='100%25' fill='%23cbd5e1'/%3E%3C/svg%3E",
    },
  },
} as const
export type NewElementKind = keyof typeof NEW_ELEMENTS
