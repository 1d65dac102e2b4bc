// The catalogue page. Skill text arrives rendered and sanitised by the worker (render-markdown.ts)
// and is the only thing set as HTML; every id, title, description, path and message is set as text.
'use strict'

const $ = (selector) => document.querySelector(selector)
const state = { catalogue: [], current: undefined, events: undefined, searchSeq: 0 }

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag)
  for (const [key, value] of Object.entries(props)) {
    if (key === 'text') node.textContent = value
    else if (key === 'class') node.className = value
    else if (key.startsWith('data-')) node.setAttribute(key, value)
    else node[key] = value
  }
  for (const child of children) if (child !== undefined) node.append(child)
  return node
}

async function getJson(path) {
  const response = await fetch(path, { headers: { accept: 'application/json' } })
  const body = await response.json()
  if (!response.ok) throw new Error(body.error ?? `HTTP ${response.status}`)
  return body
}

function status(text) {
  $('#status').textContent = text
}

function skillButton(skill, extra) {
  const button = el('button', { class: 'skill', type: 'button', 'data-skill-id': skill.id },
    el('span', { class: 'id', text: skill.id }),
    skill.title && skill.title !== skill.id ? el('span', { class: 'title', text: skill.title }) : undefined,
    skill.origin ? el('span', { class: 'badge', text: skill.origin }) : undefined,
    typeof skill.tokens === 'number' ? el('span', { class: 'badge', text: `${skill.tokens} tokens` }) : undefined,
    skill.description ? el('span', { class: 'desc', text: skill.description }) : undefined,
    extra)
  if (skill.id === state.current) button.classList.add('current')
  button.addEventListener('click', () => openSkill(skill.id))
  return button
}

// "acme/billing/refunds" sits under the folders "acme" and "billing"; a skill may also be a folder.
function renderTree(skills) {
  const root = { children: new Map(), skill: undefined }
  for (const skill of skills) {
    let node = root
    for (const segment of skill.id.split('/')) {
      if (!node.children.has(segment)) node.children.set(segment, { children: new Map(), skill: undefined })
      node = node.children.get(segment)
    }
    node.skill = skill
  }
  const list = (node) => el('ul', {}, ...[...node.children].map(([name, child]) =>
    el('li', { class: child.skill ? 'leaf' : 'folder' },
      child.skill ? skillButton(child.skill) : el('span', { text: `${name}/` }),
      child.children.size > 0 ? list(child) : undefined)))
  $('#tree').replaceChildren(...list(root).children)
  $('#count').textContent = `(${skills.length})`
}

function renderDiagnostics({ skipped, warnings }) {
  const body = $('#diagnostics-body')
  if (skipped.length === 0 && warnings.length === 0) {
    body.replaceChildren(el('p', { class: 'hint', text: 'Nothing skipped, no warnings.' }))
    return
  }
  body.replaceChildren(el('ul', {},
    ...skipped.map((s) => el('li', { class: 'problem', text: `skipped ${s.kind} ${s.path}: ${s.reason}` })),
    ...warnings.map((w) => el('li', { text: `warning ${w.kind} ${w.path} (${w.id}): ${w.message}` }))))
}

async function loadCatalogue() {
  const { skills, diagnostics } = await getJson('/_ui/api/catalogue')
  state.catalogue = skills
  renderTree(skills)
  renderDiagnostics(diagnostics)
  loadLinks().catch((error) => status(String(error.message)))
}

// Every skill's links that point nowhere: read after the tree, since it reads every skill.
async function loadLinks() {
  const { checked, of, broken } = await getJson('/_ui/api/links')
  const items = broken.map((b) => el('li', { class: 'problem broken-link' },
    'broken link in ', el('a', { href: `#skill:${b.id}`, text: b.id, onclick: (event) => { event.preventDefault(); openSkill(b.id) } }),
    `: ${b.link}: ${b.reason}`))
  const note = checked < of ? el('p', { class: 'hint', text: `links checked in the first ${checked} of ${of} skills` }) : undefined
  $('#links-body').replaceChildren(items.length > 0 ? el('ul', {}, ...items) : el('p', { class: 'hint', text: 'No broken links.' }), ...(note ? [note] : []))
}

