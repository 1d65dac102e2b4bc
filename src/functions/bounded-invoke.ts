/**
 * How the resolver and prompt dispatch call another worker's function (sections §2.4, prompt
 * handlers §5): through `deps.invoke` (timeout `state_timeout_ms`), but never with a request too
 * big for one engine frame, and never with more than MAX_IN_FLIGHT_PER_FUNCTION calls waiting on
 * the same function id. The engine shows no call chain, so a section function that fetches itself
 * looks like fresh load; the cap is what makes that loop stop (at depth MAX + 1, in milliseconds)
 * rather than spawn calls until memory runs out. Failures throw; callers wrap them as
 * `trigger {function_id}: {err}`.
 */
import { SkillsError, jsonBytesOver, MAX_IN_FLIGHT_PER_FUNCTION, MAX_PAYLOAD_BYTES, utf8Length, messages as msg } from '../core/index.js'
import type { Deps } from './deps.js'

export async function invokeBounded(deps: Deps, functionId: string, payload: unknown): Promise<unknown> {
  const idBytes = utf8Length(functionId)
  const payloadBytes = jsonBytesOver(payload, MAX_PAYLOAD_BYTES - idBytes)
  if (payloadBytes !== undefined) throw new SkillsError(msg.requestTooLarge(functionId, payloadBytes + idBytes, MAX_PAYLOAD_BYTES))
  const inFlight = (deps.inFlight ??= new Map())
  const running = inFlight.get(functionId) ?? 0
  if (running >= MAX_IN_FLIGHT_PER_FUNCTION) throw new SkillsError(msg.inFlightLimit(MAX_IN_FLIGHT_PER_FUNCTION))
  inFlight.set(functionId, running + 1)
  try {
    return await deps.invoke(functionId, payload)
  } finally {
    const left = (inFlight.get(functionId) ?? 1) - 1
    if (left === 0) inFlight.delete(functionId)
    else inFlight.set(functionId, left)
  }
}
