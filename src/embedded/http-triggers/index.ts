export { createHttpTriggerHandler, DEFAULT_HTTP_TIMEOUT_MS, type HttpRequestHandler, type HttpTriggerOptions } from './handler.js'
export { startHttpTriggerListener, type HttpTriggerListener, type HttpTriggerListenerOptions } from './listener.js'
export { RouteTable } from './routes.js'
export { HTTP_TRIGGER_TYPE, installHttpTriggerType } from './trigger-type.js'
