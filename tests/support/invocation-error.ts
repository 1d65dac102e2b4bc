/**
 * A handler's error reaches an SDK caller as `InvocationError` with message
 * `invocation_failed: <handler text>`; tests compare the handler text, so the prefix goes here.
 */
const HANDLER_FAILED_PREFIX = 'invocation_failed: '

export function handlerErrorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  return message.startsWith(HANDLER_FAILED_PREFIX) ? message.slice(HANDLER_FAILED_PREFIX.length) : message
}
