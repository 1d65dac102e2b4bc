// Loaded first by cucumber.mjs: registers tsx's ESM hooks so the `.ts` support and step files import.
import { register } from 'tsx/esm/api'

register()
