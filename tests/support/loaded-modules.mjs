// Preloaded with `node --import` (tests/e2e/stdio-modules.test.ts): appends to the file named by
// LOADED_MODULES_FILE, one per line, the URL of every ES module the process loads (through the load
// hook below, which runs on the loader's own thread) and, at exit, the path of every CommonJS module
// and every built-in module Node loaded for it (`node:internal/deps/undici/undici`).
import { appendFileSync } from 'node:fs'
import Module, { register } from 'node:module'

const HOOKS = `
import { appendFileSync } from 'node:fs'
export async function load(url, context, next) {
  appendFileSync(process.env.LOADED_MODULES_FILE, url + '\\n')
  return next(url, context)
}`

register(`data:text/javascript,${encodeURIComponent(HOOKS)}`)
process.on('exit', () => {
  const file = process.env.LOADED_MODULES_FILE
  if (!file) return
  const builtins = process.moduleLoadList.filter((entry) => entry.startsWith('NativeModule ')).map((entry) => `node:${entry.slice('NativeModule '.length)}`)
  appendFileSync(file, [...Object.keys(Module._cache), ...builtins].map((path) => `${path}\n`).join(''))
})
