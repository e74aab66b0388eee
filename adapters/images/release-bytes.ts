/**
 * Gives a buffer's memory back now rather than at V8's next full collection (issue 20). A
 * buffer that lives through an image's work (an upload read back for its turn, a rendition until
 * it is written) outlives a young-generation collection, so once dropped it waits for a
 * mark-compact: during a burst of uploads 10 MB a photo piled up that way. Detaching its
 * ArrayBuffer (`transfer(0)`, ES2024, in Node since 21) frees the bytes at once, or at the next
 * turn of the event loop for a buffer sharp made.
 *
 * Only for bytes the caller owns and no one reads again: every view of the buffer becomes empty.
 * A view over part of a larger buffer (a slice of Node's shared pool, a subarray) is left alone,
 * since other bytes live there too; so is a SharedArrayBuffer.
 */
export const releaseBytes = (...views: ReadonlyArray<Uint8Array>) => {
  for (const view of views) {
    const { buffer } = view
    if (!(buffer instanceof ArrayBuffer) || isDetached(buffer)) continue
    if (view.byteOffset !== 0 || view.byteLength !== buffer.byteLength) continue
    ;(buffer as Es2024ArrayBuffer).transfer(0)
  }
}

/** The ES2024 members of ArrayBuffer that the project's ES2023 library does not declare. */
interface Es2024ArrayBuffer extends ArrayBuffer {
  readonly detached: boolean
  transfer(length: number): ArrayBuffer
}

const isDetached = (buffer: ArrayBuffer) => (buffer as Es2024ArrayBuffer).detached
