import type { CopiedElement } from "./editor-snapshot.ts"

/**
 * What a paste sends as ADD_JSX's fileContentsToSourceFrom: a file of its own holding the copied
 * element's imports and a default export rendering the element. The server takes that JSX with
 * the imports it uses, rebased from the copied file's folder (fileContentsSourceFilename), so a
 * copy pasted into another file brings its imports along. A name its file declares comes along
 * as an import from that file when the file exports it; one it does not export, or a prop or local
 * value, is refused by the server, naming it (adapters/source/pasted-names.ts).
 */
export const pastedFileContents = (copied: CopiedElement): string =>
  `${copied.imports}\n\nexport default function Pasted() {\n  return (\n    ${copied.text}\n  )\n}\n`
