import { Progress } from "radix-ui"
import { useEffect, useRef, useState, type FormEvent } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, FormAlert } from "../../../../ui/src/form.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Contest } from "../../api/admin-types.ts"
import { useContestChanged } from "./contest-queries.ts"

/** What the server takes (adapters/http/uploads.ts): these pictures and PDFs, 10 MB each at most. */
export const LINE_ART_TYPES = ["image/png", "image/jpeg", "image/webp", "image/avif"] as const
export const MAX_LINE_ART_BYTES = 10 * 1024 * 1024

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/** Why a chosen file cannot be sent, or null. */
export const fileProblem = (file: File, kind: "image" | "pdf"): string | null => {
  if (kind === "image" && !(LINE_ART_TYPES as readonly string[]).includes(file.type))
    return `${file.name} is not a PNG, JPEG, WebP or AVIF picture.`
  if (kind === "pdf" && file.type !== "application/pdf") return `${file.name} is not a PDF.`
  if (file.size > MAX_LINE_ART_BYTES)
    return `${file.name} is ${megabytes(file.size)}; the limit is 10 MB.`
  return null
}

/** A local preview of the chosen picture, released when another is chosen or the panel closes. */
const usePreview = (file: File | undefined) => {
  const [url, setUrl] = useState<string | null>(null)
  useEffect(() => {
    if (!file) {
      setUrl(null)
      return
    }
    const made = URL.createObjectURL(file)
    setUrl(made)
    return () => URL.revokeObjectURL(made)
  }, [file])
  return url
}

/** The contest's page: what it has now, and a new picture and/or print PDF with a preview. */
export const LineArtPanel = ({ contest }: { readonly contest: Contest }) => {
  const [image, setImage] = useState<File | undefined>()
  const [pdf, setPdf] = useState<File | undefined>()
  const [imageError, setImageError] = useState<string | undefined>()
  const [pdfError, setPdfError] = useState<string | undefined>()
  const [problem, setProblem] = useState<string | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [pdfSent, setPdfSent] = useState<boolean | null>(null)
  const form = useRef<HTMLFormElement>(null)
  const preview = usePreview(image)
  const changed = useContestChanged()
  const toast = useToast()
  const busy = progress !== null

  const choose = (kind: "image" | "pdf") => (event: { target: { files: FileList | null } }) => {
    const file = event.target.files?.[0]
    const wrong = file ? fileProblem(file, kind) : null
    setProblem(null)
    if (kind === "image") {
      setImageError(wrong ?? undefined)
      setImage(wrong ? undefined : file)
    } else {
      setPdfError(wrong ?? undefined)
      setPdf(wrong ? undefined : file)
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!image && !pdf) {
      setProblem("Choose the page (a picture), its print PDF, or both.")
      return
    }
    if (!image && !contest.lineArt) {
      setProblem("This contest has no page yet: send the picture with the PDF.")
      return
    }
    setProblem(null)
    setProgress(0)
    try {
      const saved = await adminApi.uploadLineArt(contest.id, { image, pdf }, setProgress)
      changed(saved.challenge)
      setPdfSent(saved.lineArt.printPdfSent)
      setImage(undefined)
      setPdf(undefined)
      form.current?.reset()
      toast({ title: "Line art saved", description: saved.challenge.title })
    } catch (error) {
      setProblem(messageOf(error, "The line art could not be saved"))
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title="Current line art">
        {contest.lineArt ? (
          <img
            src={contest.lineArt}
            alt={`Line art of ${contest.title}`}
            width={600}
            height={600}
            loading="lazy"
            className="h-auto max-h-96 w-full rounded-md border border-slate-200 bg-white object-contain"
          />
        ) : (
          <p className="rounded-md border border-dashed border-amber-400 bg-amber-50 p-4 text-sm text-amber-900">
            This contest has no line art yet: members cannot download a page.
          </p>
        )}
        {pdfSent !== null && (
          <p className="mt-2 text-sm text-slate-700">
            {pdfSent
              ? "Downloads use the print PDF you sent."
              : "Downloads use a PDF made from the picture."}
          </p>
        )}
      </Card>
      <Card title="Upload line art">
        <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <FormAlert message={problem} />
          <Field
            label="Page (PNG, JPEG, WebP or AVIF)"
            hint="Shown on the site and printed; 10 MB at most."
            error={imageError}
          >
            <input
              type="file"
              accept={LINE_ART_TYPES.join(",")}
              onChange={choose("image")}
              disabled={busy}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
            />
          </Field>
          {preview && (
            <img
              src={preview}
              alt="Preview of the chosen page"
              width={600}
              height={600}
              className="h-auto max-h-72 w-full rounded-md border border-slate-200 bg-white object-contain"
            />
          )}
          <Field
            label="Print PDF (optional)"
            hint="One page; without it, downloads get a PDF made from the picture."
            error={pdfError}
          >
            <input
              type="file"
              accept="application/pdf"
              onChange={choose("pdf")}
              disabled={busy}
              className="block w-full min-w-0 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:font-medium file:text-brand-700"
            />
          </Field>
          {progress !== null && (
            <Progress.Root
              value={progress}
              aria-label="Upload progress"
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <Progress.Indicator
                className="h-full bg-brand-600 transition-[width]"
                style={{ width: `${progress}%` }}
              />
            </Progress.Root>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={busy}>
              {busy ? `Uploading… ${progress}%` : "Upload line art"}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
