import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built into the Nest app's output (dist/dashboard), which serves it at /dashboard. In
// development, `npm run dashboard:dev` serves it with hot reload and proxies the API to :3000.
export default defineConfig({
  root: import.meta.dirname,
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: process.env.DASHBOARD_OUT_DIR ?? '../dist/dashboard',
    emptyOutDir: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000', '/files': 'http://localhost:3000' },
  },
});
