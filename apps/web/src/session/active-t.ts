import { i18n, type Translate } from "../../../ui/src/i18n.tsx"

/**
 * Translates in the page's active language, for a text helper called without the `t` of the
 * component that shows it (that component's useT re-renders it when the language changes).
 */
export const activeT: Translate = (id, values) => i18n._(id, values)
