/**
 * The draft-07 formats every function publishes (src/schemas/json-schema.ts's toDraft07 over its zod
 * schemas), computed by `npm run build` from the tsc output instead of at each start (E16.2: about 8 ms
 * and 1 MB of heap, and zod-to-json-schema not loaded). In the bundle, toDraft07 looks its answer up by
 * the schema's title, and throws for a title no function published; two different schemas published
 * under one title fail the build. The table is also written to dist/src/schemas/published-formats.json,
 * which tests/schemas/bundled-formats.test.ts holds to what the sources compute.
 *
 * Plain JavaScript run from the sources, like bundle.mjs.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

/** A JavaScript string literal of `text` in ASCII (bundle.mjs fails on an output that is not). */
const asciiLiteral = (text) => JSON.stringify(text).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

async function publishedFormats(out) {
  const { DEFINITIONS, EXTENSION_DEFINITIONS } = await import(join(out, 'functions/registry.js'))
  const { skillsInView } = await import(join(out, 'functions/in-view.js'))
  const { RPC_FUNCTION } = await import(join(out, 'schemas/rpc.js'))
  const formats = {}
  for (const spec of [...DEFINITIONS, ...EXTENSION_DEFINITIONS, skillsInView].map((d) => d.spec).concat(RPC_FUNCTION)) {
    for (const format of [spec.request_format, spec.response_format]) {
      const text = JSON.stringify(format)
      if (formats[format.title] !== undefined && JSON.stringify(formats[format.title]) !== text) throw new Error(`two schemas are published as ${format.title}`)
      formats[format.title] = format
    }
  }
  return formats
}

/** The esbuild plugin that replaces src/schemas/json-schema.ts with the table (`root`: the repository, `out`: dist/src). */
export async function precomputedFormatsPlugin(root, out) {
  const formats = await publishedFormats(out)
  writeFileSync(join(out, 'schemas/published-formats.json'), `${JSON.stringify(formats, null, 2)}\n`)
  const source = join(root, 'src/schemas/json-schema.ts')
  return {
    name: 'precomputed-formats',
    setup(on) {
      on.onLoad({ filter: /[\\/]src[\\/]schemas[\\/]json-schema\.ts$/ }, (args) => (args.path !== source ? undefined : {
        loader: 'js',
        contents: `const FORMATS = JSON.parse(${asciiLiteral(JSON.stringify(formats))})
export function toDraft07(_schema, title) {
  const format = FORMATS[title]
  if (format === undefined) throw new Error(\`no draft-07 format was computed at build for \${title} (src/app/bundle-formats.mjs)\`)
  return format
}`,
      }))
    },
  }
}
