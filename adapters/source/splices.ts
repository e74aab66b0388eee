/** Replace `[start, end)` of a text by `text`: an insertion when start === end. */
export interface Splice {
  readonly start: number
  readonly end: number
  readonly text: string
}

/**
 * Code an edit moves: the elements that started in `[from, to)` of the old text now start inside
 * the text of splice number `splice`, at `offsetOf(oldOffset - from)`.
 */
export interface Carry {
  readonly from: number
  readonly to: number
  readonly splice: number
  readonly offsetOf: (offset: number) => number
}

/** An element an edit creates: it starts at `offset` in the text of splice number `splice`. */
export interface Created {
  readonly splice: number
  readonly offset: number
}

/** Everything one edit does to one file. */
export interface FileEdit {
  readonly splices: ReadonlyArray<Splice>
  readonly carries: ReadonlyArray<Carry>
  readonly created: ReadonlyArray<Created>
}

export const emptyEdit: FileEdit = { splices: [], carries: [], created: [] }

/** Splices by position; at one position an insertion goes before a replacement. */
const order = (splices: ReadonlyArray<Splice>) =>
  splices
    .map((splice, index) => ({ splice, index }))
    .sort(
      (a, b) =>
        a.splice.start - b.splice.start ||
        Number(a.splice.end > a.splice.start) - Number(b.splice.end > b.splice.start) ||
        a.index - b.index,
    )

export interface AppliedEdit {
  readonly text: string
  /** Where an element that started at `position` in the old text starts now; undefined if gone. */
  readonly mapPosition: (position: number) => number | undefined
  /** Where each created element starts in the new text. */
  readonly createdAt: ReadonlyArray<number>
  /** The splices, sorted, against the old text: applied to it they give the new text. */
  readonly forward: ReadonlyArray<Splice>
  /** The splices that turn the new text back into the old one. */
  readonly inverse: ReadonlyArray<Splice>
}

/** Applies an edit's splices (which must not overlap) in one pass. */
export const applyEdit = (text: string, edit: FileEdit): AppliedEdit => {
  const sorted = order(edit.splices)
  for (let i = 1; i < sorted.length; i += 1) {
    if (sorted[i - 1]!.splice.end > sorted[i]!.splice.start) {
      throw new Error("Overlapping splices in one edit")
    }
  }
  const newStarts = new Map<number, number>()
  const inverse: Splice[] = []
  let out = ""
  let at = 0
  let delta = 0
  for (const { splice, index } of sorted) {
    out += text.slice(at, splice.start)
    newStarts.set(index, splice.start + delta)
    inverse.push({
      start: splice.start + delta,
      end: splice.start + delta + splice.text.length,
      text: text.slice(splice.start, splice.end),
    })
    out += splice.text
    at = splice.end
    delta += splice.text.length - (splice.end - splice.start)
  }
  out += text.slice(at)

  const mapPosition = (position: number): number | undefined => {
    for (const carry of edit.carries) {
      if (position >= carry.from && position < carry.to) {
        return newStarts.get(carry.splice)! + carry.offsetOf(position - carry.from)
      }
    }
    let shift = 0
    for (const { splice } of sorted) {
      if (splice.start <= position && position < splice.end) return undefined
      if (splice.end <= position) shift += splice.text.length - (splice.end - splice.start)
    }
    return position + shift
  }
  return {
    text: out,
    mapPosition,
    createdAt: edit.created.map((created) => newStarts.get(created.splice)! + created.offset),
    forward: sorted.map(({ splice }) => splice),
    inverse,
  }
}

/** Applies sorted, non-overlapping splices (a recorded forward or inverse patch). */
export const applySplices = (text: string, splices: ReadonlyArray<Splice>) =>
  applyEdit(text, { splices, carries: [], created: [] })

/** Joins the edits of several requests to one file. */
export const joinEdits = (edits: ReadonlyArray<FileEdit>): FileEdit => {
  const splices: Splice[] = []
  const carries: Carry[] = []
  const created: Created[] = []
  for (const edit of edits) {
    const base = splices.length
    splices.push(...edit.splices)
    carries.push(...edit.carries.map((carry) => ({ ...carry, splice: carry.splice + base })))
    created.push(...edit.created.map((item) => ({ ...item, splice: item.splice + base })))
  }
  return { splices, carries, created }
}

/**
 * The one range of the old text that sorted splices (an applied edit's `forward`) change, and its
 * length in the new text: what an incremental re-parse is told changed. Null when nothing does.
 */
export const changedRange = (
  forward: ReadonlyArray<Splice>,
): { readonly start: number; readonly end: number; readonly newLength: number } | null => {
  const first = forward[0]
  if (first === undefined) return null
  let end = first.end
  let delta = 0
  for (const splice of forward) {
    end = Math.max(end, splice.end)
    delta += splice.text.length - (splice.end - splice.start)
  }
  return { start: first.start, end, newLength: end - first.start + delta }
}
