/**
 * Browser guard (MCP 2025-06-18 transports: servers MUST validate `Origin`). A web page can POST
 * to a loopback port without a CORS preflight (text/plain), and DNS rebinding makes a page look
 * same-host, so a request carrying an `Origin` is served only when that origin is itself loopback.
 * Non-browser clients (the SDK in Node, curl, the iii engine) send no `Origin` and pass. The v0.5.8
 * bridge has no such check; this is a deliberate hardening for the embedded endpoint.
 */
const LOOPBACK_HOSTNAMES = new Set(['localhost', '[::1]'])

// undefined => allowed; http://localhost:6274, http://127.0.0.1:9 => allowed; https://evil.example, null => refused
export function isAllowedOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true
  let hostname: string
  try {
    hostname = new URL(origin).hostname
  } catch {
    // An Origin that is not a URL is no loopback origin: refused.
    return false
  }
  return LOOPBACK_HOSTNAMES.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname)
}
