// The catalogue page. Skill text arrives rendered and sanitised by the worker (render-markdown.ts)
// and is the only thing set as HTML; every id, title, description, path and message is set as text.
// Every view has a URL (E17.2): `#skill:ID`, `#skill:ID#ANCHOR`, `#file:ID/PATH`, `#search:QUERY`;
// links change the hash and `route()` shows what it names, so Back and Forward move between views.
// `#view:NAME` reads the catalogue through one of config.yaml's views (E20.2) until another
// `#view:` (`#view:` alone: every skill); the switcher in the header offers them when there are any.
'use strict'

const $ = (selector) => document.querySelector(selector)
const state = { byId: new Map(), current: undefined, events: undefined, searchSeq: 0, catalogueSeq: 0, view: undefined, painted: false, catalogueView: undefined }
// Search results take their badges from the tree: a pasted search waits for its first page.
let firstPageShown
const firstPage = new Promise((resolve) => { firstPageShown = resolve })
const FIRST_PAGE = 300
const NEXT_PAGE = 2000
const NARROW = window.matchMedia('(max-width: 700px)')

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value
    else if (key === 'class') node.className = value
    else if (key.startsWith('data-') || key.startsWith('aria-')) node.setAttribute(key, value)
    else node[key] = value
  }
  for (const child of children) if (child !== undefined) node.append(child)
  return node
}

// "/_ui/api/skill?id=a" => "/_ui/api/skill?id=a&view=review" while the page reads through the view "review"
function inView(path) {
  if (state.catalogueView === undefined) return path
  return `${path}${path.includes('?') ? '&' : '?'}view=${encodeURIComponent(state.catalogueView)}`
}

async function getJson(path) {
  const response = await fetch(inView(path), { headers: { accept: 'application/json' } })
  const body = await response.json()
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`)
  return body
}

function status(text) {
  $('#status').textContent = text
}

// ---- hashes ----------------------------------------------------------------------------------

const skillHash = (id, anchor) => `#skill:${encodeURI(id)}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`
const fileHash = (id, path) => `#file:${encodeURI(`${id}/${path}`)}`
const searchHash = (query) => `#search:${encodeURIComponent(query)}`

// "#skill:pdf#fill-pdf-forms" => { kind: 'skill', id: 'pdf', anchor: 'fill-pdf-forms' }
function parseHash(hash) {
  const at = hash.indexOf(':')
  const kind = at > 1 ? hash.slice(1, at) : ''
  const rest = hash.slice(at + 1)
  if (kind === 'skill') {
    const split = rest.indexOf('#')
    return split === -1
      ? { kind, id: decodeURI(rest) }
      : { kind, id: decodeURI(rest.slice(0, split)), anchor: decodeURIComponent(rest.slice(split + 1)) }
  }
  if (kind === 'file') return { kind, ref: decodeURI(rest) }
  if (kind === 'search') return { kind, query: decodeURIComponent(rest) }
  if (kind === 'view') return { kind, name: decodeURIComponent(rest) }
  return { kind: 'home' }
}

// "../scripts/run.sh" seen from "references/" => "scripts/run.sh"
function joinPath(dir, relative) {
  const parts = dir === '' ? [] : dir.split('/')
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop()
    else if (segment !== '.' && segment !== '') parts.push(segment)
  }
  return parts.join('/')
}

// ---- the tree, filled page by page (E17.4) ----------------------------------------------------

function highlighted(text, words) {
  if (!words || words.length === 0 || !text) return document.createTextNode(text ?? '')
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi')
  const span = el('span')
  text.split(pattern).forEach((part, i) => span.append(i % 2 === 1 ? el('mark', { text: part }) : part))
  return span
}

function badges(skill) {
  const known = state.byId.get(skill.id) ?? skill
  return [
    known.origin ? el('span', { class: 'badge', text: known.origin }) : undefined,
    typeof known.tokens === 'number' ? el('span', { class: 'badge', text: `${known.tokens} tokens` }) : undefined,
  ]
}

