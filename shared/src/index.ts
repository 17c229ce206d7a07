export * from './api.js';
export * from './constants.js';
export * from './digests.js';
export * from './plans.js';
export * from './preferences.js';
export * from './stats.js';
export * from './next-path.js';
