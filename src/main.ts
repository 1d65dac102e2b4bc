#!/usr/bin/env node
/**
 * `iii-skills`. Turns on Node's compile cache (Node 22.1+; a no-op on 20) before the command's modules
 * load, so a start after the first reads their compiled code from disk instead of parsing it again
 * (README "Performance"). `NODE_DISABLE_COMPILE_CACHE=1` turns it off; `NODE_COMPILE_CACHE` moves it.
 */
import module from 'node:module'

;(module as { enableCompileCache?: () => unknown }).enableCompileCache?.()
await import('./app/command.js')