function skillButton(skill, { words, extra } = {}) {
  const button = el('button', { class: 'skill', type: 'button', 'data-skill-id': skill.id },
    el('span', { class: 'id' }, highlighted(skill.id, words)),
    skill.title && skill.title !== skill.id ? el('span', { class: 'title' }, highlighted(skill.title, words)) : undefined,
    ...badges(skill),
    skill.description ? el('span', { class: 'desc' }, highlighted(skill.description, words)) : undefined,
    extra)
  if (skill.id === state.current) button.classList.add('current')
  button.addEventListener('click', () => go(skillHash(skill.id)))
  return button
}

// "acme/billing/refunds" sits under the folders "acme" and "billing"; a skill may also be a folder.
function newTree() {
  return { children: new Map(), ul: el('ul', { id: 'tree' }) }
}

function insertSkill(tree, skill) {
  let node = tree
  for (const segment of skill.id.split('/')) {
    let child = node.children.get(segment)
    if (child === undefined) {
      const label = el('span', { text: `${segment}/` })
      child = { children: new Map(), li: el('li', { class: 'folder' }, label), label, ul: undefined }
      if (node.ul === undefined) node.li.append(node.ul = el('ul'))
      node.ul.append(child.li)
      node.children.set(segment, child)
    }
    node = child
  }
  const button = skillButton(skill)
  node.label.replaceWith(button)
  node.label = button
  node.li.className = 'leaf'
}

async function loadCatalogue() {
  const seq = ++state.catalogueSeq
  const tree = newTree()
  const byId = new Map()
  let offset = 0
  let total = 0
  do {
    const page = await getJson(`/_ui/api/catalogue?offset=${offset}&limit=${offset === 0 ? FIRST_PAGE : NEXT_PAGE}`)
    if (seq !== state.catalogueSeq) return
    for (const skill of page.skills) {
      byId.set(skill.id, skill)
      insertSkill(tree, skill)
    }
    if (offset === 0) {
      state.byId = byId
      $('#tree').replaceWith(tree.ul)
      if (!state.painted) {
        state.painted = true
        firstPageShown()
        watch(state.current)
      }
    }
    offset += page.skills.length
    total = page.total
    $('#count').textContent = offset < total ? `(${offset} of ${total})` : `(${total})`
    if (page.skills.length === 0) break
  } while (offset < total)
  loadDiagnostics().catch((error) => status(String(error.message)))
  loadLinks().catch((error) => status(String(error.message)))
}

// ---- diagnostics, grouped (E17.4) --------------------------------------------------------------

function groupBy(items, key) {
  const groups = new Map()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

async function loadDiagnostics() {
  const { skipped, warnings } = await getJson('/_ui/api/diagnostics')
  const body = $('#diagnostics-body')
  if (skipped.length === 0 && warnings.length === 0) {
    body.replaceChildren(el('p', { class: 'hint', text: 'Nothing skipped, no warnings.' }))
    return
  }
  const skippedGroups = [...groupBy(skipped, (s) => s.kind)].map(([kind, items]) => el('details', { class: 'group' },
    el('summary', { class: 'problem', text: `skipped ${kind} (${items.length})` }),
    el('ul', {}, ...items.map((s) => el('li', { text: `${s.path}: ${s.reason}` })))))
  const warningGroups = [...groupBy(warnings, (w) => w.id)].map(([id, items]) => el('details', { class: 'group' },
    el('summary', {}, 'warnings for ', el('a', { href: skillHash(id), text: id }), ` (${items.length})`),
    el('ul', {}, ...items.map((w) => el('li', { text: `${w.kind} ${w.path}: ${w.message}` })))))
  body.replaceChildren(...skippedGroups, ...warningGroups)
}

// Every skill's links that point nowhere: read after the tree, since it reads every skill.
async function loadLinks() {
  const { checked, of, broken } = await getJson('/_ui/api/links')
  const items = broken.map((b) => el('li', { class: 'problem broken-link' },
    'broken link in ', el('a', { href: skillHash(b.id), text: b.id }), `: ${b.link}: ${b.reason}`))
  const note = checked < of ? el('p', { class: 'hint', text: `links checked in the first ${checked} of ${of} skills` }) : undefined
  $('#links-body').replaceChildren(items.length > 0 ? el('ul', {}, ...items) : el('p', { class: 'hint', text: 'No broken links.' }), ...(note ? [note] : []))
}

// ---- search (E17.5) ----------------------------------------------------------------------------

const wordsOf = (query) => [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}_-]+/u).filter((w) => w.length > 1))]

