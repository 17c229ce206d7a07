// `npm run lint` runs this over the web app, the desktop app and the shared contract (docs/decisions/120).
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    files: ['web/src/**/*.{ts,tsx}', 'desktop/src/**/*.ts', 'shared/src/**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: { 'no-control-regex': 'error' },
    // A disable comment that suppresses nothing is an error: every one left names a rule that runs here.
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
);
