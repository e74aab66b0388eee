import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query"
import { type FormEvent, useState } from "react"
import { ConfirmDialog } from "../../../../ui/src/alert-dialog.tsx"
import { Button } from "../../../../ui/src/button.tsx"
import { Card, Chip, type ChipTone } from "../../../../ui/src/card.tsx"
import { FormAlert, problemOf, TextField } from "../../../../ui/src/form.tsx"
import { T, useT } from "../../../../ui/src/i18n.tsx"
import { PageHeader } from "../../../../ui/src/page.tsx"
import { EmptyState, Loadable } from "../../../../ui/src/states.tsx"
import { TableBox, Td, Th, Tr } from "../../../../ui/src/table.tsx"
import { useToast } from "../../../../ui/src/toast.tsx"
import { adminApi } from "../../api/admin-api.ts"
import type { Spotlight } from "../../api/admin-types.ts"
import { dateTime } from "../../ui/dates.ts"

const SPOTLIGHTS_KEY = ["admin", "spotlights"] as const

const STATUS: { readonly [S in Spotlight["status"]]: { label: string; tone: ChipTone } } = {
  upcoming: { label: "admin.spotlight.status.upcoming", tone: "sky" },
  active: { label: "admin.spotlight.status.active", tone: "green" },
  ended: { label: "admin.spotlight.status.ended", tone: "slate" },
}

/** The entry id in what the admin pasted: an entry's address (…/entries/ID) or the id itself. */
export const entryIdOf = (text: string): string => {
  const trimmed = text.trim()
  const fromPath = /\/entries\/([^/?#\s]+)/.exec(trimmed)?.[1]
  return fromPath ? decodeURIComponent(fromPath) : trimmed
}

/** A datetime-local value ("2026-11-27T18:00", the admin's time) as ISO 8601, "" when empty. */
const isoOf = (local: string): string => (local ? new Date(local).toISOString() : "")

const FIELDS = ["entryId", "startsAt", "endsAt"] as const

const AddSpotlight = () => {
  const client = useQueryClient()
  const toast = useToast()
  const t = useT()
  const [entry, setEntry] = useState("")
  const [startsAt, setStartsAt] = useState("")
  const [endsAt, setEndsAt] = useState("")
  const [missing, setMissing] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({})
  const add = useMutation({
    mutationFn: () => adminApi.featureEntry(entryIdOf(entry), isoOf(startsAt), isoOf(endsAt)),
    onSuccess: async (spotlight) => {
      setEntry("")
      setStartsAt("")
      setEndsAt("")
      toast({
        title: t("admin.spotlight.featured"),
        description: t("admin.spotlight.featuredFrom", {
          username: spotlight.entry.username,
          start: dateTime(spotlight.startsAt),
        }),
      })
      await client.invalidateQueries({ queryKey: SPOTLIGHTS_KEY })
    },
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const blank = {
      ...(entryIdOf(entry) ? {} : { entryId: t("admin.spotlight.entryMissing") }),
      ...(startsAt ? {} : { startsAt: t("admin.spotlight.startsMissing") }),
      ...(endsAt ? {} : { endsAt: t("admin.spotlight.endsMissing") }),
    }
    setMissing(blank)
    if (Object.keys(blank).length === 0) add.mutate()
  }
  const problem = add.isError
    ? problemOf(add.error, FIELDS, t("admin.spotlight.notFeatured"))
    : null
  const errorOf = (field: (typeof FIELDS)[number]) => missing[field] ?? problem?.fields[field]
  return (
    <Card title={t("admin.spotlight.add.title")}>
      <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-3">
        <TextField
          label={t("admin.spotlight.entry")}
          hint={t("admin.spotlight.entryHint")}
          className="md:col-span-3"
          value={entry}
          onChange={(event) => setEntry(event.target.value)}
          error={errorOf("entryId")}
        />
        <TextField
          label={t("admin.spotlight.starts")}
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={errorOf("startsAt")}
        />
        <TextField
          label={t("admin.spotlight.ends")}
          type="datetime-local"
          hint={t("admin.spotlight.endsHint")}
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={errorOf("endsAt")}
        />
        <div className="flex items-end">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? t("admin.spotlight.featuring") : t("admin.spotlight.feature")}
          </Button>
        </div>
        {problem && Object.keys(problem.fields).length === 0 && (
          <div className="md:col-span-3">
            <FormAlert message={problem.message} />
          </div>
        )}
      </form>
    </Card>
  )
}

const RemoveSpotlight = ({ spotlight }: { readonly spotlight: Spotlight }) => {
  const client = useQueryClient()
  const toast = useToast()
  const t = useT()
  const username = spotlight.entry.username
  return (
    <ConfirmDialog
      trigger={
        <Button variant="secondary" size="sm">
          <T
            id="admin.spotlight.removeButton"
            values={{ username }}
            components={{ 0: <span className="sr-only" /> }}
          />
        </Button>
      }
      title={t("admin.spotlight.removeTitle", { username })}
      description={t("admin.spotlight.removeDescription")}
      confirmLabel={t("admin.spotlight.remove")}
      busyLabel={t("admin.spotlight.removing")}
      onConfirm={async () => {
        await adminApi.removeSpotlight(spotlight.id)
        await client.invalidateQueries({ queryKey: SPOTLIGHTS_KEY })
        toast({ title: t("admin.spotlight.removed"), description: username })
      }}
    />
  )
}

/** The home page's Spotlight: feature Pro and Champ entries for a while, and take them out. */
const SpotlightPage = () => {
  const spotlights = useQuery({ queryKey: SPOTLIGHTS_KEY, queryFn: adminApi.spotlights })
  const t = useT()
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("admin.spotlight.title")}
        description={t("admin.spotlight.description")}
      />
      <AddSpotlight />
      <Loadable
        query={spotlights}
        loading={t("admin.spotlight.loading")}
        failure={t("admin.spotlight.failed")}
      >
        {(all) =>
          all.length === 0 ? (
            <EmptyState title={t("admin.spotlight.none")}>
              {t("admin.spotlight.noneBody")}
            </EmptyState>
          ) : (
            <TableBox label={t("admin.spotlight.title")} cards>
              <thead>
                <Tr>
                  <Th>{t("admin.spotlight.entry")}</Th>
                  <Th>{t("admin.spotlight.starts")}</Th>
                  <Th>{t("admin.spotlight.ends")}</Th>
                  <Th>{t("admin.spotlight.status")}</Th>
                  <Th>
                    <span className="sr-only">{t("admin.spotlight.actions")}</span>
                  </Th>
                </Tr>
              </thead>
              <tbody>
                {all.map((spotlight) => (
                  <Tr key={spotlight.id}>
                    <Td label={t("admin.spotlight.entry")}>
                      <a
                        href={`/entries/${spotlight.entry.id}`}
                        className="font-medium text-slate-900 underline"
                      >
                        {t("admin.spotlight.entryOf", { username: spotlight.entry.username })}
                      </a>
                    </Td>
                    <Td label={t("admin.spotlight.starts")}>{dateTime(spotlight.startsAt)}</Td>
                    <Td label={t("admin.spotlight.ends")}>{dateTime(spotlight.endsAt)}</Td>
                    <Td label={t("admin.spotlight.status")}>
                      <Chip tone={STATUS[spotlight.status].tone}>
                        {t(STATUS[spotlight.status].label)}
                      </Chip>
                    </Td>
                    <Td>
                      <RemoveSpotlight spotlight={spotlight} />
                    </Td>
                  </Tr>
                ))}
              </tbody>
            </TableBox>
          )
        }
      </Loadable>
    </div>
  )
}

export default SpotlightPage