async function search(query) {
  const seq = ++state.searchSeq
  const section = $('#results')
  if (query.trim() === '') {
    section.hidden = true
    return
  }
  // Supporting files take a scan: their hits follow the skills' own.
  const fileHits = getJson(`/_ui/api/search-files?q=${encodeURIComponent(query)}`)
  fileHits.catch(() => undefined)
  const { results } = await getJson(`/_ui/api/search?q=${encodeURIComponent(query)}`)
  if (seq !== state.searchSeq) return
  const words = wordsOf(query)
  section.querySelector('ol').replaceChildren(...results.map((r) => el('li', {},
    skillButton({ id: r.id ?? r.uri.replace(/^iii:\/\//, ''), title: r.title, description: r.description },
      { words, extra: r.snippet ? el('span', { class: 'snippet' }, highlighted(r.snippet, words)) : undefined }))))
  if (results.length === 0) section.querySelector('ol').replaceChildren(el('li', { class: 'hint', text: 'No skill matches.' }))
  $('#file-results').replaceChildren()
  section.hidden = false
  showResults()
  const { files } = await fileHits
  if (seq !== state.searchSeq) return
  $('#file-results').replaceChildren(...files.map((f) => el('li', { class: 'file-hit' },
    el('a', { href: fileHash(f.id, f.path) }, el('span', { class: 'id', text: f.id }), ' › ', el('span', { class: 'path', text: f.path })),
    el('span', { class: 'snippet' }, highlighted(f.snippet, words)))))
}

// The results sit at the top of the sidebar (the panel when narrow): bring them into view.
function showResults() {
  if (NARROW.matches) setPanel(true)
  $('#side').scrollTop = 0
  $('#results').scrollIntoView({ block: 'start' })
}

let typing
$('#search').addEventListener('input', (event) => {
  clearTimeout(typing)
  const query = event.target.value
  typing = setTimeout(() => {
    const hash = query.trim() === '' ? '#' : searchHash(query)
    // One history entry per search, not per keystroke.
    if (state.view?.kind === 'search') history.replaceState(null, '', hash)
    else history.pushState(null, '', hash)
    state.view = parseHash(hash)
    search(query).catch((error) => status(String(error.message)))
  }, 120)
})

// ---- the reader --------------------------------------------------------------------------------

function scrollable(table) {
  return el('div', { class: 'table-scroll' }, table)
}

function renderSkill(view) {
  const outline = el('ol', { id: 'outline' }, ...view.outline.map((s) => el('li', { 'data-level': String(s.level) },
    el('button', { type: 'button', 'data-anchor': s.anchor, text: s.heading, onclick: () => go(skillHash(view.id, s.anchor)) }),
    el('span', { class: 'badge', text: `${s.tokens} tokens` }))))
  const body = el('div', { id: 'body', class: 'markdown' })
  body.innerHTML = view.html
  const files = view.files === undefined
    ? el('p', { class: 'hint', text: 'Not a folder skill: no other files.' })
    : scrollable(el('table', { id: 'files' }, el('thead', {}, el('tr', {}, el('th', { text: 'file' }), el('th', { text: 'bytes' }), el('th', { text: 'digest' }))),
      el('tbody', {}, ...view.files.map((f) => el('tr', { 'data-path': f.path },
        el('td', {}, el('a', { href: fileHash(view.id, f.path), text: f.path })), el('td', { text: String(f.size) }), el('td', { class: 'digest', text: f.digest }))))))
  const problems = [
    ...view.warnings.map((w) => el('li', { text: `warning: ${w}` })),
    ...view.brokenLinks.map((b) => el('li', { class: 'problem broken-link', text: `broken link ${b.link}: ${b.reason}` })),
  ]
  $('#reader').replaceChildren(
    el('h2', { class: 'title', text: view.title }),
    el('p', { class: 'meta', text: `iii://${view.id}${typeof view.tokens === 'number' ? ` · ${view.tokens} tokens` : ''}` }),
    view.description ? el('p', { class: 'description', text: view.description }) : undefined,
    el('h3', { text: 'Outline' }), outline,
    el('h3', { text: 'Problems' }), problems.length > 0 ? el('ul', { id: 'problems' }, ...problems) : el('p', { class: 'hint', text: 'No broken links or warnings.' }),
    el('h3', { text: 'Files' }), files,
    body)
  $('#reader').dataset.view = 'skill'
  markCurrent(view.id)
}

function renderFile(file) {
  let content
  if (file.kind === 'markdown') {
    content = el('div', { id: 'body', class: 'markdown' })
    content.innerHTML = file.html
  } else if (file.kind === 'text') {
    // Line numbers are the list's own markers.
    content = el('ol', { id: 'lines', class: 'lines' }, ...file.text.replace(/\n$/, '').split('\n').map((line) => el('li', {}, el('code', { text: line }))))
  } else {
    content = el('p', { id: 'download' }, `A ${file.mimeType} file of ${file.size} bytes, ${file.digest}: `,
      el('a', { href: inView(`/_ui/api/download?id=${encodeURIComponent(file.id)}&path=${encodeURIComponent(file.path)}`), download: file.path.split('/').pop(), text: 'download' }))
  }
  $('#reader').replaceChildren(
    el('p', { class: 'crumbs' }, el('a', { href: skillHash(file.id), text: file.id }), ` / ${file.path}`),
    el('h2', { class: 'title file-title', text: file.path }),
    el('p', { class: 'meta', text: `${file.size} bytes · ${file.digest}` }),
    content)
  $('#reader').dataset.view = 'file'
  $('#reader').dataset.fileDir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : ''
  markCurrent(file.id)
}

function markCurrent(id) {
  for (const button of document.querySelectorAll('button.skill')) button.classList.toggle('current', button.dataset.skillId === id)
}

function scrollToAnchor(anchor) {
  const target = document.getElementById(anchor)
  if (target) target.scrollIntoView({ block: 'start' })
  else $('#reader').scrollTop = 0
}

function setPanel(open) {
  document.body.classList.toggle('panel', open)
  $('#toggle-side').setAttribute('aria-expanded', String(open))
}

// ---- routing -----------------------------------------------------------------------------------

function go(hash) {
  if (location.hash === hash) route()
  else location.hash = hash
}

async function route() {
  const view = parseHash(location.hash)
  const previous = state.view
  state.view = view
  try {
    if (view.kind === 'skill') {
      if (NARROW.matches) setPanel(false)
      const same = previous?.kind === 'skill' && previous.id === view.id && $('#reader').dataset.view === 'skill'
      if (!same) renderSkill(await getJson(`/_ui/api/skill?id=${encodeURIComponent(view.id)}`))
      watch(view.id)
      scrollToAnchor(view.anchor)
    } else if (view.kind === 'file') {
      if (NARROW.matches) setPanel(false)
      const file = await getJson(`/_ui/api/file?ref=${encodeURIComponent(view.ref)}`)
      renderFile(file)
      watch(file.id)
      $('#reader').scrollTop = 0
    } else if (view.kind === 'search') {
      $('#search').value = view.query
      await firstPage
      await search(view.query)
    } else if (view.kind === 'view') {
      switchView(view.name === '' ? undefined : view.name)
      if (NARROW.matches) setPanel(true)
    } else {
      if (NARROW.matches) setPanel(true)
    }
    status('')
  } catch (error) {
    status(String(error.message))
  }
}

window.addEventListener('hashchange', () => route())

// Links in a body: relative ones name a file of the skill's folder, `#anchor` a heading here.
document.addEventListener('click', (event) => {
  const link = event.target.closest?.('.markdown a[href^="#"]')
  if (!link || state.current === undefined) return
  const href = link.getAttribute('href')
  if (href.startsWith('#skill:')) return
  event.preventDefault()
  if (href.startsWith('#file:')) {
    const [path] = href.slice('#file:'.length).split('#')
    go(fileHash(state.current, joinPath($('#reader').dataset.fileDir ?? '', decodeURI(path))))
  } else if ($('#reader').dataset.view === 'skill') {
    go(skillHash(state.current, decodeURIComponent(href.slice(1))))
  } else {
    scrollToAnchor(decodeURIComponent(href.slice(1)))
  }
})

$('#toggle-side').addEventListener('click', () => setPanel(!document.body.classList.contains('panel')))

// ---- live --------------------------------------------------------------------------------------

// One event stream, watching the open skill: "catalogue" re-reads the lists (and the open view),
// "skill" the open view.
function watch(id) {
  if (state.current === id && state.events !== undefined) return
  state.current = id
  // The stream's baseline costs the worker a catalogue read: not before the first page is shown.
  if (!state.painted) return
  state.events?.close()
  const events = new EventSource(inView(`/_ui/events?watch=${encodeURIComponent(id ?? '')}`))
  events.addEventListener('catalogue', () => refresh(true))
  events.addEventListener('skill', () => refresh(false))
  events.addEventListener('ready', () => { document.body.dataset.live = 'true' })
  state.events = events
}

async function refresh(catalogue) {
  try {
    if (catalogue) await loadCatalogue()
    const view = state.view
    if (view?.kind === 'skill') renderSkill(await getJson(`/_ui/api/skill?id=${encodeURIComponent(view.id)}`))
    else if (view?.kind === 'file') renderFile(await getJson(`/_ui/api/file?ref=${encodeURIComponent(view.ref)}`))
  } catch (error) {
    status(String(error.message))
  }
}

// ---- views (E20.2) -------------------------------------------------------------------------------

// The catalogue, its diagnostics, search and the open skill, read again through `name` (undefined: all).
function switchView(name) {
  const switcher = $('#view-switcher')
  if (switcher) switcher.value = name ?? ''
  if (name === state.catalogueView) return
  state.catalogueView = name
  state.current = undefined
  state.events?.close()
  state.events = undefined
  $('#reader').replaceChildren(el('p', { class: 'hint', text: 'Choose a skill to read it as an agent does.' }))
  $('#results').hidden = true
  loadCatalogue().catch((error) => status(String(error.message)))
}

async function loadViewSwitcher() {
  const response = await fetch('/_ui/api/views', { headers: { accept: 'application/json' } })
  const { views } = await response.json()
  if (views.length === 0) return
  const switcher = el('select', { id: 'view-switcher', 'aria-label': 'View' },
    el('option', { value: '', text: 'All skills' }), ...views.map((name) => el('option', { value: name, text: `View: ${name}` })))
  switcher.value = state.catalogueView ?? ''
  switcher.addEventListener('change', () => go(`#view:${encodeURIComponent(switcher.value)}`))
  $('#search').before(switcher)
}

if (location.hash === '' && NARROW.matches) setPanel(true)
// A page opened at #view:NAME reads through the view from its first request.
const opened = parseHash(location.hash)
if (opened.kind === 'view' && opened.name !== '') state.catalogueView = opened.name
route()
loadCatalogue().catch((error) => status(String(error.message)))
loadViewSwitcher().catch((error) => status(String(error.message)))
