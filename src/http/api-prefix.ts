/** The API's routes are under /api; the exclusions in app.setup.ts are served beside it. */
export const API_PREFIX = 'api';
