#!/usr/bin/env node
/**
 * Bundles the command (E16.2): `dist/src/main.js`, which tsc wrote, is replaced by one ES module of
 * src/main.ts, this project's code and the packages it loads, with what it imports lazily split into
 * chunks under `dist/src/bundle/` (loaded only when used, as before). Loading about 500 modules one by one was half of
 * a `--stdio` start at 17 skills and a quarter of its memory; one file is parsed in one go.
 * `npm run build` runs it after tsc, so everything that launches `dist/src/main.js` (the bin, the e2e
 * tests, the bench) runs the bundle, and the tsc output beside it stays for what is not bundled:
 *
 * - `check` (dist/src/app/modes/check.js): its rule threads load their modules by path;
 * - `iii-sdk`, loaded only to connect to a remote engine (`--url`), and resolved from node_modules with
 *   the OpenTelemetry it brings.
 *
 * Whitespace and syntax are minified, identifiers are not renamed: names in logs and stack frames read as
 * in the sources, with no code run to give renamed functions their names back (esbuild's `keepNames`
 * defined a `name` on every function made, 1.7 MB of heap at a start and a call per closure).
 *
 *   node src/app/bundle.mjs
 *
 * Plain JavaScript run from the sources, like dist-stamp.mjs.
 */
import { build } from 'esbuild'
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { precomputedFormatsPlugin } from './bundle-formats.mjs'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const OUT = join(ROOT, 'dist/src')
const CHUNKS = 'bundle'
/** Loaded from the tsc output: the sources, under src/, whose imports stay imports of dist/src's files. */
const UNBUNDLED_MODULES = ['app/modes/check.ts']

const unbundled = {
  name: 'unbundled',
  setup(on) {
    on.onResolve({ filter: /^\.\.?\// }, (args) => {
      const source = relative(join(ROOT, 'src'), resolve(args.resolveDir, args.path.replace(/\.js$/, '.ts')))
      if (!UNBUNDLED_MODULES.includes(source)) return undefined
      // Every chunk is written to dist/src/bundle/, so the tsc output is one folder up.
      return { path: `../${source.replace(/\.ts$/, '.js')}`, external: true }
    })
  },
}

const precomputedFormats = await precomputedFormatsPlugin(ROOT, OUT)

rmSync(join(OUT, CHUNKS), { recursive: true, force: true })
const built = await build({
  entryPoints: { main: join(ROOT, 'src/main.ts') },
  outdir: OUT,
  chunkNames: `${CHUNKS}/[name]-[hash]`,
  tsconfig: join(ROOT, 'tsconfig.json'),
  absWorkingDir: ROOT,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['iii-sdk', 'iii-sdk/*'],
  plugins: [unbundled, precomputedFormats],
  minifyWhitespace: true,
  minifySyntax: true,
  // The packages' license notices, beside each output (main.js.LEGAL.txt) rather than inside it.
  legalComments: 'linked',
  logLevel: 'warning',
  metafile: true,
  // CommonJS packages inside an ES module bundle call require(); give them Node's.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
})
// One character outside ASCII (esbuild escapes those in strings, not in regular expression literals)
// makes V8 keep the whole output's source as UTF-16, twice its size: 1.9 MB of heap for the MCP chunk.
for (const output of Object.keys(built.metafile.outputs).filter((path) => path.endsWith('.js'))) {
  const text = readFileSync(join(ROOT, output), 'utf8')
  const at = text.search(/[^\x00-\x7f]/)
  if (at >= 0) throw new Error(`${output}: a character outside ASCII at ${at} (${JSON.stringify(text.slice(Math.max(0, at - 40), at + 20))}); write it as an escape`)
}
// Which modules each output holds, for tests that check what a mode loads (tests/e2e/stdio-modules.test.ts).
writeFileSync(join(OUT, CHUNKS, 'meta.json'), JSON.stringify(built.metafile))
// The page's assets are read next to the module that serves them, now a chunk.
cpSync(join(ROOT, 'src/ui/assets'), join(OUT, CHUNKS, 'assets'), { recursive: true })
