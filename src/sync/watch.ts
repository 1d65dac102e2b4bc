/**
 * E21.4 `--watch`: a pass, then another each time the catalogue may have changed (an event of the
 * catalogue, or a poll every `pollMs` whose fingerprint moved), until `stop()`. A stop ends the pass
 * in flight at its next file and removes its temporary siblings, so none is left behind.
 */
import { errorText } from '../core/index.js'
import type { Catalogue } from './catalogue.js'
import { syncPass, type PassReport, type SyncOptions } from './run.js'
import { Stopped, Temporaries } from './target.js'

export interface Watching {
  /** Resolves once the pass in flight has ended and no temporary sibling is left. */
  stop(): Promise<void>
  /** Settles when the loop has ended. */
  ended: Promise<void>
}

export function watchSync(catalogue: Catalogue, options: SyncOptions, pollMs: number, report: (pass: PassReport, first: boolean) => void, failed: (error: string) => void): Watching {
  const temps = new Temporaries()
  let stopped = false
  let wake: (() => void) | undefined
  let pending = true
  const poke = () => {
    pending = true
    wake?.()
  }
  const unsubscribe = catalogue.onChange(poke)
  const control = { temps, stopped: () => stopped }
  const loop = async () => {
    let first = true
    let seen: string | undefined
    while (!stopped) {
      const fingerprint = await catalogue.fingerprint?.().catch(() => undefined)
      if (pending || fingerprint === undefined || fingerprint !== seen) {
        pending = false
        seen = fingerprint
        try {
          report(await syncPass(catalogue, options, control), first)
          first = false
        } catch (error) {
          if (error instanceof Stopped) break
          failed(errorText(error))
        }
      }
      if (stopped) break
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      wake = undefined
    }
  }
  const ended = loop().finally(async () => {
    unsubscribe()
    await temps.removeAll()
  })
  return {
    async stop() {
      stopped = true
      wake?.()
      await ended
    },
    ended,
  }
}
