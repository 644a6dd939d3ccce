import base from './playwright.config.ts';
export default {
  ...base,
  use: { ...base.use, baseURL: 'http://localhost:4391' },
  webServer: undefined,
};
