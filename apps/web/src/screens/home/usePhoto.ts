import { useCallback, useEffect, useState } from "react"
import { translate } from "../../../../ui/src/i18n.tsx"
import { photoProblem, PREVIEW_FAILED } from "./submission-rules.ts"

export interface ChosenPhoto {
  readonly file: File
  /** An object URL of the file, for the preview; revoked when the photo is dropped. */
  readonly previewUrl: string
}

/** The photo picked for an entry: checked on choice, previewed, removable. */
export const usePhoto = () => {
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => {
    if (!photo) return
    return () => URL.revokeObjectURL(photo.previewUrl)
  }, [photo])

  const choose = useCallback((file: File | undefined) => {
    if (!file) return
    const wrong = photoProblem(file)
    setProblem(wrong)
    setPhoto(wrong ? null : { file, previewUrl: URL.createObjectURL(file) })
  }, [])

  const remove = useCallback(() => {
    setPhoto(null)
    setProblem(null)
  }, [])

  const previewFailed = useCallback(() => {
    setPhoto(null)
    setProblem(translate(PREVIEW_FAILED))
  }, [])

  return { photo, problem, choose, remove, previewFailed }
}
