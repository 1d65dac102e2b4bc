// cucumber-js configuration: TypeScript step definitions are loaded through tsx.
export default {
  paths: ['features/**/*.feature'],
  import: ['features/support/**/*.ts', 'features/step_definitions/**/*.ts'],
  format: ['summary', 'progress'],
  strict: true,
}
