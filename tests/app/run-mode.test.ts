import { describe, expect, it } from 'vitest'
import { parseCli, runMode } from '../../src/app/cli.js'

const modeOf = (argv: string[], env: Record<string, string | undefined> = {}) => {
  const saved = process.env.III_URL
  if ('III_URL' in env) process.env.III_URL = env.III_URL
  else delete process.env.III_URL
  try {
    return runMode(parseCli(argv))
  } finally {
    if (saved === undefined) delete process.env.III_URL
    else process.env.III_URL = saved
  }
}

describe('runMode: the one place the process mode is decided', () => {
  it('names each mode from the command line', () => {
    expect(modeOf(['--manifest'])).toBe('manifest')
    expect(modeOf(['--manifest', '--embedded'])).toBe('manifest')
    expect(modeOf([])).toBe('worker')
    expect(modeOf(['--url', 'ws://127.0.0.1:1'])).toBe('worker')
    expect(modeOf(['--embedded'])).toBe('embedded')
    expect(modeOf(['--stdio'])).toBe('stdio-embedded')
    expect(modeOf(['--stdio', '--embedded', '--url', 'ws://127.0.0.1:1'])).toBe('stdio-embedded')
  })

  it('makes --stdio only an MCP front when an engine URL is given, by flag or III_URL', () => {
    expect(modeOf(['--stdio', '--url', 'ws://127.0.0.1:1'])).toBe('stdio-front')
    expect(modeOf(['--stdio'], { III_URL: 'ws://127.0.0.1:2' })).toBe('stdio-front')
    expect(modeOf(['--stdio'], { III_URL: '' })).toBe('stdio-embedded')
  })

  it('makes --mcp-front only an HTTP MCP front of the engine at --url, and a stdio one too with --stdio (E12.4)', () => {
    expect(modeOf(['--mcp-front', '--url', 'ws://127.0.0.1:1'])).toBe('http-front')
    expect(modeOf(['--mcp-front', '--stdio', '--url', 'ws://127.0.0.1:1'])).toBe('stdio-front')
    expect(modeOf(['--mcp-front', '--embedded'])).toBe('embedded')
  })
})
