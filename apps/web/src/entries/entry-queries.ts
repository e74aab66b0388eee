import { useQuery } from "@tanstack/react-query"
import { api } from "../api/api.ts"
import { ApiError } from "../api/http.ts"

/** An entry's page in the cache: the page, the lightbox and a vote share it. */
export const entryKey = (entryId: string) => ["entry", entryId] as const

/** GET /api/entries/:id; a 404 is an answer ("not found"), not something to retry. */
export const useEntryPage = (entryId: string) =>
  useQuery({
    queryKey: entryKey(entryId),
    queryFn: () => api.entry(entryId),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  })

export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404
