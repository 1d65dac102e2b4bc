/**
 * File edits reach MCP clients: the skills worker reports added, edited and removed fs skills and
 * prompts as `skills::on-change` / `prompts::on-change` events with `origin: "fs"` (E3, the fs index),
 * and the full profile's change feed turns them into notifications like any other change.
 */
import { rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { connectMcpClient, type ConnectedMcpClient } from '../support/mcp-client.js'
import { LIST_CHANGED, recordNotifications, RESOURCE_UPDATED, type NotificationLog } from '../support/mcp-notifications.js'
import { FS_PROMPTS, FS_SKILLS, startLiveFront, type LiveFront } from './live-front.js'

let live: LiveFront
let mcp: ConnectedMcpClient
let log: NotificationLog

beforeAll(async () => {
  live = await startLiveFront()
})

afterAll(async () => {
  await live?.close()
})

beforeEach(async () => {
  mcp = await connectMcpClient(live.http.url)
  log = recordNotifications(mcp.client)
})

afterEach(async () => {
  await mcp.close()
  expect(mcp.errors).toEqual([])
})

describe('file edits', () => {
  it('announce an added, an edited (to subscribers) and a removed skill file within 1 s each', async () => {
    const file = join(live.root, FS_SKILLS, 'fresh.md')
    await writeFile(file, '# Fresh\n\nJust written.\n')
    await log.waitFor(LIST_CHANGED.resources)
    await mcp.client.subscribeResource({ uri: 'iii://fresh' })
    await writeFile(file, '# Fresh\n\nEdited.\n')
    await log.waitFor(RESOURCE_UPDATED, { uri: 'iii://fresh' })
    await sleep(200)
    const since = performance.now()
    await rm(file)
    await log.waitFor(LIST_CHANGED.resources, { since })
  })

  it('announce an added prompt file within 1 s', async () => {
    await writeFile(join(live.root, FS_PROMPTS, 'from-file.md'), '---\ndescription: From a file.\n---\nDo the thing.\n')
    await log.waitFor(LIST_CHANGED.prompts)
  })
})
