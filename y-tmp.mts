import { parsePromptFrontmatter } from './src/fs/prompt-frontmatter.js'
for (let i = 0; i < 200; i++) parsePromptFrontmatter(`name: x\ndescription: y${i}\nt: [a, [b, {c: d}]]`)
for (const d of [1000, 3000, 10000, 20000, 30000]) {
  const t = Date.now()
  const r = parsePromptFrontmatter(`${'['.repeat(d)}${']'.repeat(d)}`)
  console.log(d, JSON.stringify(r).slice(0, 100), Date.now() - t, process.memoryUsage().heapUsed >> 20)
}
