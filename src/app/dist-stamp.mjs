#!/usr/bin/env node
/**
 * Whether `dist/` is the build of the sources as they are (E16.3: `npm start` does not recompile
 * when it is). `npm run build` ends with `node src/app/dist-stamp.mjs write`, which records a sha256
 * of every build input (src/, tsconfig.json, package.json) in dist/.build-stamp; `npm start` runs
 * `node src/app/dist-stamp.mjs build-if-stale`, which builds only when that digest differs from the
 * sources' now (or there is no stamp). Contents, not mtimes: a checkout or a copy keeps a build current.
 *
 *   node src/app/dist-stamp.mjs write | check | build-if-stale
 *
 * Plain JavaScript run from the sources (it must work before any build), so it is not compiled.
 */
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const INPUTS = ['src', 'tsconfig.json', 'package.json']
export const STAMP = join('dist', '.build-stamp')

function files(root, path) {
  const full = join(root, path)
  let entries
  try {
    entries = readdirSync(full, { withFileTypes: true })
  } catch (error) {
    if (error.code === 'ENOTDIR') return [path]
    if (error.code === 'ENOENT') return []
    throw error
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : 1)).flatMap((e) => files(root, join(path, e.name)))
}

/** sha256 over every input file's path and bytes, in path order. */
export function inputsDigest(root) {
  const hash = createHash('sha256')
  for (const path of INPUTS.flatMap((input) => files(root, input))) {
    hash.update(`${relative(root, join(root, path))}\0`)
    hash.update(readFileSync(join(root, path)))
    hash.update('\0')
  }
  return hash.digest('hex')
}

/** True when dist/ holds the build of the inputs as they are now. */
export function distCurrent(root) {
  try {
    return readFileSync(join(root, STAMP), 'utf8').trim() === inputsDigest(root)
  } catch {
    return false
  }
}

export function writeStamp(root) {
  writeFileSync(join(root, STAMP), `${inputsDigest(root)}\n`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url))
  const command = process.argv[2]
  if (command === 'write') writeStamp(root)
  else if (command === 'check') process.exit(distCurrent(root) ? 0 : 1)
  else if (command === 'build-if-stale') {
    if (!distCurrent(root)) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  } else {
    process.stderr.write('usage: dist-stamp.mjs write | check | build-if-stale\n')
    process.exit(2)
  }
}
