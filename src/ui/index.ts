/**
 * The face of src/ui/: the catalogue page's route, which app/mcp-front.ts loads (dynamically) only
 * when a listener serves the page, so a process without one never loads the page's modules.
 */
export { createUiRoute } from './routes.js'
