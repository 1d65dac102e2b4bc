/** Starting a node:http server, and the URL a listener prints for itself. */
import type { Server } from 'node:http'

/** Starts `server` on `host:port`, rejecting with the listen error (e.g. EADDRINUSE). */
export function listenHttp(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
}

// ("http", "::1", 3111, "/mcp") => "http://[::1]:3111/mcp": an IPv6 host goes in brackets.
export function listenerUrl(scheme: 'http' | 'ws', host: string, port: number, path = ''): string {
  return `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}${path}`
}