async function search(query) {
  const seq = ++state.searchSeq
  const section = $('#results')
  if (query.trim() === '') {
    section.hidden = true
    return
  }
  const { results } = await getJson(`/_ui/api/search?q=${encodeURIComponent(query)}`)
  if (seq !== state.searchSeq) return
  section.querySelector('ol').replaceChildren(...results.map((r) => el('li', {},
    skillButton({ id: r.uri.replace(/^iii:\/\//, ''), title: r.title, description: r.description },
      r.snippet ? el('span', { class: 'snippet', text: r.snippet }) : undefined))))
  if (results.length === 0) section.querySelector('ol').replaceChildren(el('li', { class: 'hint', text: 'No skill matches.' }))
  section.hidden = false
}

function renderSkill(view) {
  const reader = $('#reader')
  const outline = el('ol', { id: 'outline' }, ...view.outline.map((s) => el('li', { 'data-level': String(s.level) },
    el('button', { type: 'button', 'data-anchor': s.anchor, text: s.heading, onclick: () => scrollToAnchor(s.anchor) }),
    el('span', { class: 'badge', text: `${s.tokens} tokens` }))))
  const body = el('div', { id: 'body' })
  body.innerHTML = view.html
  const files = view.files === undefined
    ? el('p', { class: 'hint', text: 'Not a folder skill: no other files.' })
    : el('table', { id: 'files' }, el('thead', {}, el('tr', {}, el('th', { text: 'file' }), el('th', { text: 'bytes' }), el('th', { text: 'digest' }))),
      el('tbody', {}, ...view.files.map((f) => el('tr', { 'data-path': f.path },
        el('td', { text: f.path }), el('td', { text: String(f.size) }), el('td', { class: 'digest', text: f.digest })))))
  const problems = [
    ...view.warnings.map((w) => el('li', { text: `warning: ${w}` })),
    ...view.brokenLinks.map((b) => el('li', { class: 'problem broken-link', text: `broken link ${b.link}: ${b.reason}` })),
  ]
  reader.replaceChildren(
    el('h2', { class: 'title', text: view.title }),
    el('p', { class: 'meta', text: `iii://${view.id}${typeof view.tokens === 'number' ? ` · ${view.tokens} tokens` : ''}` }),
    view.description ? el('p', { class: 'description', text: view.description }) : undefined,
    el('h3', { text: 'Outline' }), outline,
    el('h3', { text: 'Problems' }), problems.length > 0 ? el('ul', { id: 'problems' }, ...problems) : el('p', { class: 'hint', text: 'No broken links or warnings.' }),
    el('h3', { text: 'Files' }), files,
    body)
  for (const button of document.querySelectorAll('button.skill')) button.classList.toggle('current', button.dataset.skillId === view.id)
}

function scrollToAnchor(anchor) {
  document.getElementById(anchor)?.scrollIntoView({ block: 'start' })
}

async function openSkill(id) {
  try {
    renderSkill(await getJson(`/_ui/api/skill?id=${encodeURIComponent(id)}`))
    if (state.current !== id) {
      state.current = id
      history.replaceState(null, '', `#skill:${id}`)
      listen()
    }
    status('')
  } catch (error) {
    status(String(error.message))
  }
}

// One event stream, watching the open skill: "catalogue" re-reads the lists (and the open skill),
// "skill" the open skill.
function listen() {
  state.events?.close()
  const events = new EventSource(`/_ui/events?watch=${encodeURIComponent(state.current ?? '')}`)
  events.addEventListener('catalogue', () => refresh(true))
  events.addEventListener('skill', () => refresh(false))
  events.addEventListener('ready', () => { document.body.dataset.live = 'true' })
  state.events = events
}

async function refresh(catalogue) {
  try {
    if (catalogue) await loadCatalogue()
    if (state.current !== undefined) renderSkill(await getJson(`/_ui/api/skill?id=${encodeURIComponent(state.current)}`))
  } catch (error) {
    status(String(error.message))
  }
}

document.addEventListener('click', (event) => {
  const link = event.target.closest?.('#body a[href^="#"]')
  if (!link) return
  const href = link.getAttribute('href')
  event.preventDefault()
  if (href.startsWith('#skill:')) {
    const [id, anchor] = href.slice('#skill:'.length).split('#')
    openSkill(decodeURIComponent(id)).then(() => anchor && scrollToAnchor(anchor))
  } else if (href.startsWith('#file:')) {
    const row = document.querySelector(`#files tr[data-path="${CSS.escape(href.slice('#file:'.length).replace(/^\.\//, ''))}"]`)
    row?.scrollIntoView({ block: 'center' })
    row?.classList.add('flash')
  } else {
    scrollToAnchor(decodeURIComponent(href.slice(1)))
  }
})

let typing
$('#search').addEventListener('input', (event) => {
  clearTimeout(typing)
  typing = setTimeout(() => search(event.target.value).catch((error) => status(String(error.message))), 120)
})

loadCatalogue()
  .then(() => {
    const wanted = location.hash.startsWith('#skill:') ? decodeURIComponent(location.hash.slice('#skill:'.length)) : undefined
    if (wanted !== undefined) return openSkill(wanted)
    listen()
  })
  .catch((error) => status(String(error.message)))
