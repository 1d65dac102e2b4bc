#!/usr/bin/env node
/**
 * `iii-skills`: parse the CLI, print the manifest, serve MCP on stdio (`--stdio`) or run the worker
 * (optionally on the embedded engine) until SIGINT/SIGTERM — or, on stdio, until stdin closes —
 * then shut down cleanly and exit 0.
 */
import { CommanderError } from 'commander'
import { parseCli, type CliOptions } from './cli.js'
import { loadConfig } from './config.js'
import { LOG } from './core/messages.js'
import type { EmbeddedServices } from './embedded-mode.js'
import { createLogger } from './logger.js'
import { renderManifest } from './manifest.js'
import { skillRoots, withRoots } from './skill-roots.js'
import { guardStdout } from './stdout-guard.js'
import { startSkillsWorker } from './worker.js'

async function main(argv: string[]): Promise<void> {
  if (argv[0] === 'check') return check(argv.slice(1))
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
  const mcpOut = options.stdio ? guardStdout() : undefined
  const log = createLogger()
  const loaded = withRoots(loadConfig(options.config, log), skillRoots(options, log))
  let stopServices: () => Promise<void>
  // The embedded engine, stdio and the MCP SDK are loaded only in the modes that use them: a worker
  // connecting to an engine (`--url`) stays about 16 MiB smaller without them (README "Performance").
  if (mcpOut !== undefined) {
    const { startStdioServices } = await import('./stdio-mode.js')
    const stdio = await startStdioServices(options, loaded, log, mcpOut)
    stopServices = stdio.close
    void stdio.closed.then(() => stop())
  } else {
    let embedded: EmbeddedServices | undefined
    let url = options.url
    if (options.embedded) {
      if (options.urlSource !== 'default') log.warn({ url }, LOG.embeddedIgnoresUrl)
      const { startEmbeddedServices } = await import('./embedded-mode.js')
      embedded = await startEmbeddedServices(options, loaded.config, log)
      url = embedded.url
    }
    log.info({ url }, LOG.connecting)
    const worker = await startSkillsWorker({
      url,
      loaded,
      log,
      sdk: options.embedded ? (await import('./mcp-front.js')).QUIET_SDK : undefined,
    })
    stopServices = async () => {
      await worker.shutdown()
      await embedded?.close()
    }
  }
  let stopping = false
  async function stop(): Promise<void> {
    if (stopping) return
    stopping = true
    log.info(LOG.shuttingDown)
    await stopServices()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

async function check(argv: string[]): Promise<void> {
  const { parseCheckCli, runCheck } = await import('./check-mode.js')
  let options
  try {
    options = parseCheckCli(argv)
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode)
    throw error
  }
  process.exit(await runCheck(options, process.stdout, createLogger()))
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`iii-skills: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
