import { request as httpRequest } from "node:http"
import type { TestServer } from "./server.ts"

/**
 * A GET with exactly these headers and the raw bytes of its answer: fetch sets its own
 * Accept-Encoding and decompresses, so what was sent on the wire is read this way.
 */
export const getEncoded = (
  server: TestServer,
  path: string,
  acceptEncoding: string | undefined,
  headers: Record<string, string> = {},
) =>
  new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: Buffer
  }>((done, fail) => {
    const url = new URL(server.url)
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path,
        method: "GET",
        headers: {
          ...headers,
          ...(acceptEncoding === undefined ? {} : { "Accept-Encoding": acceptEncoding }),
        },
      },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () =>
          done({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
        response.on("error", fail)
      },
    )
    request.on("error", fail)
    request.end()
  })
