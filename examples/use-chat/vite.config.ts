import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npx vite --config examples/use-chat/vite.config.ts` serves the example on :5173 with the API
// proxied to the service on :3000: page and API share one origin, so the session cookie goes along.
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
