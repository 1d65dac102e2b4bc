// Preloaded with `node --require` (tests/e2e/stdio-modules.test.ts): at exit, writes every CommonJS
// module the process loaded (ES modules importing CommonJS ones go through the same cache) to the file
// named by LOADED_MODULES_FILE.
const { writeFileSync } = require('node:fs')
const Module = require('node:module')

process.on('exit', () => {
  const file = process.env.LOADED_MODULES_FILE
  if (file) writeFileSync(file, JSON.stringify(Object.keys(Module._cache)))
})
