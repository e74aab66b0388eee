import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { Button } from "../../../../ui/src/button.tsx"
import { Field, FormAlert, SelectInput, TextInput } from "../../../../ui/src/form.tsx"
import { fieldMessageOf, messageOf } from "../../../../ui/src/messages.ts"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"

const PAGES_KEY = ["admin", "premium-pages"] as const

type Weeks = Awaited<ReturnType<typeof adminApi.premiumPages>>

const UploadForm = ({ weeks }: { readonly weeks: Weeks }) => {
  const client = useQueryClient()
  const toast = useToast()
  const [week, setWeek] = useState(weeks.currentWeek)
  const [title, setTitle] = useState("")
  const [image, setImage] = useState<File | null>(null)
  const [pdf, setPdf] = useState<File | null>(null)
  const [missing, setMissing] = useState<{ title?: string; image?: string }>({})
  const upload = useMutation({
    mutationFn: (page: File) => adminApi.uploadPremiumPage(week, title, page, pdf),
    onSuccess: async (saved) => {
      toast({ title: "Premium page saved", description: `${saved.week}: ${saved.title}` })
      setTitle("")
      await client.invalidateQueries({ queryKey: PAGES_KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const problems = {
      ...(title.trim() ? {} : { title: "Give the page a title" }),
      ...(image ? {} : { image: "Choose the page (PNG, JPEG, WebP or AVIF)" }),
    }
    setMissing(problems)
    if (image && title.trim()) upload.mutate(image)
  }
  const serverField = (field: string) =>
    upload.isError ? fieldMessageOf(upload.error, [field], "") || undefined : undefined
  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
      <Field
        label="Week"
        hint="ISO weeks, Monday 00:00 to Monday 00:00 UTC."
        error={serverField("week")}
      >
        <SelectInput value={week} onChange={(event) => setWeek(event.target.value)}>
          <option value={weeks.currentWeek}>This week ({weeks.currentWeek})</option>
          <option value={weeks.nextWeek}>Next week ({weeks.nextWeek})</option>
        </SelectInput>
      </Field>
      <Field label="Title" error={missing.title ?? serverField("title")}>
        <TextInput
          value={title}
          maxLength={120}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <Field label="Page (PNG, JPEG, WebP or AVIF)" error={missing.image}>
        <TextInput
          type="file"
          accept="image/png,image/jpeg,image/webp,image/avif"
          onChange={(event) => setImage(event.target.files?.[0] ?? null)}
        />
      </Field>
      <Field label="Print PDF (optional)" hint="One page; made from the picture when not sent.">
        <TextInput
          type="file"
          accept="application/pdf"
          onChange={(event) => setPdf(event.target.files?.[0] ?? null)}
        />
      </Field>
      {upload.isError && !serverField("week") && !serverField("title") && (
        <FormAlert message={messageOf(upload.error, "The page was not saved")} />
      )}
      <div>
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? "Uploading…" : "Upload premium page"}
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
  return (
    <div>
      <PageHeader
        title="Premium pages"
        description={
          <>
            Color Pro and Champ members download one extra page a week on{" "}
            <a href="/rewards" className="underline">
              the rewards page
            </a>
            . A second upload for a week replaces its page.
          </>
        }
      />
      <Loadable
        query={pages}
        loading="Loading the premium pages…"
        failure="The premium pages did not load"
      >
        {(weeks) => (
          <div className="grid gap-8">
            <UploadForm weeks={weeks} />
            {weeks.pages.length === 0 ? (
              <EmptyState title="No premium pages yet">Upload this week's page above.</EmptyState>
            ) : (
              <TableBox label="Premium pages by week" cards>
                <thead>
                  <Tr>
                    <Th>Week</Th>
                    <Th>Title</Th>
                    <Th>Page</Th>
                    <Th>Uploaded</Th>
                  </Tr>
                </thead>
                <tbody>
                  {weeks.pages.map((page) => (
                    <Tr key={page.week}>
                      <Td label="Week">{page.week}</Td>
                      <Td label="Title">{page.title}</Td>
                      <Td label="Page">
                        {page.image && (
                          <img
                            src={page.image}
                            alt={`Premium page of ${page.week}`}
                            width={64}
                            height={64}
                            className="size-16 rounded border border-border bg-white object-contain"
                          />
                        )}
                      </Td>
                      <Td label="Uploaded">{new Date(page.uploadedAt).toLocaleString("en-US")}</Td>
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
