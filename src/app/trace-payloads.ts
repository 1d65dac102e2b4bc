/**
 * iii-sdk 0.22.1 deep-copies and JSON-serialises every invocation's input and result for span events
 * before it checks whether any span records them. With OpenTelemetry off nothing does, and at 10,000
 * skills that copy was ~6 ms of a 21 ms `skills::list`. So when OTel is off the worker sets the SDK's
 * own switch, `III_DISABLE_TRACE_PAYLOADS`, unless the operator has set it either way.
 */
export const TRACE_PAYLOADS_SWITCH = 'III_DISABLE_TRACE_PAYLOADS'

/** The SDK's reading of OTEL_ENABLED: on unless false, 0, no or off (any case). */
export function otelEnabled(explicit: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  if (explicit !== undefined) return explicit
  const value = env.OTEL_ENABLED?.toLowerCase()
  return value === undefined || !['false', '0', 'no', 'off'].includes(value)
}

/** Turns the SDK's payload capture off when no span can record it; true when it did. */
export function skipUnrecordedTracePayloads(otel: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (otel || env[TRACE_PAYLOADS_SWITCH] !== undefined) return false
  env[TRACE_PAYLOADS_SWITCH] = '1'
  return true
}
