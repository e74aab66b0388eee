import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import type { ManagedRuntime } from "effect"
import { type HttpConfig, makeHttpApp, type SessionLookup } from "./app.ts"
import type { SharePreviews } from "./page-meta.ts"
import { allRoutes } from "./routes/index.ts"

export interface ListenOptions {
  readonly host: string
  readonly port: number
}

/** Starts the API on host:port over a runtime; resolves once listening, with the bound URL. */
export const startHttpServer = async <R>(options: {
  readonly runtime: ManagedRuntime.ManagedRuntime<R, unknown>
  readonly sessions: SessionLookup<R>
  readonly config: HttpConfig
  readonly listen: ListenOptions
  /** What shared links preview (`sharePreviews`); without it, pages get the site's tags only. */
  readonly previews?: SharePreviews<R>
}): Promise<{
  readonly server: Server
  readonly url: string
  readonly close: () => Promise<void>
}> => {
  const app = makeHttpApp({
    runtime: options.runtime,
    routes: allRoutes,
    sessions: options.sessions,
    config: options.config,
    ...(options.previews ? { previews: options.previews } : {}),
  })
  const handle = app.callback()
  // Koa's handler settles its own errors; the promise carries nothing to wait for.
  const server = createServer((request, response) => void handle(request, response))
  // Slow clients must not hold sockets forever.
  server.requestTimeout = 30_000
  server.headersTimeout = 15_000
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.listen.port, options.listen.host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address
  return {
    server,
    url: `http://${host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
