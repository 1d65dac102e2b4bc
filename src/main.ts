#!/usr/bin/env node
/**
 * `iii-skills`: parse the CLI, print the manifest or run the worker (optionally on the embedded
 * engine) until SIGINT/SIGTERM, then shut down cleanly and exit 0.
 */
import { CommanderError } from 'commander'
import { parseCli, type CliOptions } from './cli.js'
import { loadConfig } from './config.js'
import { LOG } from './core/messages.js'
import { startEmbeddedServices, type EmbeddedServices } from './embedded-mode.js'
import { createLogger } from './logger.js'
import { renderManifest } from './manifest.js'
import { startSkillsWorker } from './worker.js'

async function main(argv: string[]): Promise<void> {
  let options: CliOptions
  try {
    options = parseCli(argv)
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode)
    throw error
  }
  if (options.manifest) {
    process.stdout.write(renderManifest())
    return
  }
  const log = createLogger()
  const loaded = loadConfig(options.config, log)
  let embedded: EmbeddedServices | undefined
  let url = options.url
  if (options.embedded) {
    if (options.urlSource !== 'default') log.warn({ url }, LOG.embeddedIgnoresUrl)
    embedded = await startEmbeddedServices(options, log)
    url = embedded.url
  }
  log.info({ url }, LOG.connecting)
  const worker = await startSkillsWorker({
    url,
    loaded,
    log,
    // The embedded engine collects no telemetry, so the SDK's OTel exporter would only add noise.
    sdk: options.embedded ? { otel: { enabled: false }, enableMetricsReporting: false } : undefined,
  })
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    log.info(LOG.shuttingDown)
    await worker.shutdown()
    await embedded?.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`iii-skills: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
