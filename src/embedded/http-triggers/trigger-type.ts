/**
 * The built-in `http` trigger type (iii-http's `TriggerRegistrator`): a binding's config
 * `{api_path, http_method?}` becomes a route (`http_method` defaults to GET, `api_path` is
 * required); removing the binding, or its worker leaving, removes the route if the binding still
 * owns it. A refused binding (no `api_path`, a conflicting route) is parked and its worker told,
 * as for any built-in trigger type.
 */
import type { Engine } from '../engine.js'
import * as msg from '../messages.js'
import { isJsonObject } from '../../core/index.js'
import type { Binding } from '../trigger-registry.js'
import { SUPPORTED_METHODS, type RouteTable } from './routes.js'

export const HTTP_TRIGGER_TYPE = 'http'

interface HttpTriggerConfig {
  apiPath: string
  method: string
}

// {api_path: "skills/rpc", http_method: "post"} => {apiPath: "skills/rpc", method: "POST"}
function readConfig(config: unknown, forRemoval: boolean): HttpTriggerConfig {
  const fields = isJsonObject(config) ? config : {}
  const apiPath = typeof fields.api_path === 'string' ? fields.api_path : undefined
  if (apiPath === undefined && !forRemoval) throw new Error(msg.API_PATH_REQUIRED)
  const method = typeof fields.http_method === 'string' ? fields.http_method : 'GET'
  return { apiPath: apiPath ?? '', method: method.toUpperCase() }
}

export function installHttpTriggerType(engine: Engine, routes: RouteTable): void {
  engine.triggers.types.set(HTTP_TRIGGER_TYPE, {
    id: HTTP_TRIGGER_TYPE,
    description: msg.HTTP_TRIGGER_DESCRIPTION,
    kind: 'builtin',
    workerName: msg.HTTP_WORKER,
    handler: {
      register(binding: Binding) {
        const { apiPath, method } = readConfig(binding.config, false)
        routes.add({ triggerId: binding.id, functionId: binding.function_id, method, apiPath, metadata: binding.metadata })
        const fields = { method, api_path: apiPath, function_id: binding.function_id, trigger_id: binding.id }
        if (SUPPORTED_METHODS.includes(method)) engine.log.info(fields, msg.LOG_HTTP_ROUTE_REGISTERED)
        else engine.log.warn(fields, msg.LOG_HTTP_METHOD_UNSUPPORTED)
      },
      unregister(binding: Binding) {
        const { apiPath, method } = readConfig(binding.config, true)
        if (routes.remove(binding.id, method, apiPath)) {
          engine.log.info({ method, api_path: apiPath, trigger_id: binding.id }, msg.LOG_HTTP_ROUTE_UNREGISTERED)
        }
      },
    },
  })
}
