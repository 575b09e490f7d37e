// The lint configuration and the tools it needs live in tools/lint/ (see its README.md).
export { default } from './tools/lint/eslint.config.js';
