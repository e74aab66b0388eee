import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, FormAlert, SelectInput, TextInput } from "../../../../ui/src/form.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { fieldMessageOf, messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import { dateTime } from "../../ui/dates.ts"

const PAGES_KEY = ["admin", "premium-pages"] as const

type Weeks = Awaited<ReturnType<typeof adminApi.premiumPages>>

const UploadForm = ({ weeks }: { readonly weeks: Weeks }) => {
  const client = useQueryClient()
  const toast = useToast()
  const t = useT()
  const [week, setWeek] = useState(weeks.currentWeek)
  const [title, setTitle] = useState("")
  const [image, setImage] = useState<File | null>(null)
  const [pdf, setPdf] = useState<File | null>(null)
  const [missing, setMissing] = useState<{ title?: string; image?: string }>({})
  const upload = useMutation({
    mutationFn: (page: File) => adminApi.uploadPremiumPage(week, title, page, pdf),
    onSuccess: async (saved) => {
      toast({
        title: t("admin.perks.premium.saved"),
        description: t("admin.perks.premium.savedPage", { week: saved.week, title: saved.title }),
      })
      setTitle("")
      await client.invalidateQueries({ queryKey: PAGES_KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = {
      ...(title.trim() ? {} : { title: t("admin.perks.premium.titleMissing") }),
      ...(image ? {} : { image: t("admin.perks.premium.imageMissing") }),
    }
    setMissing(problems)
    if (image && title.trim()) upload.mutate(image)
  }
  const serverField = (field: string) =>
    upload.isError ? fieldMessageOf(upload.error, [field], "") || undefined : undefined
  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
      <Field
        label={t("admin.perks.premium.week")}
        hint={t("admin.perks.premium.weekHint")}
        error={serverField("week")}
      >
        <SelectInput value={week} onChange={(event) => setWeek(event.target.value)}>
          <option value={weeks.currentWeek}>
            {t("admin.perks.premium.thisWeek", { week: weeks.currentWeek })}
          </option>
          <option value={weeks.nextWeek}>
            {t("admin.perks.premium.nextWeek", { week: weeks.nextWeek })}
          </option>
        </SelectInput>
      </Field>
      <Field label={t("admin.perks.premium.title")} error={missing.title ?? serverField("title")}>
        <TextInput
          value={title}
          maxLength={120}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <Field label={t("admin.perks.premium.image")} error={missing.image}>
        <TextInput
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          onChange={(event) => setImage(event.target.files?.[0] ?? null)}
        />
      </Field>
      <Field label={t("admin.perks.premium.pdf")} hint={t("admin.perks.premium.pdfHint")}>
        <TextInput
          type="file"
          accept="application/pdf"
          onChange={(event) => setPdf(event.target.files?.[0] ?? null)}
        />
      </Field>
      {upload.isError && !serverField("week") && !serverField("title") && (
        <FormAlert message={messageOf(upload.error, t("admin.perks.premium.notSaved"))} />
      )}
      <div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? t("admin.perks.premium.uploading") : t("admin.perks.premium.upload")}
        </Button>
      </div>
    </form>
  )
}

/**
 * Premium line art (issue 19): one extra page a week for Color Pro and Champ members, uploaded
 * here like a contest's line art; members download it on /rewards.
 */
const PremiumPagesPage = () => {
  const pages = useQuery({ queryKey: PAGES_KEY, queryFn: adminApi.premiumPages })
  const t = useT()
  return (
    <div>
      <PageHeader
        title={t("admin.perks.premium.pageTitle")}
        description={
          <T
            id="admin.perks.premium.description"
            components={{ 0: <a href="/rewards" className="underline" /> }}
          />
        }
      />
      <Loadable
        query={pages}
        loading={t("admin.perks.premium.loading")}
        failure={t("admin.perks.premium.failed")}
      >
        {(weeks) => (
          <div className="grid gap-8">
            <UploadForm weeks={weeks} />
            {weeks.pages.length === 0 ? (
              <EmptyState title={t("admin.perks.premium.none")}>
                {t("admin.perks.premium.noneBody")}
              </EmptyState>
            ) : (
              <TableBox label={t("admin.perks.premium.table")} cards>
                <thead>
                  <Tr>
                    <Th>{t("admin.perks.premium.week")}</Th>
                    <Th>{t("admin.perks.premium.title")}</Th>
                    <Th>{t("admin.perks.premium.column.page")}</Th>
                    <Th>{t("admin.perks.premium.column.uploaded")}</Th>
                  </Tr>
                </thead>
                <tbody>
                  {weeks.pages.map((page) => (
                    <Tr key={page.week}>
                      <Td label={t("admin.perks.premium.week")}>{page.week}</Td>
                      <Td label={t("admin.perks.premium.title")}>{page.title}</Td>
                      <Td label={t("admin.perks.premium.column.page")}>
                        {page.image && (
                          <img
                            src={page.image}
                            alt={t("admin.perks.premium.alt", { week: page.week })}
                            width={64}
                            height={64}
                            className="size-16 rounded border border-border bg-white object-contain"
                          />
                        )}
                      </Td>
                      <Td label={t("admin.perks.premium.column.uploaded")}>
                        {dateTime(page.uploadedAt)}
                      </Td>
                    </Tr>
                  ))}
                </tbody>
              </TableBox>
            )}
          </div>
        )}
      </Loadable>
    </div>
  )
}

export default PremiumPagesPage
