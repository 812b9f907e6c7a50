import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server runs on its own port in development; the built app is served by it in production.
const apiServer = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': apiServer,
      '/auth': apiServer,
      '/healthz': apiServer,
      '/socket.io': { target: apiServer, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // scripts/check-bundle-budget.mjs reads it to find what each sign-in page loads before its first paint.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across deploys.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // TanStack Query only: the grids' TanStack Table and Virtual stay in the lazy pages that use them.
            { name: 'data', test: /node_modules[\\/](zod|@tanstack[\\/](query-core|react-query))[\\/]/ },
            // The sign-in forms' small pieces, one chunk rather than one each: every file a first paint loads costs an
            // import and its own compression, and the sign-in pages have little room in their budget.
            {
              name: 'sign-in-kit',
              test: /src[\\/]ui[\\/](use-live-search-params|use-document-title|form-field|email-field|password-field|submit-button|use-form-fields|field-errors|toast-context)\.tsx?$/,
            },
            // Only the admin console imports it (a lazy chunk behind the admin guard): never on the sign-in pages.
            {
              name: 'live',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
