import { Progress } from "radix-ui"
import { useEffect, useRef, useState, type FormEvent } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import { Card } from "../../../../ui/src/card.tsx"
import { Field, FormAlert } from "../../../../ui/src/form.tsx"
import { intlLocale } from "../../../../ui/src/format.ts"
import { useT, type Translate } from "../../../../ui/src/i18n.tsx"
import { messageOf } from "../../../../ui/src/messages.ts"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Contest } from "../../api/admin-types.ts"
import { useContestChanged } from "./contest-queries.ts"

/** What the server takes (adapters/http/uploads.ts): these pictures and PDFs, 10 MB each at most. */
export const LINE_ART_TYPES = ["image/png", "image/jpeg", "image/webp", "image/avif"] as const
export const MAX_LINE_ART_BYTES = 10 * 1024 * 1024

/** 12.3 (MB), with one decimal, in the page's language ("12,3" in German). */
const megabytes = (bytes: number) =>
  new Intl.NumberFormat(intlLocale(), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024))

/** Why a chosen file cannot be sent, or null. */
export const fileProblem = (file: File, kind: "image" | "pdf", t: Translate): string | null => {
  if (kind === "image" && !(LINE_ART_TYPES as readonly string[]).includes(file.type))
    return t("admin.contests.lineArt.notImage", { name: file.name })
  if (kind === "pdf" && file.type !== "application/pdf")
    return t("admin.contests.lineArt.notPdf", { name: file.name })
  if (file.size > MAX_LINE_ART_BYTES)
    return t("admin.contests.lineArt.tooBig", { name: file.name, size: megabytes(file.size) })
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
  const t = useT()
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
    const wrong = file ? fileProblem(file, kind, t) : null
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
      setProblem(t("admin.contests.lineArt.choose"))
      return
    }
    if (!image && !contest.lineArt) {
      setProblem(t("admin.contests.lineArt.needsImage"))
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
      toast({ title: t("admin.contests.lineArt.saved"), description: saved.challenge.title })
    } catch (error) {
      setProblem(messageOf(error, t("admin.contests.lineArt.notSaved")))
    } finally {
      setProgress(null)
    }
  }

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card title={t("admin.contests.lineArt.current")}>
        {contest.lineArt ? (
          <img
            src={contest.lineArt}
            alt={t("admin.contests.lineArt.alt", { title: contest.title })}
            width={600}
            height={600}
            loading="lazy"
            className="h-auto max-h-96 w-full rounded-md border border-slate-200 bg-white object-contain"
          />
        ) : (
          <p className="rounded-md border border-dashed border-amber-400 bg-amber-50 p-4 text-sm text-amber-900">
            {t("admin.contests.lineArt.none")}
          </p>
        )}
        {pdfSent !== null && (
          <p className="mt-2 text-sm text-slate-700">
            {pdfSent ? t("admin.contests.lineArt.pdfSent") : t("admin.contests.lineArt.pdfMade")}
          </p>
        )}
      </Card>
      <Card title={t("admin.contests.lineArt.upload")}>
        <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          <FormAlert message={problem} />
          <Field
            label={t("admin.contests.lineArt.page")}
            hint={t("admin.contests.lineArt.pageHint")}
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
              alt={t("admin.contests.lineArt.preview")}
              width={600}
              height={600}
              className="h-auto max-h-72 w-full rounded-md border border-slate-200 bg-white object-contain"
            />
          )}
          <Field
            label={t("admin.contests.lineArt.pdf")}
            hint={t("admin.contests.lineArt.pdfHint")}
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
              aria-label={t("admin.contests.lineArt.progress")}
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
              {busy
                ? t("admin.contests.lineArt.uploading", { percent: progress })
                : t("admin.contests.lineArt.upload")}
            </Button>
          </div>
        </form>
      </Card>
    </div>
  )
}
