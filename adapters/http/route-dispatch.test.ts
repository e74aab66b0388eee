import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import Router, { type Layer } from "@koa/router"
import Koa from "koa"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { AnyRoute, Method } from "./route.ts"
import { type RegisteredRoute, routeDispatch } from "./route-dispatch.ts"

// Routes in an order where the router's choice matters: a parameter route registered before a
// static path it also matches, two methods on one path, a wildcard.
const ROUTES: ReadonlyArray<readonly [Method, string]> = [
  ["GET", "/api/things/:id"],
  ["GET", "/api/things/search"],
  ["POST", "/api/things/:id/vote"],
  ["GET", "/api/things/:id/vote"],
  ["GET", "/api/health"],
  ["DELETE", "/api/things/:id"],
  ["GET", "/api/files/*rest"],
]

/** An app answering which route took the request and with what params; the router alone or not. */
const appWith = (dispatch: boolean) => {
  const app = new Koa()
  const router = new Router()
  const registered: Array<RegisteredRoute> = []
  for (const [method, path] of ROUTES) {
    const handle = (ctx: Koa.Context) => {
      ctx.body = { route: `${method} ${path}`, params: ctx.params as unknown }
      return Promise.resolve()
    }
    const layer = router.register(path, [method], handle) as Layer
    registered.push({ spec: { method, path } as AnyRoute, layer, handle })
  }
  if (dispatch) app.use(routeDispatch(router, registered))
  app.use(router.routes())
  app.use((ctx) => {
    ctx.status = 404
    ctx.body = { route: null }
  })
  return app
}

const listen = (app: Koa) =>
  new Promise<Server>((resolve) => {
    const callback = app.callback()
    const server = createServer((request, response) => void callback(request, response))
    server.listen(0, "127.0.0.1", () => resolve(server))
  })

describe("routeDispatch", () => {
  let routerOnly: Server
  let dispatched: Server
  beforeAll(async () => {
    routerOnly = await listen(appWith(false))
    dispatched = await listen(appWith(true))
  })
  afterAll(() => {
    routerOnly.close()
    dispatched.close()
  })

  const ask = async (server: Server, method: string, path: string) => {
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { method })
    return { status: response.status, body: method === "HEAD" ? "" : await response.text() }
  }

  it.each([
    ["GET", "/api/things/abc"],
    ["GET", "/api/things/search"],
    ["GET", "/api/things/a%20b%2Fc"],
    ["GET", "/api/things/%E0%A4%A"],
    ["GET", "/API/Things/Abc"],
    ["GET", "/api/things/abc/"],
    ["POST", "/api/things/abc/vote"],
    ["GET", "/api/things/abc/vote"],
    ["HEAD", "/api/things/abc/vote"],
    ["DELETE", "/api/things/abc"],
    ["PUT", "/api/things/abc"],
    ["POST", "/api/things/abc"],
    ["GET", "/api/health"],
    ["GET", "/api/health/"],
    ["GET", "/api/files/a/b/c.png"],
    ["GET", "/api/files/"],
    ["GET", "/api/things"],
    ["GET", "/api/nothing/here"],
  ])("hands %s %s to the route the router would, with the same params", async (method, path) => {
    const expected = await ask(routerOnly, method, path)
    expect(await ask(dispatched, method, path)).toEqual(expected)
  })

  it("takes a parameter route registered first over a static path it also matches", async () => {
    const { body } = await ask(dispatched, "GET", "/api/things/search")
    expect(JSON.parse(body)).toEqual({ route: "GET /api/things/:id", params: { id: "search" } })
  })

  it("leaves what no route takes to what comes after it", async () => {
    expect(await ask(dispatched, "PUT", "/api/things/abc")).toEqual({
      status: 404,
      body: JSON.stringify({ route: null }),
    })
  })
})
