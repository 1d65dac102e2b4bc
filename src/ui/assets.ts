/**
 * The page's three files, shipped beside this module (src/ui/assets, copied to dist/src/ui/assets
 * by `npm run build`) and read once: the page works offline, nothing comes from elsewhere.
 */
import { readFileSync } from 'node:fs'

export type Asset = 'index.html' | 'app.js' | 'app.css'

const CONTENT_TYPES: Readonly<Record<Asset, string>> = {
  'index.html': 'text/html; charset=utf-8',
  'app.js': 'text/javascript; charset=utf-8',
  'app.css': 'text/css; charset=utf-8',
}

const loaded = new Map<Asset, Buffer>()

export function readAsset(asset: Asset): { bytes: Buffer; contentType: string } {
  let bytes = loaded.get(asset)
  if (bytes === undefined) {
    bytes = readFileSync(new URL(`./assets/${asset}`, import.meta.url))
    loaded.set(asset, bytes)
  }
  return { bytes, contentType: CONTENT_TYPES[asset] }
}
