// cucumber-js configuration. TypeScript support and step files load through tsx, registered by the
// first import (register-tsx.mjs). No `paths` here: cucumber's default (features/**/*.feature)
// applies when none are given, and `cucumber-js --config features/cucumber.mjs features/x.feature`
// runs just x.
export default {
  import: ['features/register-tsx.mjs', 'features/support/**/*.ts', 'features/step_definitions/**/*.ts'],
  format: ['summary', 'progress'],
  strict: true,
}
